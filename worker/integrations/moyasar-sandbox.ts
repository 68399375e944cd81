/**
 * The embedded Moyasar: the card gateway the store talks to in development and tests (docs/decisions/0014). It answers
 * the calls the adapter (./moyasar.ts) makes exactly as Moyasar documents them (`POST /v1/invoices`, `GET
 * /v1/invoices/{id}`, `GET /v1/payments/{id}`, `POST /v1/payments/{id}/refund`, HTTP Basic with the secret key,
 * halalas), shows the hosted invoice page where a shopper types a test card, and after a payment sends the webhook
 * Moyasar sends (the dashboard's `secret_token` beside the payment) and returns the shopper to `success_url?id=...`.
 * Outcomes follow Moyasar's published test cards; any other number fails, as the current docs say.
 */
import { Hono } from 'hono'
import type { Locale } from '../../app.config'
import { faviconDataUri } from '../../src/domain/brand'
import { directionOf } from '../../src/domain/locale'
import { formatAmount } from '../../src/domain/money'
import { m } from '../../src/paraglide/messages.js'
import { readSecret } from '../platform/secrets'
import { moyasarSandboxStore } from '../storage/payment-store'
import type { MoyasarInvoice, MoyasarPayment, MoyasarWebhook, NewInvoice } from './moyasar'

/** Moyasar's test cards (docs: "Testing", cards by outcome): number -> network, status and the gateway's message. */
export const moyasarTestCards: Record<string, { company: string; status: 'paid' | 'failed'; message: string }> = {
  '4201320111111010': { company: 'mada', status: 'paid', message: 'APPROVED' },
  '4201321234411220': { company: 'mada', status: 'failed', message: 'DECLINED' },
  '4201320000311101': { company: 'mada', status: 'failed', message: 'INSUFFICIENT FUNDS' },
  '4111111111111111': { company: 'visa', status: 'paid', message: 'APPROVED' },
  '4123120000000000': { company: 'visa', status: 'failed', message: 'UNSPECIFIED FAILURE' },
  '5421080101000000': { company: 'master', status: 'paid', message: 'APPROVED' },
  '5105105105105100': { company: 'master', status: 'failed', message: 'UNSPECIFIED FAILURE' },
}

const nowIso = () => new Date().toISOString()

type SandboxEnv = { Bindings: Env }

/** Moyasar's error body. */
const error = (type: string, message: string) => ({ type, message, errors: null })

/** The API (`/v1/...`), as the adapter reaches it in process. */
export const moyasarSandboxApi = new Hono<SandboxEnv>()
  .basePath('/v1')
  .use(async (c, next) => {
    const key = await readSecret(c.env, 'MOYASAR_SECRET_KEY')
    if (c.req.header('authorization') !== `Basic ${btoa(`${key}:`)}`)
      return c.json(error('authentication_error', 'Invalid authorization credentials'), 401)
    await next()
  })
  .post('/invoices', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Partial<NewInvoice> | null
    if (!body || !Number.isInteger(body.amount) || (body.amount ?? 0) < 100 || body.currency !== 'SAR' || !body.description || !body.success_url) {
      return c.json(error('invalid_request_error', 'Validation Failed'), 400)
    }
    const id = crypto.randomUUID()
    const invoice: MoyasarInvoice = {
      id,
      status: 'initiated',
      amount: body.amount!,
      currency: body.currency,
      description: body.description,
      // The hosted page is served by the store itself here (the real one is on checkout.moyasar.com).
      url: `${new URL(body.success_url).origin}/commerce/payments/moyasar-sandbox/invoices/${id}`,
      callback_url: body.callback_url ?? null,
      success_url: body.success_url,
      back_url: body.back_url ?? null,
      expired_at: body.expired_at ?? null,
      metadata: body.metadata ?? null,
      payments: [],
      created_at: nowIso(),
      updated_at: nowIso(),
    }
    await moyasarSandboxStore(c.env.DB).saveInvoice(id, invoice)
    return c.json(invoice, 201)
  })
  .get('/invoices/:id', async (c) => {
    const invoice = await sandboxInvoice(c.env, c.req.param('id'))
    return invoice ? c.json(invoice) : c.json(error('invalid_request_error', 'Object not found'), 404)
  })
  .get('/payments/:id', async (c) => {
    const payment = await moyasarSandboxStore(c.env.DB).payment<MoyasarPayment>(c.req.param('id'))
    return payment ? c.json(payment) : c.json(error('invalid_request_error', 'Object not found'), 404)
  })
  .post('/payments/:id/refund', async (c) => {
    const store = moyasarSandboxStore(c.env.DB)
    const payment = await store.payment<MoyasarPayment>(c.req.param('id'))
    if (!payment) return c.json(error('invalid_request_error', 'Object not found'), 404)
    const body = (await c.req.json().catch(() => ({}))) as { amount?: number }
    const amount = body.amount ?? payment.amount - payment.refunded
    if (
      !['paid', 'captured', 'refunded'].includes(payment.status) ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      payment.refunded + amount > payment.amount
    ) {
      return c.json(error('invalid_request_error', 'Payment cannot be refunded'), 400)
    }
    const refunded: MoyasarPayment = { ...payment, status: 'refunded', refunded: payment.refunded + amount, updated_at: nowIso() }
    await store.savePayment(payment.id, payment.invoice_id ?? '', refunded)
    return c.json(refunded)
  })

