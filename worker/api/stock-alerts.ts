/**
 * Back-in-stock alerts (docs/product.md, "Back-in-stock alerts"; docs/decisions/0035-stock-alerts.md):
 *
 * - POST /api/stock-alerts/code {channel, to}: a code to the mobile (SMS) or email, under the sign-in codes' waits
 *   and caps
 * - POST /api/stock-alerts {sku, channel, to?, code?}: an alert on the product for the shopper's city; a guest's
 *   contact, or a signed-in shopper's other mobile, proved by the code; 409 `in_stock` when the city has it
 * - GET /api/stock-alerts: the signed-in shopper's alerts; DELETE /api/stock-alerts/{id}: removes one of theirs
 * - GET /api/stock-alerts/stop?a=&s=&lang=: the signed one-tap unsubscribe of an alert's message
 *
 * Every refusal is a 4xx with its message in the shopper's language, and writes nothing.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Locale } from '../../app.config'
import { cookies } from '../../src/domain/cookies'
import { directionOf } from '../../src/domain/locale'
import { effectiveRegion } from '../../src/domain/region'
import { m } from '../../src/paraglide/messages.js'
import { CommerceError, commerceErrorBody } from '../commerce/errors'
import { AlertRefused, requestStockAlert, sendAlertCode, stopStockAlert, type AlertRefusal } from '../commerce/stock-alerts'
import { clientIp } from '../http/client-ip'
import { currentRequestId } from '../http/request-context'
import { accountStore } from '../storage/account-store'
import { stockAlertStore } from '../storage/stock-alert-store'
import { standingCustomerId } from './account'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { honoCookieJar } from './session-jar'
import { validate } from './validate'

const channel = "'sms' | 'email'"
const codeBody = type({ channel, to: '0 < string <= 254' })
const alertBody = type({ sku: '0 < string <= 64', channel, 'to?': 'string <= 254', 'code?': '/^[0-9٠-٩]{4,8}$/' })
const stopQuery = type({ a: '/^[0-9]{1,12}$/', s: '/^[A-Za-z0-9_-]{43}$/', 'lang?': "'ar' | 'en'" })
const idParam = type({ id: '/^[0-9]{1,12}$/' })

const refusalText: Record<AlertRefusal, (locale: Locale) => string> = {
  not_found: (locale) => m.stock_alert_not_found({}, { locale }),
  in_stock: (locale) => m.stock_alert_in_stock({}, { locale }),
  bad_contact: (locale) => m.stock_alert_bad_contact({}, { locale }),
  code_needed: (locale) => m.stock_alert_code_needed({}, { locale }),
  too_many_alerts: (locale) => m.stock_alert_too_many({}, { locale }),
  rate_limited: (locale) => m.stock_alert_rate_limited({}, { locale }),
}

/** The API's error shape (worker/api/errors.ts) for a refusal of this file's or of the codes' (a wrong code, a wait). */
function refused(c: Context, error: unknown): Response {
  const locale = requestLocale(c)
  if (error instanceof AlertRefused) {
    const message = refusalText[error.reason](locale)
    return c.json({ error: { status: error.status, code: error.reason, message, issues: [message], requestId: currentRequestId() } }, error.status)
  }
  if (error instanceof CommerceError) {
    const body = commerceErrorBody(locale, error.code, error.parameters)
    return c.json(
      { error: { status: error.status, code: body.code, message: body.message, issues: [body.message], requestId: body.requestId } },
      error.status,
    )
  }
  throw error
}

/** The signed-in shopper's account contacts (their own alerts are theirs by these too), or null for a guest. */
async function signedIn(c: Context<{ Bindings: Env }>) {
  const id = await standingCustomerId(c)
  const customer = id === null ? null : await accountStore(c.env.DB).customerById(id)
  if (!customer) return null
  return { id: customer.id, contacts: [customer.mobile, customer.email.toLowerCase()].filter(Boolean) }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A one-line page in the shopper's language, as a cart reminder's stop link answers (worker/api/cart-links.ts). */
function page(text: string, locale: Locale, status: ContentfulStatusCode) {
  const html = `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Matjar</title></head>
<body style="margin:0;padding:24px;font-family:Tahoma,Arial,sans-serif;color:#111827;background:#f6f7f9"><main style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;line-height:1.7"><p>${escapeHtml(text)}</p></main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}

export const stockAlertsApi = new Hono<{ Bindings: Env }>()
  .post('/stock-alerts/code', validate('json', codeBody), async (c) => {
    const body = c.req.valid('json')
    try {
      await sendAlertCode(c.env, { ...body, ip: clientIp((n) => c.req.header(n)), locale: requestLocale(c) })
    } catch (error) {
      return refused(c, error)
    }
    return c.json({ data: { sent: true } })
  })
  .post('/stock-alerts', validate('json', alertBody), async (c) => {
    const body = c.req.valid('json')
    const shopper = await signedIn(c)
    try {
      const outcome = await requestStockAlert(c.env, {
        sku: body.sku,
        channel: body.channel,
        to: body.to ?? '',
        ...(body.code ? { code: body.code } : {}),
        regionId: effectiveRegion(honoCookieJar(c).get(cookies.region)),
        locale: requestLocale(c),
        ip: clientIp((n) => c.req.header(n)),
        customerId: shopper?.id ?? null,
      })
      return c.json({ data: { outcome } })
    } catch (error) {
      return refused(c, error)
    }
  })
  .get('/stock-alerts', async (c) => {
    const shopper = await signedIn(c)
    if (!shopper) throw new ApiError(401, 'forbidden')
    const alerts = await stockAlertStore(c.env.DB).listFor(shopper.id, shopper.contacts)
    return c.json({ data: { alerts } }, 200, { 'cache-control': 'no-store' })
  })
  .delete('/stock-alerts/:id', validate('param', idParam), async (c) => {
    const shopper = await signedIn(c)
    if (!shopper) throw new ApiError(401, 'forbidden')
    const removed = await stockAlertStore(c.env.DB).removeFor(Number(c.req.valid('param').id), shopper.id, shopper.contacts)
    if (!removed) throw new ApiError(404, 'not_found')
    return c.json({ data: { removed: true } })
  })
  .get('/stock-alerts/stop', validate('query', stopQuery), async (c) => {
    const query = c.req.valid('query')
    const locale = query.lang ?? requestLocale(c)
    const stopped = await stopStockAlert(c.env, Number(query.a), query.s)
    return stopped ? page(m.stock_alert_stopped({}, { locale }), locale, 200) : page(m.cart_reminder_stop_unknown({}, { locale }), locale, 404)
  })
