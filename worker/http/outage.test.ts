import { describe, expect, it } from 'vitest'
import { isRetryableObjectError, isStorageOutage, unavailableWhileStorageIsDown } from './outage'

// The messages Cloudflare documents for D1, KV and Durable Object failures a retry can get past
// (docs/architecture.md, "Faults"), as the bindings put them in the error.
const outages = [
  'D1_ERROR: Network connection lost.',
  'D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.',
  'D1_ERROR: D1 DB is overloaded. Requests queued for too long.',
  'D1_ERROR: D1 DB reset because its code was updated.',
  'D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.',
  'KV GET failed: 503 Service Unavailable',
  'KV PUT failed: 429 Too Many Requests',
  'Durable Object reset because its code was updated.',
  'Durable Object is overloaded. Too many requests queued.',
  'Internal error in Durable Object storage caused object to be reset.',
]

describe('a storage outage', () => {
  it.each(outages)('is "%s"', (message) => {
    expect(isStorageOutage(new Error(message))).toBe(true)
  })

  it('is not a statement the code got wrong, whatever the binding calls it', () => {
    for (const message of [
      'D1_TYPE_ERROR: Type object is not supported',
      'D1_ERROR: no such column: qty2',
      'D1_ERROR: near "SELEC": syntax error: SQLITE_ERROR',
    ])
      expect(isStorageOutage(new Error(message))).toBe(false)
    expect(isStorageOutage('D1_ERROR: a string, not an error')).toBe(false)
  })
})

describe('a Durable Object error worth a second try on a new stub', () => {
  it('is one Cloudflare marks retryable, unless the object is overloaded', () => {
    const error = (flags: object) => Object.assign(new Error('Durable Object reset because its code was updated.'), flags)
    expect(isRetryableObjectError(error({ retryable: true }))).toBe(true)
    expect(isRetryableObjectError(error({ retryable: true, overloaded: true }))).toBe(false)
    expect(isRetryableObjectError(error({}))).toBe(false)
    expect(isRetryableObjectError({ retryable: true })).toBe(false)
  })
})

describe('a page that failed to render', () => {
  /** A D1 whose one statement answers, or fails with the given message; counts the questions asked. */
  const d1 = (failure?: string) => {
    const asked = { count: 0 }
    const statement = {
      first: () => {
        asked.count += 1
        return failure ? Promise.reject(new Error(failure)) : Promise.resolve({ 1: 1 })
      },
    }
    return { asked, db: { prepare: () => statement } as unknown as D1Database }
  }
  const errorPage = () => new Response('<h1>Sorry</h1>', { status: 500, headers: { 'content-type': 'text/html', 'cache-control': 'private' } })

  it('is a 503 with Retry-After, kept by no cache, while D1 is down, its page unchanged', async () => {
    const { db } = d1('D1_ERROR: Network connection lost.')
    const response = await unavailableWhileStorageIsDown(errorPage(), db)
    expect([response.status, response.headers.get('retry-after'), response.headers.get('cache-control')]).toEqual([503, '5', 'no-store'])
    expect(await response.text()).toBe('<h1>Sorry</h1>')
  })

  it('stays a 500 while D1 answers, or fails the way a bug does', async () => {
    expect((await unavailableWhileStorageIsDown(errorPage(), d1().db)).status).toBe(500)
    expect((await unavailableWhileStorageIsDown(errorPage(), d1('D1_ERROR: no such table: products').db)).status).toBe(500)
  })

  it('is the only page D1 is asked about: one that rendered, or was not found, costs nothing more', async () => {
    const { asked, db } = d1('D1_ERROR: Network connection lost.')
    for (const status of [200, 304, 404]) expect((await unavailableWhileStorageIsDown(new Response(null, { status }), db)).status).toBe(status)
    expect(asked.count).toBe(0)
  })
})
