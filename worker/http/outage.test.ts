import { describe, expect, it } from 'vitest'
import { isRetryableObjectError, isStorageOutage } from './outage'

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
