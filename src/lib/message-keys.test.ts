// Every message is used and exists in both languages (docs/product.md, "Languages, numbers and text"): an
// unused key is dead text a translator keeps paying for; a key in one file only is a hole in the other language.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const messages = (file: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../../messages/${file}`, import.meta.url), 'utf8'))
const read = (file: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(`../../messages/${file}`, import.meta.url), 'utf8'))).filter((k) => !k.startsWith('$'))

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
  it('in Arabic are Arabic: no value is English only', () => {
    // The language toggle names English in English, on purpose: it is the language a reader is looking for.
    const englishOnPurpose = ['header_language_switch', 'header_language_switch_label']
    const englishOnly = Object.entries(messages('ar.json'))
      .filter(([key]) => !key.startsWith('$') && !englishOnPurpose.includes(key))
      .filter(([, value]) => {
        const text = JSON.stringify(value).replace(/\{[^}]*\}/g, '')
        return /[A-Za-z]{3,}/.test(text) && !/[\u0600-\u06FF]/.test(text)
      })
      .map(([key]) => key)
    expect(englishOnly).toEqual([])
  })
  it("on a button that names its product start with the button's own words (WCAG 2.5.3, label in name)", () => {
    for (const file of ['ar.json', 'en.json']) {
      const all = messages(file) as Record<string, string>
      for (const key of ['product_add_to_cart', 'product_choose_options', 'product_preorder']) {
        expect(all[`${key}_label`], `${file} ${key}_label`).toMatch(new RegExp(`^${all[key]}`))
      }
    }
  })

  it("that count something choose their words by the language's plural forms (Arabic: zero, one, two, few, many, other)", () => {
    // A count that stands alone, as a position or a number in brackets, needs no noun to agree with.
    const bareNumbers = ['home_banner_slide', 'home_banner_show', 'product_gallery_picture', 'compare_bar', 'ops_product_low_stock_hint']
    const forms = { 'ar.json': ['zero', 'one', 'two', 'few', 'many', 'other'], 'en.json': ['one', 'other'] }
    for (const [file, needed] of Object.entries(forms)) {
      const unplural = Object.entries(messages(file))
        .filter(([key, value]) => !key.startsWith('$') && !bareNumbers.includes(key) && JSON.stringify(value).includes('{count}'))
        .filter(([, value]) => {
          const match = Array.isArray(value) ? (value[0] as { match?: Record<string, string> }).match : undefined
          const chosen = Object.keys(match ?? {}).map((k) => k.replace(/^countPlural=/, ''))
          return !needed.every((form) => chosen.includes(form))
        })
        .map(([key]) => key)
      expect(unplural, file).toEqual([])
    }
  })
})
