import { describe, expect, it } from 'vitest'
import { isReadableText } from './typed-text'

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
