// Tamara for real (docs/decisions/0019-tamara-for-real.md): the embedded Tamara answers as Tamara documents, its
// notifications are refused without a token Tamara signed, and the store authorises, captures and pays an order only on
// what Tamara itself says, once, whatever comes first and however often; a refund goes back through Tamara, once.
import { env, SELF } from 'cloudflare:test'
import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refundCancelledOrder } from '~/commerce/refunds'
import { paymentProviders } from '~/commerce/payments'
import { cancelBeforeShipping, expireUnpaidOrders } from '~/commerce/orders'
import { readSecret } from '~/platform/secrets'
import { tamaraClient, TamaraError, type TamaraOrder } from '~/integrations/tamara'
import { answerTamaraCheckout, tamaraNotification, tamaraSandboxApi } from '~/integrations/tamara-sandbox'
import { tamaraSandboxStore } from '~/storage/payment-store'
import { call, newGuestCart, orderBody, origin, sellableSku, stockOf } from './commerce-helpers'

// The hosted page is a development route: it answers only on this machine (worker/http/environment.ts).
const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')
const gateway = () => tamaraClient(env, async (request) => tamaraSandboxApi.fetch(request, env))
const webhookUrl = `${origin}/commerce/payments/tamara/webhook`

const statusOf = async (id: number) => (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<{ status: string }>())!.status
const eventsOf = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM order_events WHERE order_id = ?').bind(id).all<{ status: string }>()).results.map((e) => e.status).sort()
const tamaraIdOf = async (orderId: number) =>
  (await env.DB.prepare('SELECT checkout_id FROM order_payments WHERE order_id = ?').bind(orderId).first<{ checkout_id: string }>())!.checkout_id
const confirmationsFor = async (increment: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE body LIKE '%' || ? || '%'").bind(increment).first<{ n: number }>())!.n

interface Placed {
  order_id: number
  increment_id: string
  grand_total: number
  payment_url: string
}

async function tamaraOrder(from = 'p.entity_id > 1300', lang: 'en' | 'ar' = 'en') {
  const caller = await newGuestCart(lang)
  const sku = await sellableSku(`${from} AND p.eligible_for_tamara = 1 AND p.price BETWEEN 150 AND 2000 AND p.big_items = 0`, 10)
  await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
  const placed = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'tamara', 'tamara@example.com'))
  expect(placed.status).toBe(200)
  return { sku, order: placed.body as Placed }
}

