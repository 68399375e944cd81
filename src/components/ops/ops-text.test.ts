// Every action the server writes to the audit trail has its words in the activity log (and in its filter): a new
// action without them would show as its code, in English, on the Arabic console.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { auditActions } from './ops-text'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the activity log`s words', () => {
  it('name every action the server writes', () => {
    const written = new Set<string>()
    for (const file of sources(new URL('../../../worker', import.meta.url).pathname)) {
      const text = readFileSync(file, 'utf8')
      // auditOf(c, 'x.y' ...) in the console's API, and { action: 'x.y' } where an entry is built by hand.
      for (const [, action] of text.matchAll(/auditOf\(\s*c,\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)) written.add(action!)
      for (const [, action] of text.matchAll(/\baction: '([a-z_]+(?:\.[a-z_]+)+)'/g)) written.add(action!)
    }
    expect(written.size).toBeGreaterThan(8)
    expect([...written].filter((action) => !auditActions.includes(action))).toEqual([])
  })
})
