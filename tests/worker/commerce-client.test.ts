// The typed road to the backend (docs/decisions/0013-typed-road-to-the-backend.md): the same typed calls answer
// alike in process and over HTTP to COMMERCE_API_URL, and a failure arrives as {data: null, error, status}.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commerceApp } from '~/commerce/direct-api'
import { commerceClient, CommerceRequestError } from '~/commerce/client'
import { newIp, sellableSku } from './commerce-helpers'

const outside = 'https://backend.example/rest/V1'

/** Stands in for an outside backend: every request the client sends is recorded and answered by the embedded API. */
function outsideBackend() {
  const seen: { method: string; url: string; headers: Headers; body: string | null }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    const body = request.body ? await request.clone().text() : null
    seen.push({ method: request.method, url: request.url, headers: request.headers, body })
    const path = request.url.slice(outside.length)
    return commerceApp.fetch(new Request(`https://commerce.internal/commerce${path}`, request), env)
  })
  return seen
}

async function addOneToANewCart(backend: Env) {
  const ip = newIp()
  const { token } = await commerceClient(backend, { clientIp: ip }).request((api) => api.handshake.$post({ json: { store: 'en' } }))
  const { quoteId } = await commerceClient(backend, { handshake: token, clientIp: ip }).request((api) =>
    api.cart.create.$get({ query: { region: '1101' } }),
  )
  const client = commerceClient(backend, { handshake: token, quote: quoteId, clientIp: ip })
  const sku = await sellableSku()
  const added = await client.settle((api) => api.cart.add.$post({ json: { sku, qty: 1, extension_attributes: { region: 1101 } } }))
  return { client, added, sku }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the commerce client', () => {
  it('answers a typed call in process', async () => {
    const { added, sku } = await addOneToANewCart(env)
    expect(added.error).toBeNull()
    expect(added.status).toBe(200)
    expect(added.data!.item_id).toBeGreaterThan(0)
    expect(added.data!.cart.cartItems.map((line) => line.sku)).toContain(sku)
  })

  it('sends the same calls over HTTP to COMMERCE_API_URL, with the caller in headers', async () => {
    const seen = outsideBackend()
    const { added, sku } = await addOneToANewCart({ ...env, COMMERCE_API_URL: `${outside}/` })
    expect(added.data!.cart.cartItems.map((line) => line.sku)).toContain(sku)
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${outside}/handshake`,
      `GET ${outside}/cart/create?region=1101`,
      `POST ${outside}/cart/add`,
    ])
    const add = seen[2]!
    expect(add.headers.get('authorization')).toMatch(/^Bearer ./)
    expect(add.headers.get('quote')).toBeTruthy()
    expect(add.headers.get('x-forwarded-for')).toBe(add.headers.get('cf-connecting-ip'))
    expect(JSON.parse(add.body!)).toEqual({ sku, qty: 1, extension_attributes: { region: 1101 } })
  })

  it('settles a refusal as {data: null, error, status} and rejects it with request', async () => {
    const { client } = await addOneToANewCart(env)
    const refused = await client.settle((api) => api.cart.applyCoupon.$put({ json: { couponCode: 'NO-SUCH-COUPON' } }))
    expect(refused.data).toBeNull()
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.error?.message).toBeTruthy()
    await expect(client.request((api) => api.cart.applyCoupon.$put({ json: { couponCode: 'NO-SUCH-COUPON' } }))).rejects.toBeInstanceOf(
      CommerceRequestError,
    )
  })

  it('settles a backend that cannot be reached as a 500, never a throw', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('connection refused'))
    const result = await commerceClient({ ...env, COMMERCE_API_URL: outside }).settle((api) => api.handshake.$post({ json: { store: 'ar' } }))
    expect(result).toEqual({ data: null, error: { message: 'connection refused', status: 500 }, status: 500 })
  })
})
