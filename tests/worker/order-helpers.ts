/** Orders in given states for the tests of what happens after placing: paid, cash on delivery, a customer's own. */
import { env, SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { apiApp } from '~/api/app'
import { cartStub } from '~/commerce/carts'
import { tabbyTestCode } from '~/integrations/tabby-sandbox'
import { call, checkoutFor, newGuestCart, newIp, orderBody, origin, registered, sellableSku, type Caller } from './commerce-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')

export const messagesTo = async (phone: string) =>
  (await env.DB.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id').bind(phone).all<{ body: string }>()).results.map((r) => r.body)

/** A signed-in customer with a cart in Riyadh holding one unit of a product of its own. */
export async function customerWithCart(from: string) {
  const caller = await newGuestCart()
  const { email, phone } = await registered(caller)
  const mage = (await call(caller, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })).body.token as string
  const me: Caller = { ...caller, mage, quote: (await call({ ...caller, mage }, 'GET', '/cart/create')).body.quoteId, region: '1101' }
  const sku = await sellableSku(`${from} AND p.big_items = 0 AND p.price BETWEEN 150 AND 2000 AND p.eligible_for_tabby = 1`, 10)
  await call(me, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
  return { me, phone, sku }
}

/** Places and pays the order on the embedded provider's page. */
export async function paidOrder(method: 'card' | 'tabby', from: string) {
  const { me, phone, sku } = await customerWithCart(from)
  const placed = await call(me, 'POST', '/cart/placeOrder', { checkout: await checkoutFor(me, phone.local), paymentMethod: { method } })
  expect(placed.status).toBe(200)
  const fields: Record<string, string> =
    method === 'card' ? { name: 'Noura Alqahtani', number: '4201320111111010' } : { action: 'confirm', code: tabbyTestCode }
  await SELF.fetch(onThisMachine(placed.body.payment_url), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  const order = placed.body as { order_id: number; increment_id: string; grand_total: number }
  const paymentId = (await env.DB.prepare('SELECT payment_id FROM order_payments WHERE order_id = ?')
    .bind(order.order_id)
    .first<{ payment_id: string }>())!.payment_id
  return { me, phone, sku, order, paymentId }
}

/** A guest cart in Riyadh holding `sku`, with its mobile verified, and the body that places it for cash on delivery. */
export async function cashOrderCart(sku: string, mobile: string) {
  const cart = await newGuestCart('en')
  expect((await call(cart, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  await cartStub(env, cart.quote!).addVerifiedPhone(`966${mobile.slice(-9)}`)
  const body = await orderBody(cart, 'card')
  body.checkout.contact.mobile = mobile
  return { cart, body: { ...body, paymentMethod: { method: 'cashondelivery' } } }
}

export const opsToken = 'ops-token-for-tests-0123456789'

/** A call to the operator API with the operator's token, from an address of its own unless one is given. */
export async function asOperator(method: 'GET' | 'POST', path: string, body?: unknown, ip = newIp()) {
  const response = await apiApp.request(
    `/api/ops${path}`,
    {
      method,
      headers: { authorization: `Bearer ${opsToken}`, 'cf-connecting-ip': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { ...env, OPS_TOKEN: opsToken } as unknown as Env,
  )
  return { status: response.status, body: (await response.json()) as any }
}
