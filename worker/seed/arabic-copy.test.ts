/**
 * One Arabic orthography for every text a shopper reads (issue 42, item 6; docs/product.md, "Languages, numbers and
 * text"): each entry of messages/ar.json and each Arabic text the demo catalogue and content generate. What a careful
 * Saudi copy editor would mark: the tanween written on the letter before the alef (شكرًا, not شكراً: one spelling, not
 * two), Arabic quotation marks (« »), the Arabic question mark and semicolon, one ellipsis character, Western digits.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { regions } from '../storage/region-rows'
import { blogPosts, footerContent, homeContent, showrooms, staticPages } from './content'
import { generateCatalogue } from './demo-catalogue'

const arabicLetter = /[\u0621-\u064A]/

/** What breaks the store's Arabic orthography in one text, as short names; none for a text that keeps it. */
function orthographyProblems(text: string): string[] {
  const problems: string[] = []
  if (/\u0627\u064B/.test(text)) problems.push('tanween after the alef (اً, write ًا)')
  if (/["\u201C\u201D]/.test(text)) problems.push('English quotation marks (write « »)')
  if (/\?/.test(text)) problems.push('Latin question mark (write ؟)')
  if (/;/.test(text)) problems.push('Latin semicolon (write ؛)')
  if (/\.\.\./.test(text)) problems.push('three full stops (write …)')
  if (/[\u0660-\u0669\u06F0-\u06F9]/.test(text)) problems.push('Arabic-Indic digits (the store writes Western digits)')
  return problems
}

/** Every Arabic string inside a value: rows, arrays, objects and the JSON the catalogue keeps in text columns. */
function arabicTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^[[{]/.test(value)) {
      try {
        return arabicTexts(JSON.parse(value), out)
      } catch {
        // Not JSON after all: a text.
      }
    }
    if (arabicLetter.test(value)) out.push(value)
  } else if (Array.isArray(value)) value.forEach((v) => arabicTexts(v, out))
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => arabicTexts(v, out))
  return out
}

const report = (texts: string[]) => [...new Set(texts)].flatMap((text) => orthographyProblems(text).map((problem) => `${problem}: ${text}`))

describe('Arabic orthography', () => {
  it('knows what it looks for', () => {
    expect(orthographyProblems('شكراً لك! "نعم"... هل تقصد? نعم; ٣')).toHaveLength(6)
    expect(orthographyProblems('شكرًا لك! «نعم»… هل تقصد؟ 3')).toEqual([])
  })

  it('holds in every Arabic message', () => {
    const messages: Record<string, unknown> = JSON.parse(readFileSync(new URL('../../messages/ar.json', import.meta.url), 'utf8'))
    const { $schema: _, ...entries } = messages
    expect(report(arabicTexts(entries))).toEqual([])
  })

  it('holds in the demo catalogue and the seeded content', () => {
    const catalogue = generateCatalogue()
    const content = [homeContent('ar'), footerContent('ar'), staticPages, showrooms, blogPosts, regions]
    expect(report(arabicTexts([catalogue, content]))).toEqual([])
  })
})
