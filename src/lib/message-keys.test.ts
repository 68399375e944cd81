// Every message is used and exists in both languages (docs/product.md, "Languages, numbers and text"): an
// unused key is dead text a translator keeps paying for; a key in one file only is a hole in the other language.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (file: string) => Object.keys(JSON.parse(readFileSync(new URL(`../../messages/${file}`, import.meta.url), 'utf8'))).filter((k) => !k.startsWith('$'))

describe('messages', () => {
  const ar = read('ar.json')
  const en = read('en.json')
  it('have the same keys in Arabic and English', () => {
    expect(ar.filter((k) => !en.includes(k))).toEqual([])
    expect(en.filter((k) => !ar.includes(k))).toEqual([])
  })
  it('are each used by the code', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'worker'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('src/paraglide/') && !f.endsWith('.test.ts'))
    const code = files.map((f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8')).join('\n')
    expect(en.filter((key) => !new RegExp(`\\b${key}\\b`).test(code))).toEqual([])
  })
})
