/**
 * Abandoned carts (docs/decisions/0032-abandoned-carts.md; docs/product.md, "The merchant console"): a known shopper's
 * cart (signed in, or a mobile verified by code) untouched for `serverLimits.carts.abandonedAfterMinutes` is listed for
 * staff and reminded, by staff from the list or by the five-minute job:
 *
 * - at most `remindersPerCart` reminders per cart, each claimed in D1 before it is sent, so two staff, or staff and the
 *   job, racing send one;
 * - none after an order: the cart's record goes when it is ordered, and the cart itself is read before each reminder;
 * - none to a contact that opted out: every reminder carries a one-tap link that records the opt-out;
 * - through the queue (worker/integrations/messaging.ts), in the language the shopper started the cart in;
 * - optionally, from staff, with a one-use coupon for that shopper alone (`createSingleUseCoupon`).
 *
 * Staff can also turn a cart into an order paid by a link: opened, the link places the cart's order by card through
 * the same path as checkout (worker/commerce/orders.ts `placeOrder`) and sends the shopper to pay it; the order is
 * one per cart, paid once, and a link whose order is paid or gone is refused.
 */
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { formatDisplayDate, riyadhDateString } from '../../src/domain/dates'
import { formatAmount } from '../../src/domain/money'
import { computeTotals } from '../../src/domain/cart'
import { messageSender } from '../integrations/messaging'
import { randomToken, sha256Hex } from '../platform/tokens'
import type { AuditEntry } from '../storage/audit-store'
import { createSingleUseCoupon } from '../storage/coupon-store'
import { shopperCartStore, type AbandonedCart } from '../storage/shopper-cart-store'
import { cartStub } from './carts'
import { orderForQuote, placeOrder } from './orders'

const { carts } = serverLimits

/** When a cart untouched since then counts as abandoned. */
export const abandonedBefore = (now: Date) => new Date(now.getTime() - carts.abandonedAfterMinutes * 60_000)

export type ReminderOutcome = 'sent' | 'already' | 'limit' | 'ordered' | 'opted_out' | 'no_contact'

const storeOrigin = (env: Env) => (env.STORE_ORIGIN || appConfig.store.canonicalOrigin).replace(/\/+$/, '')
const localeOf = (text: string | null | undefined): Locale => (text === 'en' ? 'en' : 'ar')

/** The digest an opt-out is kept under: of the 966 mobile, or of the lower-case email. */
const contactHash = (contact: string) => sha256Hex(`cart-reminder:${contact.trim().toLowerCase()}`)

/** Where a cart's reminders go: its verified mobile by SMS, and a signed-in shopper's account email. */
function contactsOf(cart: AbandonedCart): { channel: 'sms' | 'email'; to: string }[] {
  const mobile = cart.mobile ?? cart.phone
  return [...(mobile ? [{ channel: 'sms' as const, to: mobile }] : []), ...(cart.email ? [{ channel: 'email' as const, to: cart.email }] : [])]
}

/**
 * Sends a cart its next reminder. `seen`: the reminders the caller saw sent (staff read it on the list; the job reads
 * it from the row), so a reminder another sent meanwhile is 'already'. `audit`: a staff member's, landing with the claim.
 */
export async function remindCart(
  env: Env,
  quoteId: string,
  seen: number,
  options: { audit?: AuditEntry; couponPercent?: number } = {},
  now = new Date(),
): Promise<ReminderOutcome> {
  const store = shopperCartStore(env.DB)
  const cart = await store.byQuote(quoteId)
  if (!cart) return 'ordered'
  if (cart.reminders >= carts.remindersPerCart) return 'limit'
  // The cart itself, not its record, says whether it is still there to finish: none after an order.
  const state = await cartStub(env, quoteId).state()
  if (!state || state.status !== 'active' || !state.lines.some((line) => line.parent_item_id === null)) {
    await store.drop(quoteId)
    return 'ordered'
  }
  const all = contactsOf(cart)
  if (all.length === 0) return 'no_contact'
  const hashes = await Promise.all(all.map((contact) => contactHash(contact.to)))
  const stopped = await store.optedOut(hashes)
  const contacts = all.filter((_, i) => !stopped.has(hashes[i]!))
  if (contacts.length === 0) return 'opted_out'
  const taken = await store.claimReminder(quoteId, seen, carts.remindersPerCart, now, options.audit)
  if (taken === null) return seen >= carts.remindersPerCart ? 'limit' : 'already'

  const locale = localeOf(cart.locale)
  const origin = storeOrigin(env)
  const stopToken = randomToken(16)
  await store.addStop(await sha256Hex(stopToken), hashes, now)
  // Only staff attach a coupon (worker/api/ops-carts.ts): minted for this cart's shopper alone, good once, for a week.
  const coupon =
    options.couponPercent && options.audit
      ? {
          code: await createSingleUseCoupon(env, {
            customerId: cart.customer_id,
            phone: cart.phone,
            kind: 'percent',
            amount: options.couponPercent,
            days: carts.couponDays,
            prefix: 'CART-',
            by: { actor: options.audit.actor, requestId: options.audit.requestId, at: now },
          }),
          until: new Date(now.getTime() + carts.couponDays * 86_400_000),
        }
      : null
  const words = {
    total: formatAmount(computeTotals(state, now).grand_total, 2),
    link: `${origin}${locale === 'en' ? '/en' : ''}/cart`,
    stop: `${origin}/api/carts/stop?t=${stopToken}&lang=${locale}`,
    coupon: coupon?.code ?? '',
    percent: coupon ? String(options.couponPercent) : '',
    date: coupon ? formatDisplayDate(riyadhDateString(coupon.until), locale) : '',
  }
  const sender = messageSender(env)
  for (const { channel, to } of contacts) {
    await sender.send({ channel, to, template: 'cart_reminder', words, locale, key: `cart-${quoteId}-reminder-${taken}-${channel}` }, now)
  }
  return 'sent'
}

