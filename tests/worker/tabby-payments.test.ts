// Tabby for real (docs/decisions/0015-tabby-for-real.md): the embedded Tabby answers as Tabby documents, and the store
// captures and pays an order only on what Tabby itself says, once; a refund goes back through Tabby, once.
import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refundCancelledOrder } from '~/commerce/refunds'
import { expireUnpaidOrders } from '~/commerce/orders'
import { readSecret } from '~/platform/secrets'
import { tabbyClient, tabbyWebhookHeader } from '~/integrations/tabby'
import { tabbySandboxApi, tabbyTestCode } from '~/integrations/tabby-sandbox'
import { call, newGuestCart, orderBody, origin, sellableSku, stockOf } from './commerce-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')
const gateway = () => tabbyClient(env, async (request) => tabbySandboxApi.fetch(request, env))

const statusOf = async (id: number) => (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<{ status: string }>())!.status
const eventsOf = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM order_events WHERE order_id = ?').bind(id).all<{ status: string }>()).results.map((e) => e.status).sort()
const paymentIdOf = async (orderId: number) =>
  (await env.DB.prepare('SELECT checkout_id FROM order_payments WHERE order_id = ?').bind(orderId).first<{ checkout_id: string }>())!.checkout_id

async function tabbyOrder(from = 'p.entity_id > 1300') {
  const caller = await newGuestCart()
  const sku = await sellableSku(`${from} AND p.eligible_for_tabby = 1 AND p.price BETWEEN 150 AND 2000 AND p.big_items = 0`, 10)
  await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
  const placed = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'tabby', 'tabby@example.com'))
  expect(placed.status).toBe(200)
  return { sku, order: placed.body as { order_id: number; increment_id: string; grand_total: number; payment_url: string } }
}

const answer = (paymentUrl: string, fields: Record<string, string>) =>
  SELF.fetch(onThisMachine(paymentUrl), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a Tabby order', () => {
  it('is confirmed on Tabby’s page, captured once, and comes back to its confirmation', async () => {
    const { order } = await tabbyOrder()
    expect(order.payment_url).toMatch(/\/commerce\/payments\/tabby-sandbox\/[0-9a-f-]{36}\?lang=en$/)
    expect(await (await SELF.fetch(onThisMachine(order.payment_url))).text()).toContain('4 payments')

    const wrong = await answer(order.payment_url, { action: 'confirm', code: '1234' })
    expect(wrong.status).toBe(200)
    expect(await wrong.text()).toContain('That code is not right')
    expect(await statusOf(order.order_id)).toBe('pending_payment')

    const confirmed = await answer(order.payment_url, { action: 'confirm', code: tabbyTestCode })
    const back = new URL(confirmed.headers.get('location')!)
    expect(back.pathname).toBe('/commerce/payments/tabby/return')
    expect(back.searchParams.get('outcome')).toBe('success')
    // The webhook came first: the store captured the authorised payment and paid the order.
    expect(await statusOf(order.order_id)).toBe('processing')
    const returned = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(returned.headers.get('location')).toBe(`/en/checkout?order=${order.increment_id}`)
    const payment = await gateway().payment(back.searchParams.get('payment_id')!)
    expect(payment).toMatchObject({ status: 'CLOSED', amount: order.grand_total.toFixed(2), order: { reference_id: order.increment_id } })
    expect(payment.captures.map((capture) => capture.reference_id)).toEqual([`capture-${order.increment_id}`])
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed'])
  })

  it('is given up when the shopper cancels on Tabby’s page, its stock back once', async () => {
    const { sku, order } = await tabbyOrder('p.entity_id > 1450')
    const held = await stockOf(sku)
    const cancelled = await answer(order.payment_url, { action: 'cancel', code: '' })
    const back = new URL(cancelled.headers.get('location')!)
    expect(back.searchParams.get('outcome')).toBe('cancel')
    const gone = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(gone.headers.get('location')).toBe(`/en/?success=false&reason=declined&order_id=${order.increment_id}`)
    expect(await stockOf(sku)).toBe(held + 1)
    await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(await stockOf(sku)).toBe(held + 1)
    expect(await statusOf(order.order_id)).toBe('canceled')
  })
})

