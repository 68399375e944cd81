import { describe, expect, it } from 'vitest'
import { parseSearchPageSearch, searchPageQuery } from './search-page-params'

describe('search page params', () => {
  it('keeps what is valid and drops empty, whitespace-only and unknown values', () => {
    expect(parseSearchPageSearch({ q: 'tv', page: '2', sort: 'price_asc', brand: 'LG, ,Sony,', cities: 'all' })).toEqual({
      q: 'tv',
      page: 2,
      sort: 'price_asc',
      brand: 'LG,Sony',
      cities: 'all',
    })
    expect(parseSearchPageSearch({ q: 5, page: '0', sort: 'cheapest', brand: ' ' })).toEqual({ q: '' })
    expect(parseSearchPageSearch({ q: 'x'.repeat(300) }).q).toHaveLength(200)
  })

  it('turns the URL into the server query with defaults', () => {
    expect(searchPageQuery({ q: 'tv' })).toEqual({ q: 'tv', page: 1, sort: 'relevance', brands: [], allCities: false })
    expect(searchPageQuery({ q: 'tv', brand: 'LG,Sony', cities: 'all' })).toMatchObject({ brands: ['LG', 'Sony'], allCities: true })
  })
})
