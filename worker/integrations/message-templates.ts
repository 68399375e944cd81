/**
 * What the store says to shoppers by SMS and email (docs/decisions/0017-messages-through-a-queue.md): each template
 * names its messages in messages/*.json, so every text exists in Arabic and English. A caller gives a template, its
 * words (already formatted: money with formatAmount, dates with formatDisplayDate, once, by the caller) and the
 * shopper's language; this file turns them into an SMS text, or an email's subject, text part and HTML part (right to
 * left in Arabic).
 *
 * A new message: add its keys to both messages files, then a template here naming them.
 */
import type { Locale } from '../../app.config'
import { directionOf } from '../../src/domain/locale'
import { m } from '../../src/paraglide/messages.js'

type Words = Record<string, string>
type Text<W extends Words> = (words: W, options: { locale: Locale }) => string

interface Template<W extends Words> {
  sms?: Text<W>
  email?: { subject: Text<W>; text: Text<W> }
}

const template = <W extends Words>(t: Template<W>) => t

/**
 * The words of every order message (worker/commerce/order-messages.ts fills them from the order). None is written by
 * the buyer: an order's email goes to an address nobody verified, so a name there would let anyone write to anyone in
 * the store's voice (issue 43, M2).
 */
export type OrderWords = { number: string; total: string; date: string; link: string }
type CancelWords = { number: string; total: string }
/** A confirmation's words: a paid order's email carries its tax invoice's link (docs/decisions/0016-zatca-invoices.md); a cash order's is empty. */
type ConfirmationWords = OrderWords & { invoice: string }

const withInvoice = (text: string, w: ConfirmationWords, o: { locale: Locale }) =>
  w.invoice ? `${text}\n\n${m.order_email_invoice({ link: w.invoice }, o)}` : text

/** A cart reminder's words: `coupon` is a one-use code with its `percent` and last `date`, or empty. */
type CartReminderWords = { total: string; link: string; stop: string; coupon: string; percent: string; date: string }

const withCoupon = (text: string, w: CartReminderWords, o: { locale: Locale }, gap: string) =>
  w.coupon ? `${text}${gap}${m.cart_reminder_coupon({ code: w.coupon, percent: w.percent, date: w.date }, o)}` : text

export const templates = {
  otp: template<{ code: string }>({ sms: (w, o) => m.account_otp_sms(w, o) }),
  password_reset: template<{ code: string }>({
    email: { subject: (w, o) => m.account_reset_email_subject(w, o), text: (w, o) => m.account_reset_email_body(w, o) },
  }),
  email_change: template<{ code: string; email: string }>({
    email: { subject: (w, o) => m.account_email_change_subject(w, o), text: (w, o) => m.account_email_change_body(w, o) },
  }),
  order_confirmed: template<ConfirmationWords>({
    sms: (w, o) => m.order_sms(w, o),
    email: { subject: (w, o) => m.order_email_subject(w, o), text: (w, o) => withInvoice(m.order_email(w, o), w, o) },
  }),
  // A guest has no account to follow the order in: the email points to the lookup by number and mobile.
  order_confirmed_guest: template<ConfirmationWords>({
    sms: (w, o) => m.order_sms(w, o),
    email: { subject: (w, o) => m.order_email_subject(w, o), text: (w, o) => withInvoice(m.order_email_guest(w, o), w, o) },
  }),
  // A pickup's confirmation says where and when to collect it (docs/product.md, "Showrooms").
  order_confirmed_pickup: template<ConfirmationWords & { showroom: string }>({
    sms: (w, o) => m.order_sms_pickup(w, o),
    email: { subject: (w, o) => m.order_email_subject(w, o), text: (w, o) => withInvoice(m.order_email_pickup(w, o), w, o) },
  }),
  order_confirmed_pickup_guest: template<ConfirmationWords & { showroom: string }>({
    sms: (w, o) => m.order_sms_pickup(w, o),
    email: { subject: (w, o) => m.order_email_subject(w, o), text: (w, o) => withInvoice(m.order_email_pickup_guest(w, o), w, o) },
  }),
  // A cash order is received, not confirmed, until the store confirms it (its own message then): the timeline's words
  // (issue 42, item 2). Its email says what a paid one's does, under a subject that says received.
  order_received: template<ConfirmationWords>({
    sms: (w, o) => m.order_received_sms(w, o),
    email: { subject: (w, o) => m.order_received_email_subject(w, o), text: (w, o) => m.order_email(w, o) },
  }),
  order_received_guest: template<ConfirmationWords>({
    sms: (w, o) => m.order_received_sms(w, o),
    email: { subject: (w, o) => m.order_received_email_subject(w, o), text: (w, o) => m.order_email_guest(w, o) },
  }),
  order_received_pickup: template<ConfirmationWords & { showroom: string }>({
    sms: (w, o) => m.order_received_sms_pickup(w, o),
    email: { subject: (w, o) => m.order_received_email_subject(w, o), text: (w, o) => m.order_email_pickup(w, o) },
  }),
  order_received_pickup_guest: template<ConfirmationWords & { showroom: string }>({
    sms: (w, o) => m.order_received_sms_pickup(w, o),
    email: { subject: (w, o) => m.order_received_email_subject(w, o), text: (w, o) => m.order_email_pickup_guest(w, o) },
  }),
  // Delivered or collected: the link, signed for the order, that opens its products to review (worker/commerce/review-requests.ts).
  review_request: template<{ number: string; link: string }>({
    sms: (w, o) => m.review_request_sms(w, o),
    email: { subject: (w, o) => m.review_request_email_subject(w, o), text: (w, o) => m.review_request_email(w, o) },
  }),
  order_cancelled: template<CancelWords>({
    sms: (w, o) => m.order_cancelled_sms(w, o),
    email: { subject: (w, o) => m.order_cancelled_email_subject(w, o), text: (w, o) => m.order_cancelled_sms(w, o) },
  }),
  order_cancelled_by_store: template<CancelWords>({
    sms: (w, o) => m.order_cancelled_by_store_sms(w, o),
    email: { subject: (w, o) => m.order_cancelled_email_subject(w, o), text: (w, o) => m.order_cancelled_by_store_sms(w, o) },
  }),
  // A step of an order written by its caller from the messages files (worker/commerce/orders.ts `tellBuyer`): the
  // same text by SMS and email, under a subject naming the order.
  order_update: template<{ number: string; text: string }>({
    sms: (w) => w.text,
    email: { subject: (w, o) => m.order_update_email_subject(w, o), text: (w) => w.text },
  }),
  // A known shopper's abandoned cart (docs/decisions/0032-abandoned-carts.md): its value, where to finish it, an
  // optional one-use coupon (`coupon` empty without one), and the one-tap link that stops these reminders.
  cart_reminder: template<CartReminderWords>({
    sms: (w, o) => withCoupon(m.cart_reminder_sms(w, o), w, o, ' '),
    email: {
      subject: (w, o) => m.cart_reminder_email_subject({}, o),
      text: (w, o) => `${withCoupon(m.cart_reminder_email(w, o), w, o, '\n\n')}\n\n${m.cart_reminder_email_stop(w, o)}`,
    },
  }),
  // A back-in-stock alert (worker/commerce/stock-alerts.ts): the product's name and page, and the signed one-tap link
  // that removes the alert; its code proves a guest's email before one is written.
  stock_alert: template<{ name: string; link: string; stop: string }>({
    sms: (w, o) => m.stock_alert_sms(w, o),
    email: {
      subject: (w, o) => m.stock_alert_email_subject(w, o),
      text: (w, o) => `${m.stock_alert_email(w, o)}\n\n${m.stock_alert_email_stop(w, o)}`,
    },
  }),
  stock_alert_code: template<{ code: string }>({
    email: { subject: (w, o) => m.stock_alert_code_email_subject(w, o), text: (w, o) => m.stock_alert_code_email_body(w, o) },
  }),
  // Staff turned the cart into an order: the link that pays it, once (worker/commerce/abandoned-carts.ts).
  cart_payment_link: template<{ total: string; link: string }>({
    sms: (w, o) => m.cart_payment_link_sms(w, o),
    email: { subject: (w, o) => m.cart_payment_link_email_subject({}, o), text: (w, o) => m.cart_payment_link_email(w, o) },
  }),
  order_cancelled_refunded: template<CancelWords>({
    sms: (w, o) => m.order_cancelled_refunded_sms(w, o),
    email: { subject: (w, o) => m.order_cancelled_email_subject(w, o), text: (w, o) => m.order_cancelled_refunded_sms(w, o) },
  }),
}

