import { describe, expect, it } from 'vitest'
import { parseViewed, rememberViewed, type ViewedProduct, viewedToShow } from './recently-viewed'

const item = (sku: string, names: ViewedProduct['names'] = { ar: `ar ${sku}` }): ViewedProduct => ({
  sku,
  rewriteUrl: sku,
  names,
  price: 100,
  image: null,
})

describe('recently viewed', () => {
  it('puts the product viewed first, once, and keeps at most max', () => {
    const list = [item('a'), item('b'), item('c')]
    expect(rememberViewed(list, item('c'), 3).map((i) => i.sku)).toEqual(['c', 'a', 'b'])
    expect(rememberViewed(list, item('d'), 3).map((i) => i.sku)).toEqual(['d', 'a', 'b'])
  })
  it('keeps the name in the other language from an earlier view', () => {
    const [first] = rememberViewed([item('a', { ar: 'هاتف' })], { ...item('a', { en: 'Phone' }), price: 90 }, 5)
    expect(first?.names).toEqual({ ar: 'هاتف', en: 'Phone' })
    expect(first?.price).toBe(90)
  })
  it('shows every product but the one on screen, named in the page language or else the other', () => {
    const list = [item('a', { ar: 'هاتف', en: 'Phone' }), item('b', { ar: 'حاسوب' }), item('c')]
    expect(viewedToShow(list, 'en', 'c').map((i) => i.name)).toEqual(['Phone', 'حاسوب'])
  })
  it('reads anything else from storage as an empty list or drops the bad entries', () => {
    expect(parseViewed('x')).toEqual([])
    expect(parseViewed([item('a'), { sku: 1 }, null])).toEqual([item('a')])
  })
})
