import { describe, expect, it } from 'vitest'
import { pageStart } from './paging'

describe('a page start in the address', () => {
  it('is a positive whole id, as a number or its digits', () => {
    expect(pageStart(42)).toBe(42)
    expect(pageStart('1200')).toBe(1200)
  })
  it('is no page start when it is anything else', () => {
    for (const value of [0, -3, 1.5, '', '12a', '1e3', ' 7', '9999999999999', null, undefined, {}, Number.MAX_SAFE_INTEGER + 2])
      expect(pageStart(value)).toBeUndefined()
  })
})