const answer = (paymentUrl: string, action: 'approve' | 'decline' | 'cancel') =>
  SELF.fetch(onThisMachine(paymentUrl), { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' })

/** A notification for the order as Tamara would send it now (a fresh token signed with the notification token). */
const notify = async (tamaraId: string, event = 'order_approved') =>
  SELF.fetch(await tamaraNotification(env, webhookUrl, (await gateway().order(tamaraId)) as TamaraOrder, event))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a Tamara order', () => {
  it('is approved on Tamara’s page, authorised and captured once, and comes back to its confirmation', async () => {
    const { order } = await tamaraOrder()
    const link = new URL(order.payment_url)
    expect(link.pathname).toMatch(/^\/commerce\/payments\/tamara-sandbox\/[0-9a-f-]{36}$/)
    expect(link.searchParams.get('locale')).toBe('en_US')
    const page = await (await SELF.fetch(onThisMachine(order.payment_url))).text()
    expect(page).toContain('Pay later with Tamara (test)')
    expect(page).toContain('in 3 payments')

    const approved = await answer(order.payment_url, 'approve')
    const back = new URL(approved.headers.get('location')!)
    expect(back.pathname).toBe('/commerce/payments/tamara/return')
    expect(back.searchParams.get('outcome')).toBe('success')
    expect(back.searchParams.get('paymentStatus')).toBe('approved')
    // The notification came first: the store authorised and captured the approved order and paid it.
    expect(await statusOf(order.order_id)).toBe('processing')
    const returned = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(returned.headers.get('location')).toBe(`/en/checkout?order=${order.increment_id}`)
    const tamara = await gateway().order(await tamaraIdOf(order.order_id))
    expect(tamara).toMatchObject({
      status: 'fully_captured',
      order_reference_id: order.increment_id,
      total_amount: { amount: order.grand_total, currency: 'SAR' },
      captured_amount: { amount: order.grand_total, currency: 'SAR' },
    })
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed'])
    expect(await confirmationsFor(order.increment_id)).toBe(2) // one SMS and one email
    // The page is done: it shows nothing and takes no second answer.
    expect((await SELF.fetch(onThisMachine(order.payment_url))).status).toBe(404)
    expect((await answer(order.payment_url, 'decline')).status).toBe(404)
  })

  it('shows Tamara’s page in Arabic to a shopper from the Arabic store', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1320', 'ar')
    expect(new URL(order.payment_url).searchParams.get('locale')).toBe('ar_SA')
    const arabic = await (await SELF.fetch(onThisMachine(order.payment_url))).text()
    expect(arabic).toContain('<html lang="ar" dir="rtl">')
    expect(arabic).toContain('ادفع لاحقًا مع تمارا (تجريبي)')
    expect(arabic).toContain('>ادفع الدفعة الأولى</button>')
    expect(arabic).not.toMatch(/Tamara|Decline|takes no money/)
  })

  it('is given up when Tamara declines the buyer, its stock back once', async () => {
    const { sku, order } = await tamaraOrder('p.entity_id > 1450')
    const held = await stockOf(sku)
    const declined = await answer(order.payment_url, 'decline')
    const back = new URL(declined.headers.get('location')!)
    expect(back.searchParams.get('outcome')).toBe('failure')
    const gone = await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(gone.headers.get('location')).toBe(`/en/?success=false&reason=declined&order_id=${order.increment_id}`)
    expect(await stockOf(sku)).toBe(held + 1)
    await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(await stockOf(sku)).toBe(held + 1)
    expect(await statusOf(order.order_id)).toBe('canceled')
    expect((await gateway().order(await tamaraIdOf(order.order_id))).status).toBe('declined')
  })

  it('is given up when the shopper cancels on Tamara’s page', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1470')
    const cancelled = await answer(order.payment_url, 'cancel')
    const back = new URL(cancelled.headers.get('location')!)
    expect(back.searchParams.get('outcome')).toBe('cancel')
    await SELF.fetch(back.toString(), { redirect: 'manual' })
    expect(await statusOf(order.order_id)).toBe('canceled')
    expect((await gateway().order(await tamaraIdOf(order.order_id))).status).toBe('expired')
  })

  it('is paid by the buyer’s return when the notification is late, and once when it comes', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1490')
    const link = new URL(order.payment_url)
    const checkoutId = link.pathname.split('/').at(-1)!
    // Approved at Tamara, the notification lost on the way.
    const back = await answerTamaraCheckout(env, checkoutId, link.searchParams.get('sig') ?? undefined, 'approve', async () => new Response(null))
    expect(await statusOf(order.order_id)).toBe('pending_payment')
    // The browser's word is not taken: a return naming another Tamara order still reads this order's own.
    const forgedBack = new URL(back!)
    forgedBack.searchParams.set('orderId', crypto.randomUUID())
    const returned = await SELF.fetch(forgedBack.toString(), { redirect: 'manual' })
    expect(returned.headers.get('location')).toBe(`/en/checkout?order=${order.increment_id}`)
    expect(await statusOf(order.order_id)).toBe('processing')
    const tamaraId = await tamaraIdOf(order.order_id)
    expect((await notify(tamaraId)).status).toBe(200)
    expect((await notify(tamaraId, 'order_authorised')).status).toBe(200)
    await SELF.fetch(back!, { redirect: 'manual' })
    expect((await gateway().order(tamaraId)).captured_amount.amount).toBe(order.grand_total)
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed'])
    expect(await confirmationsFor(order.increment_id)).toBe(2) // one SMS and one email
  })

  it('is not paid when Tamara’s amount or reference is not the order’s', async () => {
    const error = vi.spyOn(console, 'error')
    for (const [from, change, message] of [
      [
        'p.entity_id > 1510',
        (o: TamaraOrder) => ({ ...o, total_amount: { amount: o.total_amount.amount - 1, currency: 'SAR' as const } }),
        'payment amount mismatch',
      ],
      ['p.entity_id > 1530', (o: TamaraOrder) => ({ ...o, order_reference_id: 'MJ00000000000' }), 'payment reference mismatch'],
    ] as const) {
      const { order } = await tamaraOrder(from)
      const tamaraId = await tamaraIdOf(order.order_id)
      // What Tamara answers for this order, changed behind the store's back.
      const store = tamaraSandboxStore(env.DB)
      const stored = (await store.order<{ order: TamaraOrder; checkout_id: string }>(tamaraId))!
      await store.save(tamaraId, stored.checkout_id, { ...stored, order: change(stored.order) })
      await answer(order.payment_url, 'approve')
      expect(await statusOf(order.order_id)).toBe('pending_payment')
      // Nothing authorised or captured: the buyer's approval is left for Tamara to expire.
      expect((await gateway().order(tamaraId)).status).toBe('approved')
      expect(error).toHaveBeenCalledWith(expect.stringContaining(message))
    }
  })

  it('keeps the buyer’s approval when Tamara refuses the capture, for the notification to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { order } = await tamaraOrder('p.entity_id > 1550')
    const link = new URL(order.payment_url)
    await answerTamaraCheckout(env, link.pathname.split('/').at(-1)!, link.searchParams.get('sig')!, 'approve', async () => new Response(null))
    // Authorised at Tamara with a halala already captured: Tamara refuses a capture of the whole total.
    const tamaraId = await tamaraIdOf(order.order_id)
    const store = tamaraSandboxStore(env.DB)
    const stored = (await store.order<{ order: TamaraOrder; checkout_id: string }>(tamaraId))!
    await store.save(tamaraId, stored.checkout_id, {
      ...stored,
      order: { ...stored.order, status: 'authorised', captured_amount: { amount: 0.01, currency: 'SAR' } },
    })
    expect((await notify(tamaraId)).status).toBe(500)
    expect(await statusOf(order.order_id)).toBe('pending_payment')
    // Not released: the authorisation stays for the next delivery.
    expect((await gateway().order(tamaraId)).status).toBe('authorised')
  })

  it('takes no money for an order that expired before the buyer approved', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1600')
    await expireUnpaidOrders(env, new Date(Date.now() + 24 * 3600_000))
    expect(await statusOf(order.order_id)).toBe('canceled')
    await answer(order.payment_url, 'approve')
    expect(await statusOf(order.order_id)).toBe('canceled')
    // Authorised and cancelled at once: nothing captured, the buyer owes Tamara nothing for it.
    expect(await gateway().order(await tamaraIdOf(order.order_id))).toMatchObject({
      status: 'canceled',
      captured_amount: { amount: 0 },
      canceled_amount: { amount: order.grand_total },
    })
    expect(await eventsOf(order.order_id)).not.toContain('paid')
  })

  it('has no page on a public host', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1620')
    expect((await SELF.fetch(order.payment_url)).status).toBe(404)
  })
})

