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

describe('reading the query as a shopper meant it', () => {
  const index = new SearchIndex([
    record(1, 'Apple iPhone 17 Pro 256GB', 10, 'Apple'),
    record(2, 'Philips Airfryer XXL', 10, 'Philips'),
    record(3, 'لابتوب لينوفو ثينك باد', 10, 'لينوفو'),
    record(4, 'ثلاجة ال جي إنستا فيو', 10, 'ال جي'),
    record(5, 'Samsung Galaxy S25', 10, 'Samsung'),
    record(6, 'Bose SoundLink Max', 10, 'Bose'),
  ])
  const ids = (query: string) => index.search({ ...base, query }).hits.map((h) => h.objectID)

  it('drops words from the end until something matches, and says which', () => {
    const answer = index.search({ ...base, query: 'iPhone 17 Pro Max' })
    expect(answer.hits.map((h) => h.objectID)).toEqual(['1'])
    expect(answer.queryAfterRemoval).toBe('iPhone 17 Pro <em>Max</em>')
    expect(index.search({ ...base, query: 'iphone 17' }).queryAfterRemoval).toBeUndefined()
  })

  it('reads two words as one and one word as two', () => {
    expect(ids('لاب توب')).toEqual(['3'])
    expect(ids('air fryer xxl')).toEqual(['2'])
    expect(ids('airfryer')).toEqual(['2'])
    expect(ids('galaxys25')).toEqual(['5'])
    expect(ids('iphone17')).toEqual(['1'])
  })

  it('finds the same products for a word joined and split, whichever way each product spells it (issue 42)', () => {
    const fryers = new SearchIndex([
      record(1, 'Philips Airfryer XXL', 10, 'Philips'),
      record(2, 'Tefal Easy Fry Air Fryer', 10, 'Tefal'),
      record(3, 'Ninja Air Fryer Max', 10, 'Ninja'),
    ])
    const found = (query: string) =>
      fryers
        .search({ ...base, query })
        .hits.map((h) => h.objectID)
        .sort()
    expect(found('airfryer')).toEqual(['1', '2', '3'])
    expect(found('air fryer')).toEqual(['1', '2', '3'])
  })

  it('matches the other number of a word and a swap of two letters', () => {
    expect(ids('ثلاجات')).toEqual(['4'])
    expect(ids('samsnug')).toEqual(['5'])
    // Under 4 letters no typo is allowed: "bsoe" is one swap from bose, "sny" nothing.
    expect(ids('bsoe')).toEqual(['6'])
    expect(ids('sny')).toEqual([])
  })
})

describe('model numbers', () => {
  const index = new SearchIndex([
    record(1, 'Galaxy Tab S250 Ultra', 99),
    record(2, 'Galaxy S25', 1),
    record(3, 'Neo QLED QN900', 99),
    record(4, 'Neo QLED QN90', 1),
  ])

  it('rank the exact model above a longer one it begins, whatever their popularity', () => {
    expect(index.search({ ...base, query: 's25' }).hits.map((h) => h.objectID)).toEqual(['2', '1'])
    expect(index.search({ ...base, query: 'qn90' }).hits.map((h) => h.objectID)).toEqual(['4', '3'])
  })
})

describe('optional filters', () => {
  const stocked = (id: number, name: string, popularity: number, regions: number[]): IndexRecord => ({
    ...record(id, name, popularity),
    attributes: { stock_region_ids: regions },
  })
  const index = new SearchIndex([stocked(1, 'LG OLED TV', 90, [1102]), stocked(2, 'LG OLED TV', 10, [1101]), stocked(3, 'LG Monitor', 99, [1101])])

  it('put the products in stock in the chosen city first among equally good matches, and drop none', () => {
    const ranked = index.search({ ...base, query: 'lg oled', optionalFilters: [[{ attribute: 'stock_region_ids', value: '1101' }]] })
    expect(ranked.hits.map((h) => h.objectID)).toEqual(['2', '1'])
    expect(index.search({ ...base, query: 'lg oled' }).hits.map((h) => h.objectID)).toEqual(['1', '2'])
  })
})

describe('highlightText', () => {
  it('wraps matched words (and words they begin) and escapes everything else', () => {
    expect(highlightText('Galaxy <S25> & more', ['gal', 's25'], '<em>', '</em>').value).toBe('<em>Galaxy</em> &lt;<em>S25</em>&gt; &amp; more')
    expect(highlightText('آيفون 17', ['ايفون'], '[', ']').value).toBe('[آيفون] 17')
  })
})

describe('a packed snapshot (what KV keeps)', () => {
  const records = [
    { ...record(1, 'Samsung Galaxy S25', 10, 'Samsung'), attributes: { brand: 'Samsung', stock_region_ids: [1101, 1102] } },
    { ...record(2, 'Samsung Galaxy S25 Ultra', 50, 'Samsung'), attributes: { brand: 'Samsung', stock_region_ids: [1102] } },
    { ...record(3, 'شاشة سامسونج 55 بوصة', 5, 'سامسونج'), attributes: { brand: 'سامسونج', stock_region_ids: [] } },
  ]

  it('answers as the index it was made from, with or without the documents kept', () => {
    for (const built of [
      new SearchIndex(records),
      new SearchIndex(
        records.map(({ document: _, ...r }) => r),
        { keepDocuments: false },
      ),
    ]) {
      const loaded = SearchIndex.fromSnapshot(built.toSnapshot())!
      for (const query of ['galaxy', 'سامسونج', 'samsnug', '', 'gal s25']) {
        const q = { ...base, query, facets: ['brand'], filters: [[{ attribute: 'stock_region_ids', value: '1102' }]] }
        expect(loaded.rankPage(q)).toEqual(built.rankPage(q))
      }
      expect(loaded.keepsDocuments).toBe(built.keepsDocuments)
    }
  })

  it("keeps the names of an index without documents, so a hit's highlighted name needs no trip to D1", () => {
    const built = new SearchIndex(
      records.map(({ document: _, ...r }) => r),
      { keepDocuments: false },
    )
    const loaded = SearchIndex.fromSnapshot(built.toSnapshot())!
    for (const index of [built, loaded]) {
      expect(index.holdsNames).toBe(true)
      const q = { ...base, query: 'samsnug ultra', attributesToRetrieve: ['objectID'] }
      const ranked = index.rankPage(q)
      const [best] = index.answerWith(
        ranked,
        q,
        ranked.hits.map(() => ({})),
      ).hits
      expect(best).toMatchObject({ objectID: '2', _highlightResult: { name: { value: '<em>Samsung</em> Galaxy S25 <em>Ultra</em>' } } })
      expect(Object.keys(best!)).toEqual(['objectID', '_highlightResult'])
    }
    expect(new SearchIndex(records).holdsNames).toBe(false)
  })

  it('is refused when cut short or of another format, so the index is built again', () => {
    const packed = new SearchIndex(records).toSnapshot()
    expect(SearchIndex.fromSnapshot(packed.slice(0, packed.byteLength / 2))).toBeNull()
    expect(SearchIndex.fromSnapshot(new ArrayBuffer(16))).toBeNull()
  })
})
