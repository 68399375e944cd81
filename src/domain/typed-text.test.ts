import { describe, expect, it } from 'vitest'
import { isPersonName, isReadableText } from './typed-text'

describe('isReadableText', () => {
  it('takes words in either script, with the marks Arabic keyboards type', () => {
    for (const text of ['سارة القحطاني', 'Sara Al-Qahtani', 'حي\u200Fالنرجس', 'Building 8228', '']) expect(isReadableText(text)).toBe(true)
  })

  it('refuses direction overrides, embeddings and isolates, and text of invisible characters only', () => {
    for (const text of ['Sara \u202Egnp.exe', '\u2067Narjis\u2069', '\u202Bx', '\u200B\u200B\u200B', '\u200F\u200F', ' \u200D ']) {
      expect([text, isReadableText(text)]).toEqual([text, false])
    }
  })
})

describe('isPersonName', () => {
  it("takes people's names in either script, with initials, hyphens, apostrophes and tashkeel", () => {
    for (const name of ['سارة القحطاني', 'Sara Al-Qahtani', "D'Souza", 'A. Al-Harbi', 'عبدُالله', 'O’Brien', 'Zoë Ørsted']) {
      expect([name, isPersonName(name)]).toEqual([name, true])
    }
  })

  it('refuses links, web addresses, markup, digits, line breaks and invisible characters', () => {
    for (const name of [
      'Your refund is waiting: https://evil.example/claim (Support)',
      'visit evil.example now',
      'Sara <b>Ali</b>',
      'Sara\r\nBcc',
      'Sa\u200Bra',
      'Sara \u202Egnp',
      'Sara 2',
      'sara@example.com',
      '...',
    ]) {
      expect([name, isPersonName(name)]).toEqual([name, false])
    }
  })
})