async function sandboxInvoice(env: Env, id: string): Promise<MoyasarInvoice | null> {
  const store = moyasarSandboxStore(env.DB)
  const invoice = await store.invoice<MoyasarInvoice>(id)
  return invoice && { ...invoice, payments: await store.paymentsOf<MoyasarPayment>(id) }
}

/**
 * The hosted page's answer to a card: the payment made as Moyasar would make it, the webhook sent to the store
 * (`deliver`, the store's own webhook handler), and where the shopper goes: `success_url?id=...` when paid, else the
 * page again with the gateway's message. Null: no such invoice, or it is paid already.
 */
export async function payInvoice(
  env: Env,
  invoiceId: string,
  card: { name: string; number: string },
  deliver: (webhook: Request) => Promise<Response>,
): Promise<{ paid: boolean; redirect: string | null; message: string } | null> {
  const store = moyasarSandboxStore(env.DB)
  const invoice = await store.invoice<MoyasarInvoice>(invoiceId)
  if (!invoice || invoice.status !== 'initiated') return null
  const number = card.number.replace(/\D/g, '')
  const outcome = moyasarTestCards[number] ?? {
    company: number.startsWith('5') ? 'master' : 'visa',
    status: 'failed' as const,
    message: 'UNSPECIFIED FAILURE',
  }
  const payment: MoyasarPayment = {
    id: crypto.randomUUID(),
    status: outcome.status,
    amount: invoice.amount,
    currency: invoice.currency,
    refunded: 0,
    description: invoice.description,
    invoice_id: invoice.id,
    metadata: invoice.metadata,
    source: { type: 'creditcard', company: outcome.company, message: outcome.message, number: `XXXX-XXXX-XXXX-${number.slice(-4)}` },
    created_at: nowIso(),
    updated_at: nowIso(),
  }
  await store.savePayment(payment.id, invoice.id, payment)
  if (outcome.status === 'paid') await store.saveInvoice(invoice.id, { ...invoice, status: 'paid', updated_at: nowIso() })
  const webhook: MoyasarWebhook & { created_at: string; live: boolean; data: MoyasarPayment } = {
    id: crypto.randomUUID(),
    type: outcome.status === 'paid' ? 'payment_paid' : 'payment_failed',
    created_at: nowIso(),
    secret_token: await readSecret(env, 'MOYASAR_WEBHOOK_SECRET'),
    live: false,
    data: payment,
  }
  await deliver(
    new Request('https://moyasar.embedded/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhook),
    }),
  )
  if (outcome.status !== 'paid' || !invoice.success_url) return { paid: false, redirect: null, message: outcome.message }
  const back = new URL(invoice.success_url)
  back.searchParams.set('id', payment.id)
  back.searchParams.set('status', payment.status)
  back.searchParams.set('message', outcome.message)
  return { paid: true, redirect: back.toString(), message: outcome.message }
}

/** The hosted invoice page, in the shopper's language; `failure`: the last card's refusal. */
export async function invoicePage(env: Env, invoiceId: string, locale: Locale, failure?: string): Promise<string | null> {
  const invoice = await moyasarSandboxStore(env.DB).invoice<MoyasarInvoice>(invoiceId)
  if (!invoice || invoice.status !== 'initiated') return null
  const o = { locale }
  const cards = Object.entries(moyasarTestCards)
    .map(([number, card]) => `<li><code>${number}</code> ${card.company}, ${card.status === 'paid' ? 'APPROVED' : card.message}</li>`)
    .join('')
  const field = (name: string, label: string, attrs: string) => `<label>${label}<input name="${name}" dir="ltr" required ${attrs}></label>`
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.moyasar_title({}, o)}</title><link rel="icon" href="${faviconDataUri}" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
label{display:block;margin-block:.5rem}input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.5rem;margin-block-start:.25rem}
button{font:inherit;padding:.75rem 1.5rem;border-radius:999px;border:0;background:#0b4f9c;color:#fff;cursor:pointer;margin-block:.75rem}
.failure{color:#b42318;font-weight:600}</style></head>
<body><main><h1>${m.moyasar_title({}, o)}</h1>
<p><strong>${escapeHtml(invoice.description)}</strong></p>
<p>${m.moyasar_note({}, o)}</p>
${failure ? `<p class="failure" role="alert">${m.moyasar_failed({ reason: escapeHtml(failure) }, o)}</p>` : ''}
<form method="post">
${field('name', m.moyasar_name({}, o), 'autocomplete="cc-name" maxlength="60"')}
${field('number', m.moyasar_number({}, o), 'inputmode="numeric" autocomplete="cc-number" maxlength="19"')}
${field('month', m.moyasar_month({}, o), 'inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" value="12"')}
${field('year', m.moyasar_year({}, o), 'inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" value="2030"')}
${field('cvc', m.moyasar_cvc({}, o), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="123"')}
<button>${m.moyasar_pay({ amount: formatAmount(invoice.amount / 100, 2) }, o)}</button></form>
${invoice.back_url ? `<p><a href="${escapeHtml(invoice.back_url)}">${m.moyasar_back({}, o)}</a></p>` : ''}
<h2>${m.moyasar_test_cards({}, o)}</h2><ul dir="ltr">${cards}</ul></main></body></html>`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