/** The five-minute job: every abandoned cart with a reminder left, the second a day after the first. */
export async function remindAbandonedCarts(env: Env, now: Date): Promise<number> {
  const gap = new Date(now.getTime() - carts.secondReminderAfterHours * 3_600_000)
  const due = await shopperCartStore(env.DB).due(abandonedBefore(now), gap, carts.remindersPerCart, carts.reminderBatch)
  let sent = 0
  for (const cart of due) {
    try {
      if ((await remindCart(env, cart.quote_id, cart.reminders, {}, now)) === 'sent') sent++
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'cart reminder not sent', quote: cart.quote_id, error: String(error) }))
    }
  }
  return sent
}

/** The one-tap unsubscribe: the contacts its reminder went to get no more. False for a token that is not ours. */
export async function stopReminders(env: Env, token: string, now = new Date()): Promise<boolean> {
  if (!/^[\w-]{16,64}$/.test(token)) return false
  const store = shopperCartStore(env.DB)
  const contacts = await store.stopContacts(await sha256Hex(token))
  if (!contacts) return false
  await store.optOut(contacts, now)
  return true
}

export type PaymentLinkRefusal = 'not_found' | 'ordered' | 'no_details' | 'empty'

/**
 * Staff make a payment link for a cart (docs/decisions/0032-abandoned-carts.md): the cart must still be active, hold
 * products and carry the shopper's checkout details (name, mobile, address), since its order is placed with them. The
 * link is sent to the shopper (SMS and a signed-in shopper's email) and answered to staff; the audit row lands with it.
 */
export async function makePaymentLink(
  env: Env,
  quoteId: string,
  audit: AuditEntry,
  now = new Date(),
): Promise<{ link: string; expires_at: string } | { refused: PaymentLinkRefusal }> {
  const store = shopperCartStore(env.DB)
  const cart = await store.byQuote(quoteId)
  if (!cart) return { refused: 'not_found' }
  const state = await cartStub(env, quoteId).state()
  if (!state || state.status !== 'active') return { refused: 'ordered' }
  if (!state.lines.some((line) => line.parent_item_id === null)) return { refused: 'empty' }
  if (!state.checkout) return { refused: 'no_details' }
  const token = randomToken(24)
  const locale = localeOf(cart.locale)
  const expires = new Date(now.getTime() + carts.paymentLinkDays * 86_400_000)
  await store.addPaymentLink(
    { token_hash: await sha256Hex(token), quote_id: quoteId, locale, created_at: now.toISOString(), expires_at: expires.toISOString() },
    audit,
  )
  const link = `${storeOrigin(env)}/api/carts/pay?t=${token}`
  const words = { total: formatAmount(computeTotals(state, now).grand_total, 2), link }
  const sender = messageSender(env)
  for (const { channel, to } of contactsOf(cart)) {
    await sender.send({ channel, to, template: 'cart_payment_link', words, locale, key: `cart-${quoteId}-pay-${now.getTime()}-${channel}` }, now)
  }
  return { link, expires_at: expires.toISOString() }
}

/**
 * The shopper opens a payment link: the first open places the cart's order by card (the checkout path, every rule
 * checked again) and answers where to pay; opening it again while that order awaits payment answers the same payment.
 * Paid, cancelled or expired, the link is refused: it pays its cart once.
 */
export async function openPaymentLink(
  env: Env,
  token: string,
  origin: string,
  now = new Date(),
): Promise<{ pay: string } | { refused: 'unknown' | 'expired' | 'used'; locale: Locale }> {
  if (!/^[\w-]{20,64}$/.test(token)) return { refused: 'unknown', locale: 'ar' }
  const tokenHash = await sha256Hex(token)
  const store = shopperCartStore(env.DB)
  const link = await store.paymentLink(tokenHash)
  if (!link) return { refused: 'unknown', locale: 'ar' }
  const locale = localeOf(link.locale)
  const state = await cartStub(env, link.quote_id).state()
  if (!state) return { refused: 'expired', locale }
  if (state.status === 'ordered') {
    const order = await orderForQuote(env, link.quote_id)
    if (order?.status === 'pending_payment' && order.payment_url) return { pay: order.payment_url }
    return { refused: 'used', locale }
  }
  if (Date.parse(link.expires_at) <= now.getTime()) return { refused: 'expired', locale }
  const placed = await placeOrder(env, state, { method: 'card', customerId: state.customer_id, locale, origin }, now)
  await store.linkOrdered(tokenHash, placed.order_id)
  if (placed.status !== 'pending_payment' || !placed.payment_url) return { refused: 'used', locale }
  return { pay: placed.payment_url }
}
