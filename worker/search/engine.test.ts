import { describe, expect, it } from 'vitest'
import { highlightText, SearchIndex, type IndexRecord } from './engine'

const record = (id: number, name: string, popularity: number, brand = ''): IndexRecord => ({
  objectID: String(id),
  searchable: { name, brand },
  attributes: { brand },
  popularity,
  document: { name },
})

const base = { filters: [], facets: [], page: 0, hitsPerPage: 10, highlightPreTag: '<em>', highlightPostTag: '</em>' }

describe('SearchIndex', () => {
  const index = new SearchIndex([
    record(1, 'Samsung Galaxy S25', 10, 'Samsung'),
    record(2, 'Samsung Galaxy S25 Ultra', 50, 'Samsung'),
    record(3, 'شاشة سامسونج 55 بوصة', 5, 'سامسونج'),
    record(4, 'Sony Bravia', 99, 'Sony'),
  ])

  it('ranks equal text matches by popularity', () => {
    expect(index.search({ ...base, query: 'galaxy s25' }).hits.map((h) => h.objectID)).toEqual(['2', '1'])
  })

  it('matches a normalised Arabic query against differently written text', () => {
    expect(index.search({ ...base, query: 'شاشه' }).hits.map((h) => h.objectID)).toEqual(['3'])
  })

  it('pages through the hits', () => {
    const page = index.search({ ...base, query: '', hitsPerPage: 3, page: 1 })
    expect(page).toMatchObject({ nbHits: 4, nbPages: 2, page: 1 })
    expect(page.hits).toHaveLength(1)
  })
})

describe('highlightText', () => {
  it('wraps matched words (and words they begin) and escapes everything else', () => {
    expect(highlightText('Galaxy <S25> & more', ['gal', 's25'], '<em>', '</em>').value).toBe('<em>Galaxy</em> &lt;<em>S25</em>&gt; &amp; more')
    expect(highlightText('آيفون 17', ['ايفون'], '[', ']').value).toBe('[آيفون] 17')
  })
})
