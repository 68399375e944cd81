// The frame's proxy routes (docs/product.md, "Calls") over HTTP, against the seeded D1 and a real KV.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { cacheKey } from '~/storage/kv-cache'

const url = (path: string) => `https://matjar.test${path}`
const getJson = async (path: string, init?: RequestInit) => {
  const response = await SELF.fetch(url(path), init)
  return { response, body: (await response.json()) as any }
}

describe('GET /api/category/tree', () => {
  it('answers data.data with children_data in the asked language', async () => {
    const ar = await getJson('/api/category/tree?lang=ar')
    expect(ar.response.status).toBe(200)
    const mobiles = ar.body.data.children_data.find((c: any) => c.url_key === 'mobiles')
    expect(mobiles.name).toBe('الجوالات والأجهزة اللوحية')
    expect(mobiles.children_data.map((c: any) => c.url_key)).toContain('smartphones')
    expect(mobiles.product_count).toBeGreaterThan(0)
    const en = await getJson('/api/category/tree?lang=en')
    expect(en.body.data.children_data.find((c: any) => c.url_key === 'mobiles').name).toBe('Mobiles & Tablets')
  })

  it('fills KV on a miss and serves the cached copy afterwards', async () => {
    await env.CACHE.delete(cacheKey('category-tree', 'en'))
    await getJson('/api/category/tree?lang=en')
    const cached = await env.CACHE.get(cacheKey('category-tree', 'en'), 'json')
    expect(cached).toMatchObject({ children_data: expect.any(Array) })
    // A changed cached copy is what the next request returns: it did not read D1.
    await env.CACHE.put(cacheKey('category-tree', 'en'), JSON.stringify({ children_data: [], marker: true }))
    const again = await getJson('/api/category/tree?lang=en')
    expect(again.body.data.marker).toBe(true)
    await env.CACHE.delete(cacheKey('category-tree', 'en'))
  })

  it.each(['', '?lang=fr', '?lang=', '?lang=AR', "?lang=ar'--"])('rejects %j with a clear 400', async (query) => {
    const { response, body } = await getJson(`/api/category/tree${query}`)
    expect(response.status).toBe(400)
    expect(body.error).toMatchObject({ status: 400, code: 'bad_request' })
    expect(body.error.message).toMatch(/البيانات المرسلة غير صالحة/)
    expect(body.error.issues.join(' ')).toMatch(/lang/)
  })

  it('words the error in English for an English shopper', async () => {
    const { body } = await getJson('/api/category/tree?lang=fr', { headers: { cookie: 'NEXT_LOCALE=en' } })
    expect(body.error.message).toBe('The request is not valid. Check the data sent.')
  })
})

describe('GET /api/getRegions', () => {
  it('lists the placeholder first, then the cities in the ordering map', async () => {
    const { response, body } = await getJson('/api/getRegions?lang=en')
    expect(response.status).toBe(200)
    expect(body.data[0]).toEqual({ label: 'Select city', value: '' })
    expect(body.data.slice(1).map((r: any) => r.value)).toEqual([
      '1101',
      '1102',
      '1103',
      '1104',
      '1105',
      '1106',
      '1109',
      '1110',
      '1111',
      '1112',
      '1113',
      '1114',
      '1115',
      '1116',
    ])
    const ar = await getJson('/api/getRegions?lang=ar')
    expect(ar.body.data[1]).toEqual({ label: 'الرياض', value: '1101' })
  })
  it('rejects a missing language', async () => {
    expect((await SELF.fetch(url('/api/getRegions'))).status).toBe(400)
  })
})

describe('GET /api/getHomeJson', () => {
  it('returns a list whose first item has the fast-delivery region ids and the popup banner', async () => {
    const { response, body } = await getJson('/api/getHomeJson?locale=ar')
    expect(response.status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
    expect(body[0]['fast-delivery-region-ids']).toEqual(expect.arrayContaining([1101]))
    expect(body[0]['popup-banner']).toMatchObject({ 'img-en': expect.any(String), 'img-ar': expect.any(String) })
    expect(body[0].campaign).toMatchObject({ opens_at: expect.any(String), closes_at: expect.any(String) })
  })
  it('rejects an unknown locale', async () => {
    expect((await SELF.fetch(url('/api/getHomeJson?locale=de'))).status).toBe(400)
  })
})

describe('POST /api/header/getAllCityDeliveryDate', () => {
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    SELF.fetch(url('/api/header/getAllCityDeliveryDate'), { method: 'POST', headers, body })

  it('gives the city delivery dates as AvailableDates {Date, Day}', async () => {
    for (const cityId of [1104, '1104']) {
      const response = await post(JSON.stringify({ cityId }))
      expect(response.status).toBe(200)
      const body = (await response.json()) as any
      expect(body.AvailableDates).toHaveLength(3)
      expect(body.AvailableDates[0]).toEqual({ Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), Day: expect.any(String) })
    }
  })

  it.each([
    ['a non-numeric city', JSON.stringify({ cityId: 'riyadh' })],
    ['a 3-digit city', JSON.stringify({ cityId: 110 })],
    ['a fractional city', JSON.stringify({ cityId: 1101.5 })],
    ['no city', JSON.stringify({})],
    ['an injection string', JSON.stringify({ cityId: "1101' OR 1=1 --" })],
    ['malformed JSON', '{"cityId": '],
    ['an empty body', ''],
  ])('rejects %s with a 400', async (_, body) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).error.code).toBe('bad_request')
  })

  it("refuses a well-formed city that is not one of the store's regions, as bad input", async () => {
    // The region rule is one schema for every door (src/domain/schemas.ts): 4 digits and a known city.
    expect((await post(JSON.stringify({ cityId: 9999 }))).status).toBe(400)
  })

  it('refuses a body over 1 MB with a 413', async () => {
    const response = await post(JSON.stringify({ cityId: 1101, pad: 'x'.repeat(1024 * 1024 + 10) }))
    expect(response.status).toBe(413)
    expect(((await response.json()) as any).error.code).toBe('payload_too_large')
  })
})

describe('GET /api/footer', () => {
  it('returns the footer for the language', async () => {
    const { response, body } = await getJson('/api/footer?lang=en')
    expect(response.status).toBe(200)
    expect(body.data.columns.length).toBeGreaterThan(0)
    expect(body.data.payment_methods).toContain('mada')
  })
})

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const { response, body } = await getJson('/api/no-such-thing')
    expect(response.status).toBe(404)
    expect(body.error.code).toBe('not_found')
  })
})
