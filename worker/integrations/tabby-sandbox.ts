/**
 * The embedded Tabby: what the store talks to for Tabby in development and tests (docs/decisions/0015). It answers the
 * adapter's calls (./tabby.ts) as Tabby documents them: `POST /api/v2/checkout` (a session and its payment, or a
 * rejection with its reason), `GET /api/v2/payments/{id}`, captures and refunds keyed by `reference_id`, a Bearer
 * secret key, amounts as decimal strings. Its hosted page stands for Tabby's: the shopper confirms with Tabby's test
 * code 8888 or cancels; the store then gets the webhook Tabby sends (the payment in lower case, with the registered
 * header) and the shopper goes back to `merchant_urls.success|cancel|failure?payment_id=...`.
 */
import { Hono } from 'hono'
import { appConfig, type Locale } from '../../app.config'
import { faviconDataUri } from '../../src/domain/brand'
import { directionOf } from '../../src/domain/locale'
import { formatAmount } from '../../src/domain/money'
import { m } from '../../src/paraglide/messages.js'
import { readSecret } from '../platform/secrets'
import { tabbySandboxStore } from '../storage/payment-store'
import { tabbyWebhookHeader, type TabbyPayment, type TabbySession, type TabbySessionRequest } from './tabby'

/** Tabby's test code (docs: "Testing"); anything else is refused on the page. */
export const tabbyTestCode = '8888'

/** Tabby's test buyer refused at pre-scoring (docs: "Testing"). */
export const tabbyRejectedPhone = '+966500000002'

const nowIso = () => new Date().toISOString()
const error = (status: number, errorType: string, text: string) => Response.json({ status: 'error', errorType, error: text }, { status })

interface StoredSession {
  session: TabbySession
  merchant_urls: TabbySessionRequest['merchant_urls']
  lang: 'ar' | 'en'
}

export const tabbySandboxApi = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    const key = await readSecret(c.env, 'TABBY_SECRET_KEY')
    if (c.req.header('authorization') !== `Bearer ${key}`) return error(401, 'not_authorized', 'merchant is null')
    await next()
  })
  .post('/api/v2/checkout', async (c) => {
    const body = (await c.req.json().catch(() => null)) as TabbySessionRequest | null
    const amount = Number(body?.payment?.amount)
    if (
      !body?.payment?.order?.reference_id ||
      !/^\d+(\.\d{1,2})?$/.test(body.payment.amount ?? '') ||
      body.payment.currency !== 'SAR' ||
      !body.merchant_urls?.success
    ) {
      return error(400, 'bad_data', 'could not create payment')
    }
    const id = crypto.randomUUID()
    const payment: TabbyPayment = {
      id: crypto.randomUUID(),
      status: 'CREATED',
      amount: body.payment.amount,
      currency: 'SAR',
      is_test: true,
      created_at: nowIso(),
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      order: { reference_id: body.payment.order.reference_id },
      captures: [],
      refunds: [],
    }
    // Pre-scoring: Tabby answers an amount outside the store's range with a rejected session and its reason.
    const { minSar, maxSar } = appConfig.payments.tabby
    const rejection =
      amount < minSar
        ? 'order_amount_too_low'
        : amount > maxSar
          ? 'order_amount_too_high'
          : body.payment.buyer?.phone === tabbyRejectedPhone
            ? 'not_available'
            : null
    const webUrl = `${new URL(body.merchant_urls.success).origin}/commerce/payments/tabby-sandbox/${id}?lang=${body.lang}`
    const session: TabbySession = {
      id,
      status: rejection ? 'rejected' : 'created',
      payment,
      configuration: {
        available_products: rejection ? {} : { installments: [{ web_url: webUrl }] },
        products: { installments: { type: 'installments', is_available: !rejection, rejection_reason: rejection } },
      },
    }
    const store = tabbySandboxStore(c.env.DB)
    await store.saveSession(id, { session, merchant_urls: body.merchant_urls, lang: body.lang } satisfies StoredSession)
    await store.savePayment(payment.id, payment)
    return c.json(session)
  })
  .get('/api/v2/payments/:id', async (c) => {
    const payment = await tabbySandboxStore(c.env.DB).payment<TabbyPayment>(c.req.param('id'))
    return payment ? c.json(payment) : error(404, 'not_found', 'payment not found')
  })
  .post('/api/v2/payments/:id/captures', async (c) => {
    const store = tabbySandboxStore(c.env.DB)
    const payment = await store.payment<TabbyPayment>(c.req.param('id'))
    if (!payment) return error(404, 'not_found', 'payment not found')
    const body = (await c.req.json().catch(() => ({}))) as { amount?: string; reference_id?: string }
    if (!body.amount || !body.reference_id) return error(400, 'bad_data', 'amount and reference_id are required')
    // The same reference_id twice is one capture.
    if (payment.captures.some((capture) => capture.reference_id === body.reference_id)) return c.json(payment)
    if (payment.status !== 'AUTHORIZED') return error(400, 'bad_data', 'payment is not authorized')
    const captured = payment.captures.reduce((sum, capture) => sum + Number(capture.amount), 0) + Number(body.amount)
    if (captured > Number(payment.amount) + 1e-9) return error(400, 'bad_data', 'capture amount is too high')
    const after: TabbyPayment = {
      ...payment,
      status: Math.abs(captured - Number(payment.amount)) < 1e-9 ? 'CLOSED' : 'AUTHORIZED',
      captures: [...payment.captures, { id: crypto.randomUUID(), amount: body.amount, reference_id: body.reference_id, created_at: nowIso() }],
    }
    await store.savePayment(payment.id, after)
    return c.json(after)
  })
  .post('/api/v2/payments/:id/close', async (c) => {
    const store = tabbySandboxStore(c.env.DB)
    const payment = await store.payment<TabbyPayment>(c.req.param('id'))
    if (!payment) return error(404, 'not_found', 'payment not found')
    if (payment.status === 'CLOSED') return c.json(payment)
    if (payment.status !== 'AUTHORIZED') return error(400, 'bad_data', 'payment is not authorized')
    const after: TabbyPayment = { ...payment, status: 'CLOSED' }
    await store.savePayment(payment.id, after)
    return c.json(after)
  })
  .post('/api/v2/payments/:id/refunds', async (c) => {
    const store = tabbySandboxStore(c.env.DB)
    const payment = await store.payment<TabbyPayment>(c.req.param('id'))
    if (!payment) return error(404, 'not_found', 'payment not found')
    const body = (await c.req.json().catch(() => ({}))) as { amount?: string; reference_id?: string; reason?: string }
    if (!body.amount || !body.reference_id) return error(400, 'bad_data', 'amount and reference_id are required')
    if (payment.refunds.some((refund) => refund.reference_id === body.reference_id)) return c.json(payment)
    if (payment.status !== 'CLOSED') return error(400, 'bad_data', 'can not refund payment that has no captures and not closed')
    const refunded = payment.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0) + Number(body.amount)
    if (refunded > Number(payment.amount) + 1e-9) return error(409, 'bad_data', 'refund amount is too high')
    const after: TabbyPayment = {
      ...payment,
      refunds: [
        ...payment.refunds,
        { id: crypto.randomUUID(), amount: body.amount, reference_id: body.reference_id, reason: body.reason, created_at: nowIso() },
      ],
    }
    await store.savePayment(payment.id, after)
    return c.json(after)
  })

