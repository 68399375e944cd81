import { describe, expect, it } from 'vitest'
import { replaceInPlace } from './page-cache'

describe('replaceInPlace', () => {
  it('writes the fresh nonce over every occurrence of the stored one, and nothing else', () => {
    const page = new TextEncoder().encode('<script nonce="AAAA">x</script><link nonce="AAAA">{nonce:"AAAA"} AAA')
    replaceInPlace(page, 'AAAA', 'b+/9')
    expect(new TextDecoder().decode(page)).toBe('<script nonce="b+/9">x</script><link nonce="b+/9">{nonce:"b+/9"} AAA')
  })

  it('refuses a nonce of another length rather than corrupt the page', () => {
    expect(() => replaceInPlace(new Uint8Array(4), 'AAAA', 'BBBBB')).toThrow()
  })
})
