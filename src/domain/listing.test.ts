import { describe, expect, it } from 'vitest'
import { brandSlug, listingQuery, parseListingSearch, parsePage } from './listing'

describe('page search param', () => {
  it('reads a page number typed in Arabic-Indic digits', () => {
    expect(parsePage('٣')).toBe(3)
  })

  it('accepts whole pages from 1 to the limit', () => {
    expect(parsePage('3')).toBe(3)
    expect(parsePage(7)).toBe(7)
    expect(parsePage(1000)).toBe(1000)
  })
  it('moves a number to the nearest page there can be', () => {
    expect([parsePage('0'), parsePage('-1'), parsePage('1.5'), parsePage(2.5), parsePage(1001), parsePage('99999')]).toEqual([1, 1, 1, 2, 1000, 1000])
  })
  it('drops what is no number', () => {
    for (const bad of ['abc', '', '1e5', null, undefined, {}, Number.NaN]) expect(parsePage(bad)).toBeUndefined()
  })
})

describe('listing search params', () => {
  it('keeps valid filters and drops the defaults', () => {
    expect(
      parseListingSearch({
        page: '2',
        sort: 'price_asc',
        brand: 'samsung,apple',
        price_min: '100',
        price_max: '900',
        in_stock: '1',
        city: 1,
        delivery: 'fast',
      }),
    ).toEqual({
      page: 2,
      sort: 'price_asc',
      brand: 'samsung,apple',
      price_min: 100,
      price_max: 900,
      in_stock: 1,
      city: 1,
      delivery: 'fast',
    })
    expect(parseListingSearch({ page: '1', sort: 'popular', price_min: '0' })).toEqual({})
  })

  it('drops empty, whitespace-only, duplicate and unknown values (docs/product.md, "Validation")', () => {
    expect(parseListingSearch({ brand: ' , samsung,,  ,samsung, ' })).toEqual({ brand: 'samsung' })
    expect(parseListingSearch({ brand: '   ' })).toEqual({})
    expect(parseListingSearch({ brand: "x'); DROP TABLE products;--" })).toEqual({})
    expect(parseListingSearch({ delivery: 'fast,teleport, ' })).toEqual({ delivery: 'fast' })
    expect(parseListingSearch({ sort: 'random', in_stock: '0', city: 'yes' })).toEqual({})
  })

  it('accepts only whole SAR amounts in order', () => {
    expect(parseListingSearch({ price_min: '-5', price_max: '1e9' })).toEqual({})
    expect(parseListingSearch({ price_min: '500', price_max: '100' })).toEqual({ price_min: 500 })
    expect(parseListingSearch({ price_max: '١٠٠' })).toEqual({})
  })

  it('decodes into the query the server takes', () => {
    expect(listingQuery({ brand: 'a,b', delivery: 'fast' })).toEqual({
      page: 1,
      sort: 'popular',
      brands: ['a', 'b'],
      priceMin: null,
      priceMax: null,
      inStock: false,
      city: false,
      delivery: ['fast'],
    })
  })

  it('makes brand keys from English names', () => {
    expect(brandSlug('Bang & Olufsen')).toBe('bang-olufsen')
    expect(brandSlug('LG')).toBe('lg')
  })
})
