import { describe, expect, it } from 'vitest'
import { parseFacetFilters, parseFilters } from './filters'

describe('parseFilters', () => {
  it('reads facet and numeric clauses joined by AND, with OR groups in parentheses', () => {
    expect(parseFilters('stock_region_ids=1101 AND (brand:Apple OR brand:"LG Electronics")')).toEqual([
      [{ attribute: 'stock_region_ids', value: '1101' }],
      [
        { attribute: 'brand', value: 'Apple' },
        { attribute: 'brand', value: 'LG Electronics' },
      ],
    ])
    expect(parseFilters('  ')).toEqual([])
  })

  it('refuses what it does not understand, naming it', () => {
    expect(parseFilters('price > 5')).toEqual({ error: 'filters: cannot read "price > 5"' })
    expect(parseFilters("brand:Apple' OR 1=1 --")).toHaveProperty('error')
  })
})

describe('parseFacetFilters', () => {
  it('reads strings and OR arrays, dropping empty and whitespace-only values (docs/product.md, "Validation")', () => {
    expect(parseFacetFilters(['brand:Apple', ['category:TVs', 'category: ']])).toEqual([
      [{ attribute: 'brand', value: 'Apple' }],
      [{ attribute: 'category', value: 'TVs' }],
    ])
    expect(parseFacetFilters(['brand:  '])).toEqual([])
    expect(parseFacetFilters('brand:LG')).toEqual([[{ attribute: 'brand', value: 'LG' }]])
  })

  it('refuses entries without an attribute', () => {
    expect(parseFacetFilters([':Apple'])).toHaveProperty('error')
    expect(parseFacetFilters([1])).toHaveProperty('error')
  })
})
