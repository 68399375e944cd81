import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { crons } from './crons'

describe('the scheduled runs', () => {
  it('are the crons wrangler.toml asks Cloudflare for, no more and no fewer', () => {
    const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8')
    const listed = JSON.parse(/^crons = (\[.*\])$/m.exec(toml)![1]!) as string[]
    expect(listed.sort()).toEqual(Object.values(crons).sort())
  })
})
