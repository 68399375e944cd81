/**
 * Which WhatsApp template carries each message template (./message-templates.ts) and in what order its words fill the
 * template's {{1}}, {{2}}... (docs/decisions/0036-whatsapp-channel.md). WhatsApp sends a business-started message only
 * as a template approved by Meta, in each language (`ar`, `en`), with the same name: the store's operator creates each
 * one named here in WhatsApp Manager with the text of its SMS in messages/*.json, its words numbered in this order.
 *
 * `otp` is an authentication template: Meta writes its text ("{{1}} is your verification code") and its copy-code
 * button carries the code again. Templates with nothing to say by SMS (email only) have `null`: they never go to
 * WhatsApp. A template added to ./message-templates.ts without a line here fails the typecheck and
 * worker/integrations/whatsapp-templates.test.ts.
 */
import type { Locale } from '../../app.config'
import { templates, type TemplateName, type WordsOf } from './message-templates'

export interface WhatsAppTemplate<W> {
  /** The template's name in WhatsApp Manager (lowercase, digits and underscores). */
  name: string
  /** The words filling {{1}}, {{2}}... in order. */
  parameters: readonly (keyof W & string)[]
  /** An authentication template: its copy-code button carries the first parameter (the code). */
  authentication?: true
  /** Used only when this word is not empty; the next variant otherwise (a cart reminder with or without its coupon). */
  when?: keyof W & string
}

type Table = { [T in TemplateName]: readonly WhatsAppTemplate<WordsOf<T>>[] | null }

const confirmed = ['number', 'total', 'date'] as const
const pickup = ['number', 'total', 'showroom'] as const
const cancelled = ['number', 'total'] as const

export const whatsappTemplates: Table = {
  otp: [{ name: 'matjar_code', parameters: ['code'], authentication: true }],
  password_reset: null,
  email_change: null,
  order_confirmed: [{ name: 'matjar_order_confirmed', parameters: confirmed }],
  order_confirmed_guest: [{ name: 'matjar_order_confirmed', parameters: confirmed }],
  order_confirmed_pickup: [{ name: 'matjar_order_confirmed_pickup', parameters: pickup }],
  order_confirmed_pickup_guest: [{ name: 'matjar_order_confirmed_pickup', parameters: pickup }],
  order_received: [{ name: 'matjar_order_received', parameters: ['number', 'total'] }],
  order_received_guest: [{ name: 'matjar_order_received', parameters: ['number', 'total'] }],
  order_received_pickup: [{ name: 'matjar_order_received_pickup', parameters: pickup }],
  order_received_pickup_guest: [{ name: 'matjar_order_received_pickup', parameters: pickup }],
  order_cancelled: [{ name: 'matjar_order_cancelled', parameters: cancelled }],
  order_cancelled_by_store: [{ name: 'matjar_order_cancelled_by_store', parameters: cancelled }],
  order_cancelled_refunded: [{ name: 'matjar_order_cancelled_refunded', parameters: cancelled }],
  order_update: [{ name: 'matjar_order_update', parameters: ['number', 'text'] }],
  cart_reminder: [
    { name: 'matjar_cart_reminder_coupon', parameters: ['total', 'link', 'coupon', 'percent', 'date', 'stop'], when: 'coupon' },
    { name: 'matjar_cart_reminder', parameters: ['total', 'link', 'stop'] },
  ],
  cart_payment_link: [{ name: 'matjar_cart_payment_link', parameters: ['total', 'link'] }],
  review_request: [{ name: 'matjar_review_request', parameters: ['number', 'link'] }],
  stock_alert: [{ name: 'matjar_stock_alert', parameters: ['name', 'link', 'stop'] }],
  // The code proving an email for an alert goes by email only.
  stock_alert_code: null,
}

/** A template message as the WhatsApp adapter (./whatsapp.ts) sends it. */
export interface WhatsAppMessage {
  name: string
  language: Locale
  parameters: string[]
  authentication?: true
}

/**
 * WhatsApp refuses a parameter that is empty or holds a new line, a tab or more than four spaces in a row (error
 * 132018): an order step's text is folded onto one line.
 */
const asParameter = (word: string) =>
  word
    .replace(/[\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim() || '-'

/** The WhatsApp message for a template's words, or null when the template never goes by WhatsApp. */
export function whatsappMessage<T extends TemplateName>(template: T, words: WordsOf<T>, locale: Locale): WhatsAppMessage | null {
  const variants = whatsappTemplates[template] as readonly WhatsAppTemplate<Record<string, string>>[] | null
  const w = words as Record<string, string>
  const chosen = variants?.find((v) => !v.when || w[v.when])
  if (!chosen) return null
  return {
    name: chosen.name,
    language: locale,
    parameters: chosen.parameters.map((key) => asParameter(w[key] ?? '')),
    ...(chosen.authentication ? { authentication: true as const } : {}),
  }
}

/** How many parameters each approved template takes: what the embedded WhatsApp (./whatsapp-sandbox.ts) checks. */
export function approvedTemplates(): Map<string, { parameters: number; authentication: boolean }> {
  const approved = new Map<string, { parameters: number; authentication: boolean }>()
  for (const variants of Object.values(whatsappTemplates) as (readonly WhatsAppTemplate<unknown>[] | null)[]) {
    for (const v of variants ?? []) approved.set(v.name, { parameters: v.parameters.length, authentication: Boolean(v.authentication) })
  }
  return approved
}

/** Whether a template can go by WhatsApp (it has a WhatsApp template and says something by SMS to fall back on). */
export const goesByWhatsApp = (template: TemplateName) => whatsappTemplates[template] !== null && templates[template].sms !== undefined
