// src/domain is shared by the browser and the Worker (docs/architecture.md, "The shared domain"): no I/O and no
// browser API, so each rule runs the same on both sides. dependency-cruiser checks its imports; this checks the rest.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const forbidden = /\b(window|document|localStorage|sessionStorage|navigator|location)\.|\bfetch\(|\bcrypto\.subtle\b|\bD1Database\b|\bKVNamespace\b/

describe('src/domain', () => {
  const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  it.each(files)('%s uses no browser API and does no I/O', (file) => {
    const code = readFileSync(new URL(file, import.meta.url), 'utf8')
      .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
      // Text is data: an inline script the Worker writes into a page is not code the domain runs.
      .replace(/`[^`]*`|'[^'\n]*'|"[^"\n]*"/g, "''")
    expect(code.match(forbidden)?.[0]).toBeUndefined()
  })
})
