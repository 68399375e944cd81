/**
 * An order's messages to its buyer (docs/decisions/0017-messages-through-a-queue.md): the SMS to the order's mobile and
 * the email to its address, in the language the order was placed in, with the order's words formatted here once
 * (money by formatAmount: 14,351.40; the delivery date by formatDisplayDate). Each message is keyed by the order, the
 * template and the channel, so asking twice (a payment's return and its webhook, say) sends once.
 *
 *   await sendOrderMessage(env, orderId, 'order_cancelled')
 *   await sendOrderMessage(env, orderId, { customer: 'order_confirmed', guest: 'order_confirmed_guest' })
 *
 * A template that needs more words than an order's (a tracking number) takes them as `extra`, or as a function of the
 * order's row and language. Never throws: a
 * message that cannot be sent is logged, and the order goes on.
 */
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { formatDisplayDate } from '../../src/domain/dates'
import { formatAmount } from '../../src/domain/money'
import { templateHas, type OrderWords, type TemplateName, type WordsOf } from '../integrations/message-templates'
import { messageSender } from '../integrations/messaging'
import { finalStatuses, messageStore } from '../storage/message-store'
import type { AuditEntry } from '../storage/audit-store'
import { orderStore, type OrderDetailRow } from '../storage/order-store'
import { invoiceStore } from '../storage/invoice-store'
import type { PickupShowroom } from '../../src/domain/shipping'
import { invoiceLink, isGiven } from './invoices'

type Extra<T extends TemplateName> = Omit<WordsOf<T>, keyof OrderWords>

/** One template for every buyer, or one for buyers with an account and one for guests (who have no account to look in). */
export type OrderTemplateChoice<T extends TemplateName> = T | { customer: T; guest: T }

export async function sendOrderMessage<T extends TemplateName>(
  env: Env,
  orderId: number,
  choice: OrderTemplateChoice<T>,
  extra?: Extra<T> | ((row: OrderDetailRow, locale: Locale) => Extra<T>),
  options: { key?: string } = {},
): Promise<void> {
  const row = await orderStore(env.DB).detail(orderId)
  if (!row) return
  const template = typeof choice === 'string' ? choice : row.customer_id === null ? choice.guest : choice.customer
  const locale = (row.locale === 'en' ? 'en' : 'ar') as Locale
  const origin = (env.STORE_ORIGIN || appConfig.store.canonicalOrigin).replace(/\/+$/, '')
  const words: OrderWords = {
    number: row.increment_id,
    total: formatAmount(row.grand_total, 2),
    date: row.delivery_date ? formatDisplayDate(row.delivery_date, locale) : '',
    // One link for every buyer: a customer signed in finds the order's page there, a guest the lookup with the
    // number filled in, where the mobile the order was placed with finds it (docs/product.md, "Accounts").
    link: `${origin}${locale === 'en' ? '/en' : ''}/user/profile?order=${row.increment_id}`,
  }
  const more = typeof extra === 'function' ? extra(row, locale) : extra
  const all = { ...words, ...more } as unknown as WordsOf<T>
  const sender = messageSender(env)
  const key = options.key ?? `order-${orderId}-${template}`
  const recipients = [
    ['sms', row.phone],
    ['email', row.email],
  ] as const
  for (const [channel, to] of recipients) {
    if (!to || !templateHas(template, channel)) continue
    try {
      await sender.send({ channel, to, template, words: all, locale, key: `${key}-${channel}`, keep: true })
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', message: 'order message not sent', order: row.increment_id, template, channel, error: String(error) }),
      )
    }
  }
}

/** The stored showroom in the page's language. */
export function pickupShowroomOf(json: string | null, locale: Locale): PickupShowroom | null {
  if (!json) return null
  const s = JSON.parse(json) as Omit<PickupShowroom, 'name' | 'address'> & {
    name_ar: string
    name_en: string
    address_ar: string
    address_en: string
  }
  const { name_ar, name_en, address_ar, address_en, ...rest } = s
  return { ...rest, name: locale === 'ar' ? name_ar : name_en, address: locale === 'ar' ? address_ar : address_en }
}

/**
 * The order's SMS and email in the language it was placed in (`sendOrderMessage`): at placing for cash
 * on delivery, saying it is received (the store's confirmation is a message of its own), at payment for a hosted
 * method, saying it is confirmed. A failed send is logged, never a failed order.
 */