describe("Tabby's webhook", () => {
  it('is refused without the registered header, and pays once however often it comes', async () => {
    const warn = vi.spyOn(console, 'warn')
    const { order } = await tabbyOrder()
    const paymentId = await paymentIdOf(order.order_id)
    const hook = (headers: Record<string, string>) =>
      SELF.fetch(`${origin}/commerce/payments/tabby/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ id: paymentId, status: 'authorized' }),
      })
    expect((await hook({})).status).toBe(401)
    expect((await hook({ [tabbyWebhookHeader]: 'guessed' })).status).toBe(401)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('webhook refused'))
    // A right header with a payment Tabby has not authorised changes nothing: the store asks Tabby.
    const secret = await readSecret(env, 'TABBY_WEBHOOK_SECRET')
    expect((await hook({ [tabbyWebhookHeader]: secret })).status).toBe(200)
    expect(await statusOf(order.order_id)).toBe('pending_payment')

    await answer(order.payment_url, { action: 'confirm', code: tabbyTestCode })
    for (let i = 0; i < 3; i++) expect((await hook({ [tabbyWebhookHeader]: secret })).status).toBe(200)
    expect((await gateway().payment(paymentId)).captures).toHaveLength(1)
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed'])
  })

  it('takes no money for an order that expired before the shopper confirmed', async () => {
    const { order } = await tabbyOrder('p.entity_id > 1600')
    await expireUnpaidOrders(env, new Date(Date.now() + 24 * 3600_000))
    await answer(order.payment_url, { action: 'confirm', code: tabbyTestCode })
    expect(await statusOf(order.order_id)).toBe('canceled')
    // Nothing captured, and the authorisation released: the buyer owes Tabby nothing for it.
    expect(await gateway().payment(await paymentIdOf(order.order_id))).toMatchObject({ status: 'CLOSED', captures: [] })
  })
})

describe('a refund through Tabby', () => {
  it('gives a paid order’s money back once, and the timeline says so', async () => {
    const { order } = await tabbyOrder()
    await answer(order.payment_url, { action: 'confirm', code: tabbyTestCode })
    expect(await refundCancelledOrder(env, order.order_id)).toBe(true)
    expect(await refundCancelledOrder(env, order.order_id)).toBe(false)
    const payment = await gateway().payment(await paymentIdOf(order.order_id))
    expect(payment.refunds).toMatchObject([
      { amount: order.grand_total.toFixed(2), reference_id: expect.stringMatching(new RegExp(`^refund-${order.increment_id}-\\d+$`)) },
    ])
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed', 'refunded'])
  })
})

describe('the Tabby adapter', () => {
  it('sends the documented requests: Bearer secret key, amounts as strings, to TABBY_API_URL', async () => {
    const seen: { method: string; url: string; authorization: string | null; body: string }[] = []
    const configured = { ...env, TABBY_API_URL: 'https://api.tabby.sa/', TABBY_SECRET_KEY: 'sk_test_tabby' } as Env
    const client = tabbyClient(configured, async (request) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), body: await request.text() })
      return Response.json({ id: 'p1', status: 'AUTHORIZED', captures: [], refunds: [] })
    })
    await client.payment('p1')
    await client.capture('p1', '1234.50', 'capture-MJ1')
    await client.refund('p1', '1234.50', 'refund-MJ1', 'order cancelled')
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://api.tabby.sa/api/v2/payments/p1',
      'POST https://api.tabby.sa/api/v2/payments/p1/captures',
      'POST https://api.tabby.sa/api/v2/payments/p1/refunds',
    ])
    expect(seen[0]!.authorization).toBe('Bearer sk_test_tabby')
    expect(JSON.parse(seen[1]!.body)).toEqual({ amount: '1234.50', reference_id: 'capture-MJ1' })
    expect(JSON.parse(seen[2]!.body)).toEqual({ amount: '1234.50', reference_id: 'refund-MJ1', reason: 'order cancelled' })
  })
})

describe('a buyer Tabby refuses at pre-scoring', () => {
  it('is refused before anything is stored: no order, the stock untouched, the cart still open for another method', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1250 AND p.eligible_for_tabby = 1 AND p.price BETWEEN 150 AND 2000 AND p.big_items = 0', 10)
    await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
    const body = await orderBody(caller, 'tabby', 'refused@example.com')
    body.checkout.contact.mobile = '0500000002'
    const refused = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('payment_unavailable')
    expect(await stockOf(sku)).toBe(10)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(caller.quote).first('n')).toBe(0)
    const card = await call(caller, 'POST', '/cart/placeOrder', { ...body, paymentMethod: { method: 'card' } })
    expect(card.status).toBe(200)
    expect(card.body.payment_method).toBe('card')
  })
})