describe("Tamara's notification", () => {
  const sign = (key: string, exp: number | string = '15m', issuer = 'Tamara') =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key))
  const post = (tamaraId: string, { query, bearer }: { query?: string; bearer?: string }) =>
    SELF.fetch(query ? `${webhookUrl}?tamaraToken=${query}` : webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify({ order_id: tamaraId, order_reference_id: 'MJ1', order_number: 'MJ1', event_type: 'order_approved', data: [] }),
    })

  it('is refused and logged without a token Tamara signed: missing, forged, expired, another issuer, two different', async () => {
    const warn = vi.spyOn(console, 'warn')
    const { order } = await tamaraOrder('p.entity_id > 1240')
    const tamaraId = await tamaraIdOf(order.order_id)
    await answerTamaraCheckout(
      env,
      new URL(order.payment_url).pathname.split('/').at(-1)!,
      new URL(order.payment_url).searchParams.get('sig')!,
      'approve',
      async () => new Response(null),
    )
    const key = await readSecret(env, 'TAMARA_NOTIFICATION_TOKEN')
    const good = await sign(key)
    const refused = [
      await post(tamaraId, {}),
      await post(tamaraId, { query: await sign('not the notification token') }),
      await post(tamaraId, { bearer: await sign(key, Math.floor(Date.now() / 1000) - 60) }),
      await post(tamaraId, { bearer: await sign(key, '15m', 'Someone') }),
      await post(tamaraId, { query: good, bearer: await sign('forged') }),
      await post(tamaraId, { bearer: `${good.slice(0, -2)}xx` }),
    ]
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"webhook refused","provider":"tamara"'))
    expect(await statusOf(order.order_id)).toBe('pending_payment')
    expect((await gateway().order(tamaraId)).status).toBe('approved')

    // Tamara's token, in the query or as a Bearer: the order is read from Tamara and paid.
    expect((await post(tamaraId, { query: good })).status).toBe(200)
    expect(await statusOf(order.order_id)).toBe('processing')
  })

  it('pays once however often it is replayed, and changes nothing for an order Tamara has not approved', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1260')
    const tamaraId = await tamaraIdOf(order.order_id)
    expect((await notify(tamaraId)).status).toBe(200)
    expect(await statusOf(order.order_id)).toBe('pending_payment')
    // An order Tamara does not know is none of the store's: nothing to settle, nothing for Tamara to send again.
    const unknown = { ...(await gateway().order(tamaraId)), order_id: crypto.randomUUID() }
    expect((await SELF.fetch(await tamaraNotification(env, webhookUrl, unknown, 'order_approved'))).status).toBe(200)

    await answer(order.payment_url, 'approve')
    const replay = await tamaraNotification(env, webhookUrl, await gateway().order(tamaraId), 'order_approved')
    const body = await replay.text()
    for (let i = 0; i < 3; i++) expect((await SELF.fetch(replay.url, { method: 'POST', headers: replay.headers, body })).status).toBe(200)
    expect(await gateway().order(tamaraId)).toMatchObject({ status: 'fully_captured', captured_amount: { amount: order.grand_total } })
    expect(await eventsOf(order.order_id)).toEqual(['paid', 'placed'])
    expect(await confirmationsFor(order.increment_id)).toBe(2) // one SMS and one email
  })
})

