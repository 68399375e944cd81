/**
 * Back-in-stock alerts (docs/decisions/0035-stock-alerts.md; docs/product.md, "Back-in-stock alerts"): a shopper asks
 * on a product out of stock in their city; the stock table's triggers mark the city's alerts due when units come
 * back there, by whatever path; `sendDueStockAlerts` (after every stock change the store makes, and by the
 * five-minute job for any other) claims them and sends each once, in the shopper's language, with the product's link
 * and a signed one-tap unsubscribe link.
 */
import { appConfig, type Locale, type RegionId } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { internationalMobile } from '../../src/domain/phone'
import { limiterFor, withinHourlyLimit } from '../durable-objects/limiter'
import { messageSender } from '../integrations/messaging'
import { accountStore } from '../storage/account-store'
import { stockAlertStore } from '../storage/stock-alert-store'
import { addressLimiter, limitCodeSendsByEmail, sendOtp, storeCode, verifyOtp } from './accounts'
import { CommerceError } from './errors'
import { isOrderSignature, orderSignature } from './sandbox-link'

const limits = serverLimits.stockAlerts

/** The store's public address in a message's links, as a cart reminder's (worker/commerce/abandoned-carts.ts). */
const storeOrigin = (env: Env) => (env.STORE_ORIGIN || appConfig.store.canonicalOrigin).replace(/\/+$/, '')

export type AlertChannel = 'sms' | 'email'

/** Why an alert was refused, beside the code errors of accounts (a wrong code, a wait): each a message in both languages. */
export type AlertRefusal = 'not_found' | 'in_stock' | 'bad_contact' | 'code_needed' | 'too_many_alerts' | 'rate_limited'

export class AlertRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 429,
    readonly reason: AlertRefusal,
  ) {
    super(reason)
  }
}

/** A mobile in the stored form (966...) or an email in lower case, or null when it is neither. */
export function alertContact(channel: AlertChannel, typed: string): string | null {
  if (channel === 'sms') return internationalMobile(typed)
  const email = typed.trim().toLowerCase()
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null
}

/** A product a shopper may ask about: shown, for sale. */
async function alertableProduct(env: Env, sku: string): Promise<number | null> {
  const row = await env.DB.prepare('SELECT entity_id FROM products WHERE sku = ?1 AND hidden = 0 AND not_for_sale = 0')
    .bind(sku)
    .first<{ entity_id: number }>()
  return row?.entity_id ?? null
}

/**
 * A code to prove a mobile (the sign-in codes' SMS, waits and caps) or an email (the email change's) before an alert
 * is written for it.
 */
export async function sendAlertCode(env: Env, input: { channel: AlertChannel; to: string; ip: string; locale: Locale }, now = new Date()) {
  const contact = alertContact(input.channel, input.to)
  if (!contact) throw new AlertRefused(400, 'bad_contact')
  if (input.channel === 'sms') return sendOtp(env, { phone: contact, purpose: 'stock_alert', ip: input.ip, locale: input.locale }, now)
  await limitCodeSendsByEmail(env, contact)
  if (!(await addressLimiter(env, input.ip).hit(serverLimits.otp.sendsPerIpPerHour, 3600)).allowed) throw new CommerceError(429, 'otp_rate_limited')
  const { code, expiresAt } = await storeCode(env, contact, 'stock_alert', undefined, now)
  await messageSender(env).send(
    { channel: 'email', to: contact, template: 'stock_alert_code', words: { code }, locale: input.locale, expiresAt },
    now,
  )
}

export interface AlertRequest {
  sku: string
  regionId: RegionId
  channel: AlertChannel
  /** The mobile or email typed; a signed-in shopper's email alert goes to their account's email whatever is typed. */
  to: string
  code?: string
  locale: Locale
  ip: string
  customerId: number | null
}

/**
 * Writes an alert after every check: the product, its city's stock, the contact proved (the account's own, or a code
 * sent to it), the hourly requests and the waiting alerts of the contact. A refusal writes nothing.
 */
export async function requestStockAlert(env: Env, request: AlertRequest, now = new Date()): Promise<'added' | 'exists'> {
  const customer = request.customerId === null ? null : await accountStore(env.DB).customerById(request.customerId)
  const contact = request.channel === 'email' && customer ? customer.email.toLowerCase() : alertContact(request.channel, request.to)
  if (!contact) throw new AlertRefused(400, 'bad_contact')
  const productId = await alertableProduct(env, request.sku)
  if (productId === null) throw new AlertRefused(404, 'not_found')
  const store = stockAlertStore(env.DB)
  if ((await store.stockIn(productId, request.regionId)) > 0) throw new AlertRefused(409, 'in_stock')
  const [byContact, byIp] = await Promise.all([
    withinHourlyLimit(env, `stock-alert:${contact}`, limits.requestsPerContactPerHour),
    limiterFor(env, `stock-alert-ip:${request.ip}`).hit(limits.requestsPerIpPerHour, 3600),
  ])
  if (!byContact || !byIp.allowed) throw new AlertRefused(429, 'rate_limited')
  // The account's own mobile and email were proved when it was made; any other contact is proved by its code.
  const own = customer !== null && (contact === customer.email.toLowerCase() || contact === customer.mobile)
  if (!own) {
    if (!request.code) throw new AlertRefused(400, 'code_needed')
    await verifyOtp(env, contact, 'stock_alert', request.code, { now })
  }
  if ((await store.waitingFor(contact)) >= limits.activePerContact) throw new AlertRefused(429, 'too_many_alerts')
  return store.add(
    { productId, regionId: request.regionId, channel: request.channel, contact, locale: request.locale, customerId: customer?.id ?? null },
    now,
  )
}

/** The signed part of an alert's unsubscribe link: the alert alone, under its own key (worker/commerce/sandbox-link.ts). */
export const alertSignature = (env: Env, id: number) => orderSignature(env, `stock-alert:${id}`, 'stock-alert')

/** The one-tap unsubscribe: true when the signature is the alert's and the alert was there to remove. */
export async function stopStockAlert(env: Env, id: number, signature: string): Promise<boolean> {
  if (!(await isOrderSignature(env, `stock-alert:${id}`, signature, 'stock-alert'))) return false
  return stockAlertStore(env.DB).remove(id)
}

/**
 * Sends the alerts due now, each once: the claim marks them sent in the statement that picks them, and each message's
 * idempotency key is the alert's, so a retry never sends a second. A message the queue refused is given back to the
 * next run. Returns how many were sent.
 */
export async function sendDueStockAlerts(env: Env, now = new Date()): Promise<number> {
  const store = stockAlertStore(env.DB)
  const due = await store.claimDue(limits.sendBatch, now)
  const origin = storeOrigin(env)
  const sender = messageSender(env)
  let sent = 0
  for (const alert of due) {
    const prefix = alert.locale === 'en' ? '/en' : ''
    const words = {
      name: alert.locale === 'en' ? alert.name_en : alert.name_ar,
      link: `${origin}${prefix}/product/${alert.rewrite_url}`,
      stop: `${origin}/api/stock-alerts/stop?a=${alert.id}&s=${await alertSignature(env, alert.id)}&lang=${alert.locale}`,
    }
    try {
      await sender.send(
        { channel: alert.channel, to: alert.contact, template: 'stock_alert', words, locale: alert.locale, key: `stock-alert-${alert.id}` },
        now,
      )
      sent++
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'stock alert not sent', id: alert.id, error: String(error) }))
      await store.release(alert.id)
    }
  }
  return sent
}
