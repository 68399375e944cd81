import { describe, expect, it } from 'vitest'
import { parsePage } from './search-params'

describe('page search param', () => {
  it('accepts whole pages from 1 to the limit', () => {
    expect(parsePage('3')).toBe(3)
    expect(parsePage(7)).toBe(7)
    expect(parsePage(1000)).toBe(1000)
  })
  it('drops anything else', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '', '١', 1001, 2.5, null, undefined, {}]) expect(parsePage(bad)).toBeUndefined()
  })
})
