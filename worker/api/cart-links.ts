/**
 * The links in a cart reminder and a payment link (docs/decisions/0032-abandoned-carts.md), opened by the shopper from
 * an SMS or an email:
 *
 * - GET /api/carts/stop?t=&lang=: the one-tap unsubscribe; the reminder's contacts get no more, and a short page
 *   says so in the shopper's language.
 * - GET /api/carts/pay?t=: the payment link staff made; places the cart's order by card and sends the shopper to pay
 *   it (303), or says in the shopper's language why it cannot (used, expired, a rule of checkout).
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Locale } from '../../app.config'
import { directionOf } from '../../src/domain/locale'
import { m } from '../../src/paraglide/messages.js'
import { openPaymentLink, stopReminders } from '../commerce/abandoned-carts'
import { CommerceError, commerceErrorBody } from '../commerce/errors'
import { storeOrigin } from '../commerce/hosted-payments'
import { requestLocale } from './locale'
import { validate } from './validate'

const linkQuery = type({ t: '0 < string <= 100', 'lang?': "'ar' | 'en'" })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A one-line page in the shopper's language and direction: what a link did, or why it did not. */
function page(text: string, locale: Locale, status: ContentfulStatusCode) {
  const html = `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Matjar</title></head>
<body style="margin:0;padding:24px;font-family:Tahoma,Arial,sans-serif;color:#111827;background:#f6f7f9"><main style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;line-height:1.7"><p>${escapeHtml(text)}</p></main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}

export const cartLinksApi = new Hono<{ Bindings: Env }>()
  .get('/carts/stop', validate('query', linkQuery), async (c) => {
    const locale = c.req.valid('query').lang ?? requestLocale(c)
    const stopped = await stopReminders(c.env, c.req.valid('query').t)
    return stopped ? page(m.cart_reminder_stopped({}, { locale }), locale, 200) : page(m.cart_reminder_stop_unknown({}, { locale }), locale, 404)
  })
  .get('/carts/pay', validate('query', linkQuery), async (c) => {
    const origin = storeOrigin(c.env, c.req.header('forwarded'), c.req.url)
    try {
      const opened = await openPaymentLink(c.env, c.req.valid('query').t, origin)
      if ('pay' in opened) return c.redirect(opened.pay, 303)
      const { locale } = opened
      if (opened.refused === 'used') return page(m.cart_payment_link_used({}, { locale }), locale, 409)
      if (opened.refused === 'expired') return page(m.cart_payment_link_expired({}, { locale }), locale, 410)
      return page(m.cart_reminder_stop_unknown({}, { locale }), locale, 404)
    } catch (error) {
      // A rule of checkout refused the order (a line sold out, a card below its minimum): said as checkout says it.
      if (!(error instanceof CommerceError)) throw error
      const locale = requestLocale(c)
      return page(commerceErrorBody(locale, error.code, error.parameters).message, locale, error.status as ContentfulStatusCode)
    }
  })