describe('a refund through Tamara', () => {
  it('gives a paid order’s money back once when it is cancelled before shipping, and the timeline says so', async () => {
    const { sku, order } = await tamaraOrder('p.entity_id > 1280')
    await answer(order.payment_url, 'approve')
    expect(await stockOf(sku)).toBe(9)
    expect(await cancelBeforeShipping(env, order.order_id, 'buyer')).toEqual({ cancelled: true, refunded: true })
    expect(await refundCancelledOrder(env, order.order_id)).toBe(false)
    expect(await stockOf(sku)).toBe(10)
    expect(await gateway().order(await tamaraIdOf(order.order_id))).toMatchObject({
      status: 'fully_refunded',
      refunded_amount: { amount: order.grand_total, currency: 'SAR' },
    })
    expect(await eventsOf(order.order_id)).toEqual(['canceled', 'paid', 'placed', 'refunded'])
  })
})

describe('a refund of an order Tamara only authorised', () => {
  it('is a cancellation, and a try whose answer was lost is not sent again', async () => {
    const { order } = await tamaraOrder('p.entity_id > 1320')
    const link = new URL(order.payment_url)
    await answerTamaraCheckout(env, link.pathname.split('/').at(-1)!, link.searchParams.get('sig')!, 'approve', async () => new Response(null))
    const tamaraId = await tamaraIdOf(order.order_id)
    const store = tamaraSandboxStore(env.DB)
    const stored = (await store.order<{ order: TamaraOrder; checkout_id: string }>(tamaraId))!
    await store.save(tamaraId, stored.checkout_id, { ...stored, order: { ...stored.order, status: 'authorised' } })
    const ask = {
      paymentId: tamaraId,
      amountSar: order.grand_total,
      key: `refund-${order.increment_id}-1`,
      reason: 'cancelled',
      refundedBeforeSar: 0,
    }
    await paymentProviders.tamara.refund(env, ask)
    expect(await gateway().order(tamaraId)).toMatchObject({ status: 'canceled', canceled_amount: { amount: order.grand_total } })
    // The job sends it again after a timeout that had in fact landed: Tamara's cancel takes no key, so nothing goes.
    await expect(paymentProviders.tamara.refund(env, ask)).resolves.toBeUndefined()
    // A further amount beyond what was given back is still asked of Tamara (and refused: nothing is left).
    await expect(paymentProviders.tamara.refund(env, { ...ask, amountSar: 1, refundedBeforeSar: order.grand_total })).rejects.toThrow()
  })
})

