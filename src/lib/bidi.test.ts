import { describe, expect, it } from 'vitest'
import { isolated } from './bidi'

describe('isolated', () => {
  it('wraps the text in a first-strong isolate and its closing mark', () => {
    expect(isolated('GIFT-3HWD-6TNB')).toBe('\u2068GIFT-3HWD-6TNB\u2069')
    expect([...isolated('A')]).toHaveLength(3)
  })
})