/**
 * The shopper's answer on the hosted page: `confirm` with the test code authorises the payment, `cancel` expires it.
 * The webhook goes to the store first (`deliver`); the answer is where the shopper goes next, or null for an unknown
 * or finished session. A wrong code keeps the shopper on the page (`retry`).
 */
export async function answerTabbySession(
  env: Env,
  sessionId: string,
  answer: { action: 'confirm' | 'cancel'; code: string },
  deliver: (webhook: Request) => Promise<Response>,
): Promise<{ redirect: string } | { retry: true } | null> {
  const store = tabbySandboxStore(env.DB)
  const stored = await store.session<StoredSession>(sessionId)
  const payment = stored && (await store.payment<TabbyPayment>(stored.session.payment.id))
  if (!stored || !payment || payment.status !== 'CREATED') return null
  if (answer.action === 'confirm' && answer.code !== tabbyTestCode) return { retry: true }
  const after: TabbyPayment = { ...payment, status: answer.action === 'confirm' ? 'AUTHORIZED' : 'EXPIRED' }
  await store.savePayment(payment.id, after)
  const secret = await readSecret(env, 'TABBY_WEBHOOK_SECRET')
  await deliver(
    new Request('https://tabby.embedded/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [tabbyWebhookHeader]: secret },
      body: JSON.stringify({
        ...after,
        status: after.status.toLowerCase(),
        is_expired: after.status === 'EXPIRED',
        meta: { order_id: null, customer: null },
      }),
    }),
  )
  const back = new URL(answer.action === 'confirm' ? stored.merchant_urls.success : stored.merchant_urls.cancel)
  back.searchParams.set('payment_id', payment.id)
  return { redirect: back.toString() }
}

/** The hosted page in the shopper's language; `wrongCode` after a code that is not Tabby's test code. */
export async function tabbySessionPage(env: Env, sessionId: string, locale: Locale, wrongCode = false): Promise<string | null> {
  const store = tabbySandboxStore(env.DB)
  const stored = await store.session<StoredSession>(sessionId)
  const payment = stored && (await store.payment<TabbyPayment>(stored.session.payment.id))
  if (!stored || !payment || payment.status !== 'CREATED') return null
  const o = { locale }
  // The one money format of the store (14,351.40), as on every page.
  const amount = formatAmount(Number(payment.amount), 2)
  const quarter = formatAmount(Number(payment.amount) / 4, 2)
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.tabby_sandbox_title({}, o)}</title><link rel="icon" href="${faviconDataUri}" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
label{display:block;margin-block:.5rem}input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.5rem;margin-block-start:.25rem}
button{font:inherit;padding:.75rem 1.5rem;border-radius:999px;border:0;cursor:pointer;margin-block:.75rem;margin-inline-end:.5rem}
.confirm{background:#3bffc1;color:#111827}.cancel{background:#e5e7eb}.failure{color:#b42318;font-weight:600}</style></head>
<body><main><h1>${m.tabby_sandbox_title({}, o)}</h1>
<p><strong>${m.tabby_sandbox_plan({ amount, quarter }, o)}</strong></p>
<p>${m.tabby_sandbox_note({ code: tabbyTestCode }, o)}</p>
${wrongCode ? `<p class="failure" role="alert">${m.tabby_sandbox_wrong_code({}, o)}</p>` : ''}
<form method="post">
<label>${m.tabby_sandbox_code({}, o)}<input name="code" dir="ltr" inputmode="numeric" autocomplete="one-time-code" maxlength="4"></label>
<button class="confirm" name="action" value="confirm">${m.tabby_sandbox_confirm({}, o)}</button>
<button class="cancel" name="action" value="cancel">${m.tabby_sandbox_cancel({}, o)}</button>
</form></main></body></html>`
}