export async function sendOrderConfirmation(env: Env, orderId: number): Promise<void> {
  // A paid order's email carries its invoice (docs/decisions/0016-zatca-invoices.md); a cash order's comes when delivered.
  const row = await orderStore(env.DB).detail(orderId)
  const invoiced = row && (await invoiceStore(env.DB).byOrder(orderId))
  // A standard invoice is linked once ZATCA has cleared it (docs/decisions/0041-standard-invoices-for-businesses.md); until then the order page says so.
  const invoice = invoiced && isGiven(invoiced) ? await invoiceLink(env, row.increment_id, row.locale === 'en' ? 'en' : 'ar') : ''
  const showroom = row && pickupShowroomOf(row.pickup_showroom, row.locale === 'en' ? 'en' : 'ar')
  // A cash order is received until the store confirms it (fulfilment.ts sends that); a paid one is confirmed now.
  const cash = row?.payment_method === 'cashondelivery'
  if (showroom) {
    const choice = cash
      ? ({ customer: 'order_received_pickup', guest: 'order_received_pickup_guest' } as const)
      : ({ customer: 'order_confirmed_pickup', guest: 'order_confirmed_pickup_guest' } as const)
    await sendOrderMessage(env, orderId, choice, { invoice, showroom: showroom.name })
  } else {
    const choice = cash
      ? ({ customer: 'order_received', guest: 'order_received_guest' } as const)
      : ({ customer: 'order_confirmed', guest: 'order_confirmed_guest' } as const)
    await sendOrderMessage(env, orderId, choice, { invoice })
  }
}

export type ResendOutcome = 'sent' | 'already' | 'limit' | 'not_found'

/**
 * Sends one of an order's messages again, as it was, to the same mobile or address (docs/product.md, "The merchant
 * console"): at most `resendsPerMessage` times. `seen` is how many resends the staff member saw listed: when others
 * were sent since, or two presses race for the same one (each resend is keyed by its number), it is 'already' and
 * nothing more is sent. Only an order's own message that finished (sent, failed, or in the outbox) and kept its words
 * can be sent again.
 */
export async function resendOrderMessage(
  env: Env,
  orderId: number,
  messageId: string,
  seen: number,
  audit: AuditEntry,
  now = new Date(),
): Promise<ResendOutcome> {
  const store = messageStore(env.DB)
  const original = messageId.startsWith(`order-${orderId}-`) && !messageId.includes('-again-') ? await store.kept(messageId) : null
  if (!original?.content || !finalStatuses.includes(original.status)) return 'not_found'
  const sent = await store.resends(messageId)
  if (sent >= serverLimits.orders.resendsPerMessage) return 'limit'
  if (seen !== sent) return 'already'
  const result = await messageSender(env).sendAgain(original, `${messageId}-again-${sent + 1}`, audit, now)
  return result === 'duplicate' ? 'already' : result === 'nothing' ? 'not_found' : 'sent'
}

/**
 * Sends again, once each, the orders' messages that failed for good (docs/product.md, "The merchant console"), at most
 * `limit` of them, oldest first: how many went. Each is a resend as from its order's page (its limit, its key, its
 * audit row).
 */
export async function retryDeadMessages(env: Env, audit: AuditEntry, limit: number, now = new Date()): Promise<number> {
  let sent = 0
  for (const message of await messageStore(env.DB).deadToRetry(limit)) {
    const entry = { ...audit, subject: { kind: 'order', id: message.order_number }, after: { message: message.id } }
    if ((await resendOrderMessage(env, message.order_id, message.id, 0, entry, now)) === 'sent') sent++
  }
  return sent
}

/**
 * Tells an order's buyer something by SMS and email, in the language the order was placed in (docs/product.md,
 * "Fulfilment"): `compose` writes the text from the messages files, and it goes out once per order and `what`
 * (worker/commerce/order-messages.ts, template `order_update`), through the queue when a provider is configured. A
 * failed send is logged, never a failed step: the order has already moved.
 */
export async function tellBuyer(env: Env, orderId: number, what: string, compose: (row: OrderDetailRow, locale: Locale) => string): Promise<void> {
  await sendOrderMessage(env, orderId, 'order_update', (row, locale) => ({ text: compose(row, locale) }), { key: `order-${orderId}-${what}` })
}
