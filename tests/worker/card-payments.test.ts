// Card payments through Moyasar's protocol (docs/decisions/0014-card-payments-through-moyasar.md): the embedded gateway
// answers as Moyasar documents, and the store pays an order only on what the gateway itself says, once.
import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSecret } from '~/platform/secrets'
import { moyasarClient, toHalalas } from '~/integrations/moyasar'
import { moyasarSandboxApi, payInvoice } from '~/integrations/moyasar-sandbox'
import { sendOwedRefunds } from '~/commerce/refunds'
import { cancelOrder, expireUnpaidOrders } from '~/commerce/orders'
import { call, newGuestCart, orderBody, origin, sellableSku, stockOf } from './commerce-helpers'

const madaPaid = '4201320111111010'
const madaDeclined = '4201321234411220'
// The hosted page is a development route: it answers only on this machine (worker/http/environment.ts).
const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')

const orderRow = (id: number) =>
  env.DB.prepare('SELECT status, grand_total FROM orders WHERE id = ?').bind(id).first<{ status: string; grand_total: number }>()

const eventsOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT status FROM order_events WHERE order_id = ? ORDER BY at, instr('placed paid canceled refunded', status)")
      .bind(id)
      .all<{ status: string }>()
  ).results.map((e) => e.status)

const confirmationsFor = async (increment: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE body LIKE '%' || ? || '%'").bind(increment).first<{ n: number }>())!.n

/** `from`: the products to take the first of (a test that counts stock takes one no other test buys). */
async function cardOrder(stock = 10, from = 'p.entity_id > 1300') {
  const caller = await newGuestCart()
  const sku = await sellableSku(`${from} AND p.price BETWEEN 100 AND 3000`, stock)
  await call(caller, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: 1101 } })
  const placed = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'card', 'card@example.com'))
  expect(placed.status).toBe(200)
  const order = placed.body as { order_id: number; increment_id: string; grand_total: number; payment_url: string }
  return { caller, sku, order }
}

/** Pays the order's invoice on the hosted page with a card; answers the page's response. */
async function payWith(paymentUrl: string, number: string) {
  return SELF.fetch(onThisMachine(paymentUrl), {
    method: 'POST',
    body: new URLSearchParams({ name: 'Huda Alharbi', number, month: '12', year: '2030', cvc: '123' }),
    redirect: 'manual',
  })
}

