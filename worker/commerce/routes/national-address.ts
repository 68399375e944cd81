/**
 * `GET /national-address/{shortAddress}` (ours; docs/product.md, "Checkout" and "Calls"): the address Saudi Post
 * keeps for a short address, in the caller's language, for checkout to fill in and show before the order is placed.
 * Each lookup costs the store one of its SPL calls, so it is limited per client address and per cart
 * (serverLimits.nationalAddress), counted before SPL is asked. SPL down or slow answers `unavailable`: checkout goes
 * on with the address typed by hand.
 */
import { Hono } from 'hono'
import { serverLimits } from '../../../config/server-limits'
import { shortAddressOf } from '../../../src/domain/checkout'
import { limiterFor } from '../../durable-objects/limiter'
import { clientIp } from '../../http/client-ip'
import { lookUpShortAddress } from '../address-check'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'

const { nationalAddress: limits } = serverLimits

export const nationalAddressRoutes = new Hono<CommerceEnv>().get('/national-address/:shortAddress', async (c) => {
  const shortAddress = shortAddressOf(c.req.param('shortAddress'))
  if (!shortAddress) throw new CommerceError(400, 'checkout_invalid', { field: 'shortAddress' }, ['shortAddress'])
  const ip = clientIp((name) => c.req.header(name))
  const [perAddress, perCart] = await Promise.all([
    limiterFor(c.env, `national-address-ip:${ip}`).hit(limits.lookupsPerIpPerHour, 3600),
    limiterFor(c.env, `national-address-quote:${c.req.header('quote') ?? c.get('customer')?.id ?? ip}`).hit(limits.lookupsPerCartPerHour, 3600),
  ])
  if (!perAddress.allowed || !perCart.allowed) {
    const minutes = Math.ceil(Math.max(perAddress.retryAfterSeconds, perCart.retryAfterSeconds) / 60)
    throw new CommerceError(429, 'lookup_rate_limited', { minutes })
  }
  const result = await lookUpShortAddress(c.env, shortAddress, c.get('locale'))
  if (result.status === 'not_found') throw new CommerceError(404, 'short_address_not_found', {}, ['shortAddress'])
  if (result.status === 'unavailable') return c.json({ status: 'unavailable' as const, address: null })
  return c.json({ status: 'found' as const, address: { ...result.address, shortAddress } })
})