export type TemplateName = keyof typeof templates
export type WordsOf<T extends TemplateName> = (typeof templates)[T] extends Template<infer W> ? W : never
export type Channel = 'sms' | 'email'

/** What a channel carries: an SMS's text, or an email's three parts. */
export type Content = { text: string } | { subject: string; text: string; html: string }

/** Whether a template has something to say on a channel. */
export function templateHas(name: TemplateName, channel: Channel): boolean {
  return templates[name][channel] !== undefined
}

/** The content of a template on one channel, in one language; null when the template has nothing for that channel. */
export function render<T extends TemplateName>(name: T, channel: Channel, words: WordsOf<T>, locale: Locale): Content | null {
  const t = templates[name] as unknown as Template<WordsOf<T>>
  const o = { locale }
  if (channel === 'sms') return t.sms ? { text: t.sms(words, o) } : null
  if (!t.email) return null
  const subject = t.email.subject(words, o)
  const text = t.email.text(words, o)
  return { subject, text, html: emailHtml(subject, text, locale, storeLinks(words)) }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The words that hold the store's own addresses (an order's page, its invoice): the only ones an email links. */
const linkWords = ['link', 'invoice', 'stop'] as const

function storeLinks(words: Words): string[] {
  return linkWords.map((key) => words[key] ?? '').filter((url) => /^https?:\/\//.test(url))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A plain HTML part for an email: the subject as its heading and the text with the store's own addresses (`links`)
 * made clickable, in the shopper's direction. Nothing else becomes a link, however much it looks like one. Links stay
 * left to right inside Arabic text (docs/product.md, "Languages, numbers and text").
 */
export function emailHtml(subject: string, text: string, locale: Locale, links: readonly string[] = []): string {
  const dir = directionOf(locale)
  const align = dir === 'rtl' ? 'right' : 'left'
  const linked = links.length ? new RegExp(links.map((url) => escapeRegExp(escapeHtml(url))).join('|'), 'g') : null
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${linked ? escapeHtml(p).replace(linked, (url) => `<a href="${url}" dir="ltr">${url}</a>`) : escapeHtml(p)}</p>`)
    .join('\n')
  return `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Tahoma,Arial,sans-serif;color:#111827">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:${align};line-height:1.7">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${paragraphs}
</div></body></html>`
}

/** A message as the development outbox keeps it: an SMS's text, an email's subject above its text part. */
export function outboxText(content: { subject?: string; text: string }): string {
  return content.subject ? `${content.subject}\n\n${content.text}` : content.text
}