async function webhook(body: unknown) {
  return SELF.fetch(`${origin}/commerce/payments/moyasar/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

const gateway = () => moyasarClient(env, async (request) => moyasarSandboxApi.fetch(request, env))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a card order on Moyasar', () => {
  it('is paid on the invoice page with a mada test card and comes back to its confirmation', async () => {
    const { order } = await cardOrder()
    expect(order.payment_url).toMatch(/\/commerce\/payments\/moyasar-sandbox\/invoices\/[0-9a-f-]{36}\?lang=en$/)
    const page = await SELF.fetch(onThisMachine(order.payment_url))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`Matjar ${order.increment_id}`)

    const paid = await payWith(order.payment_url, madaPaid)
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location')!)
    expect(back.pathname).toBe('/commerce/payments/moyasar/return')
    expect(back.searchParams.get('order')).toBe(order.increment_id)
    expect(back.searchParams.get('status')).toBe('paid')
    // The webhook came first and paid the order; the return finds it paid and changes nothing.
    expect((await orderRow(order.order_id))!.status).toBe('processing')
    const returned = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(returned.headers.get('location')).toBe(`/en/checkout?order=${order.increment_id}`)
    expect(await eventsOf(order.order_id)).toEqual(['placed', 'paid'])
    expect(await confirmationsFor(order.increment_id)).toBe(2) // one SMS and one email
    // A guest has no account: the email links to the lookup by order number and mobile.
    const email = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'email' AND body LIKE '%' || ? || '%'")
      .bind(order.increment_id)
      .first<{ body: string }>()
    // ... and, paid, carries its tax invoice (docs/decisions/0016-zatca-invoices.md).
    expect(email!.body).toMatch(
      /Follow it at https:\/\/\S+\/en\/user\/profile\?order=MJ\d+ with the order number and your mobile\.\n\nYour tax invoice: https:\/\/\S+\/en\/invoice\?order=MJ\d+&sig=[\w-]{43}$/,
    )

    const payment = await gateway().payment(back.searchParams.get('id')!)
    expect(payment).toMatchObject({
      status: 'paid',
      amount: toHalalas(order.grand_total),
      currency: 'SAR',
      source: { type: 'creditcard', company: 'mada' },
    })
  })

  it('refuses a return that is not the buyer’s: no signature, a made-up payment, another order’s payment', async () => {
    const { order } = await cardOrder()
    const { order: other } = await cardOrder()
    const paidOther = new URL((await payWith(other.payment_url, madaPaid)).headers.get('location')!)

    const signed = new URL(paidOther.toString())
    signed.searchParams.set('order', order.increment_id)
    // Another order's signature with this order's number: not found.
    expect((await SELF.fetch(signed.toString(), { redirect: 'manual' })).status).toBe(404)
    const unsigned = `${origin}/commerce/payments/moyasar/return?order=${order.increment_id}&id=${paidOther.searchParams.get('id')}`
    expect((await SELF.fetch(unsigned, { redirect: 'manual' })).status).toBe(404)

    // This order's own signed way back, carrying the other order's paid payment or a made-up one: still unpaid.
    const own = await ownReturnUrl(order.payment_url)
    for (const id of [paidOther.searchParams.get('id')!, crypto.randomUUID()]) {
      const forged = new URL(own)
      forged.searchParams.set('id', id)
      await SELF.fetch(forged.toString(), { redirect: 'manual' })
      expect((await orderRow(order.order_id))!.status).toBe('pending_payment')
    }
  })

  it('stays waiting after a declined card; going back cancels it and gives its stock back once', async () => {
    const { sku, order } = await cardOrder(10, 'p.entity_id > 1400')
    expect(await stockOf(sku)).toBe(8)
    const declined = await payWith(order.payment_url, madaDeclined)
    expect(declined.status).toBe(200)
    expect(await declined.text()).toContain('DECLINED')
    expect((await orderRow(order.order_id))!.status).toBe('pending_payment')

    const back = new URL(await ownReturnUrl(order.payment_url))
    back.searchParams.set('outcome', 'cancel')
    const gone = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(gone.headers.get('location')).toBe(`/en/?success=false&reason=declined&order_id=${order.increment_id}`)
    expect(await stockOf(sku)).toBe(10)
    await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(await stockOf(sku)).toBe(10)
    expect((await orderRow(order.order_id))!.status).toBe('canceled')
  })
})

describe("Moyasar's webhook", () => {
  it('is refused without the secret token, and logged', async () => {
    const warn = vi.spyOn(console, 'warn')
    const { order } = await cardOrder()
    const paid = new URL((await payWith(order.payment_url, madaPaid)).headers.get('location')!)
    const forged = await webhook({ type: 'payment_paid', secret_token: 'guessed', data: { id: paid.searchParams.get('id') } })
    expect(forged.status).toBe(401)
    expect((await webhook({ type: 'payment_paid', data: { id: 'x' } })).status).toBe(401)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('webhook refused'))
  })

  it('pays the order once however many times it comes, and believes the gateway over its body', async () => {
    const { order } = await cardOrder()
    // The shopper pays and never comes back: only the webhook tells the store.
    const paymentId = new URL((await payWith(order.payment_url, madaPaid)).headers.get('location')!).searchParams.get('id')!
    const secret = await readSecret(env, 'MOYASAR_WEBHOOK_SECRET')
    for (let i = 0; i < 3; i++) expect((await webhook({ type: 'payment_paid', secret_token: secret, data: { id: paymentId } })).status).toBe(200)
    expect(await eventsOf(order.order_id)).toEqual(['placed', 'paid'])
    expect(await confirmationsFor(order.increment_id)).toBe(2)

    // A webhook with the right token but a failed payment's id says "paid" in vain: the gateway says failed.
    const { order: second } = await cardOrder()
    await payWith(second.payment_url, madaDeclined)
    const failedId = (await gateway().invoice(invoiceIdOf(second.payment_url))).payments[0]!.id
    await webhook({ type: 'payment_paid', secret_token: secret, data: { id: failedId, status: 'paid' } })
    expect((await orderRow(second.order_id))!.status).toBe('pending_payment')
  })

  it('does not pay an order whose amount differs from the payment', async () => {
    const error = vi.spyOn(console, 'error')
    const { order } = await cardOrder()
    await env.DB.prepare('UPDATE orders SET grand_total = grand_total + 1 WHERE id = ?').bind(order.order_id).run()
    await payWith(order.payment_url, madaPaid)
    expect((await orderRow(order.order_id))!.status).toBe('pending_payment')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('payment amount mismatch'))
  })

  it('refunds, once, a payment that lands after the order expired', async () => {
    const { sku, order } = await cardOrder(10, 'p.entity_id > 1500')
    await expireUnpaidOrders(env, new Date(Date.now() + 24 * 3600_000))
    expect((await orderRow(order.order_id))!.status).toBe('canceled')
    expect(await stockOf(sku)).toBe(10)

    const paymentId = new URL((await payWith(order.payment_url, madaPaid)).headers.get('location')!).searchParams.get('id')!
    const secret = await readSecret(env, 'MOYASAR_WEBHOOK_SECRET')
    await webhook({ type: 'payment_paid', secret_token: secret, data: { id: paymentId } })
    const payment = await gateway().payment(paymentId)
    expect(payment).toMatchObject({ status: 'refunded', refunded: toHalalas(order.grand_total) })
    expect((await eventsOf(order.order_id)).sort()).toEqual(['canceled', 'placed', 'refunded'])
    expect((await orderRow(order.order_id))!.status).toBe('canceled')
  })
})

describe('the Moyasar adapter', () => {
  it('sends the documented requests: Basic auth with the secret key, halalas, SAR, to MOYASAR_API_URL', async () => {
    const seen: { method: string; url: string; headers: Headers; body: string }[] = []
    const configured = { ...env, MOYASAR_API_URL: 'https://api.moyasar.com/v1/', MOYASAR_SECRET_KEY: 'sk_test_abc' } as Env
    const client = moyasarClient(configured, async (request) => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() })
      return Response.json({ id: 'inv_1', status: 'initiated', url: 'https://checkout.moyasar.com/invoices/inv_1', payments: [] }, { status: 201 })
    })
    await client.createInvoice({
      amount: toHalalas(1234.5),
      currency: 'SAR',
      description: 'Matjar MJ1',
      success_url: 'https://shop.example/r',
      back_url: 'https://shop.example/b',
      expired_at: '2026-11-25T12:00:00.000Z',
      metadata: { order_id: 'MJ1' },
    })
    await client.payment('pay_1')
    await client.refund('pay_1')
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST https://api.moyasar.com/v1/invoices',
      'GET https://api.moyasar.com/v1/payments/pay_1',
      'POST https://api.moyasar.com/v1/payments/pay_1/refund',
    ])
    expect(seen[0]!.headers.get('authorization')).toBe(`Basic ${btoa('sk_test_abc:')}`)
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ amount: 123450, currency: 'SAR', metadata: { order_id: 'MJ1' } })
    expect(JSON.parse(seen[2]!.body)).toEqual({})
  })

  it('is refused by the embedded gateway with a wrong key, as Moyasar refuses it', async () => {
    const wrong = moyasarClient({ ...env, MOYASAR_SECRET_KEY: 'sk_test_wrong' } as Env, async (request) => moyasarSandboxApi.fetch(request, env))
    await expect(wrong.payment('anything')).rejects.toMatchObject({ status: 401 })
  })
})

/** The invoice's id, from the hosted page's address. */
function invoiceIdOf(paymentUrl: string): string {
  return new URL(paymentUrl).pathname.split('/').pop()!
}

/** The order's own signed way back, as the invoice holds it. */
async function ownReturnUrl(paymentUrl: string): Promise<string> {
  return (await gateway().invoice(invoiceIdOf(paymentUrl))).success_url!
}

describe('money that must not be lost', () => {
  it('pays, not expires, an order whose return and webhook were both lost', async () => {
    const { order } = await cardOrder(10, 'p.entity_id > 1550')
    // The shopper paid and closed the tab; the webhook never arrived.
    const lost = await payInvoice(
      env,
      invoiceIdOf(order.payment_url),
      { name: 'Huda Alharbi', number: madaPaid },
      async () => new Response(null, { status: 503 }),
    )
    expect(lost?.paid).toBe(true)
    expect((await orderRow(order.order_id))!.status).toBe('pending_payment')
    await expireUnpaidOrders(env, new Date(Date.now() + 24 * 3600_000))
    expect((await orderRow(order.order_id))!.status).toBe('processing')
  })

  it('gives back, in the next run, money a cancelled order still holds', async () => {
    const { order } = await cardOrder(10, 'p.entity_id > 1200')
    await payWith(order.payment_url, madaPaid)
    // Cancelled without its refund (as when the gateway refused the refund call).
    await cancelOrder(env, order.order_id, 'beforeShipping')
    expect(await sendOwedRefunds(env, 50)).toBeGreaterThanOrEqual(1)
    expect(await sendOwedRefunds(env, 50)).toBe(0)
    const paymentId = (await env.DB.prepare('SELECT payment_id FROM order_payments WHERE order_id = ?')
      .bind(order.order_id)
      .first<{ payment_id: string }>())!.payment_id
    expect(await gateway().payment(paymentId)).toMatchObject({ status: 'refunded', refunded: toHalalas(order.grand_total) })
  })
})