describe('the Tamara adapter', () => {
  it('sends the documented requests: Bearer API token, amounts as { amount, currency }, to TAMARA_API_URL', async () => {
    const seen: { method: string; url: string; authorization: string | null; body: string }[] = []
    const configured = { ...env, TAMARA_API_URL: 'https://api-sandbox.tamara.co/', TAMARA_API_TOKEN: 'tamara_test_token' } as Env
    const client = tamaraClient(configured, async (request) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), body: await request.text() })
      return Response.json({ order_id: 'o1', status: 'authorised' })
    })
    const total = { amount: 1234.5, currency: 'SAR' as const }
    await client.order('o1')
    await client.authorise('o1')
    await client.capture('o1', total, '2026-11-25T10:00:00.000Z')
    await client.cancel('o1', total)
    await client.refund('o1', total, 'refund-MJ1', 'Order MJ1 cancelled')
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://api-sandbox.tamara.co/orders/o1',
      'POST https://api-sandbox.tamara.co/orders/o1/authorise',
      'POST https://api-sandbox.tamara.co/payments/capture',
      'POST https://api-sandbox.tamara.co/orders/o1/cancel',
      'POST https://api-sandbox.tamara.co/payments/simplified-refund/o1',
    ])
    expect(seen.every((r) => r.authorization === 'Bearer tamara_test_token')).toBe(true)
    expect(JSON.parse(seen[2]!.body)).toMatchObject({
      order_id: 'o1',
      total_amount: total,
      shipping_info: { shipped_at: '2026-11-25T10:00:00.000Z' },
    })
    expect(JSON.parse(seen[3]!.body)).toMatchObject({ total_amount: total })
    expect(JSON.parse(seen[4]!.body)).toEqual({ total_amount: total, comment: 'Order MJ1 cancelled', merchant_refund_id: 'refund-MJ1' })
  })

  it('is refused by the embedded Tamara for an amount outside the store’s Tamara range', async () => {
    const refusal = await gateway()
      .createCheckout({
        order_reference_id: 'MJ100',
        order_number: 'MJ100',
        total_amount: { amount: 50, currency: 'SAR' },
        shipping_amount: { amount: 0, currency: 'SAR' },
        tax_amount: { amount: 0, currency: 'SAR' },
        items: [
          {
            name: 'Cable',
            type: 'Physical',
            reference_id: 'X-1',
            sku: 'X-1',
            quantity: 1,
            unit_price: { amount: 50, currency: 'SAR' },
            total_amount: { amount: 50, currency: 'SAR' },
          },
        ],
        consumer: { first_name: 'Reem', last_name: 'Alqahtani', phone_number: '500000001', email: 'reem@example.com' },
        shipping_address: {
          first_name: 'Reem',
          last_name: 'Alqahtani',
          line1: '1 King Fahd Road',
          city: 'Riyadh',
          country_code: 'SA',
          phone_number: '500000001',
        },
        country_code: 'SA',
        description: 'Matjar MJ100',
        payment_type: 'PAY_BY_INSTALMENTS',
        locale: 'en_US',
        merchant_url: { success: `${origin}/s`, failure: `${origin}/f`, cancel: `${origin}/c`, notification: `${origin}/n` },
      })
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaraError)
    expect((refusal as TamaraError).status).toBe(400)
  })
})
