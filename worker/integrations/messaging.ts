/**
 * Messages to shoppers by SMS, WhatsApp and email (docs/decisions/0017-messages-through-a-queue.md). A caller says what to send:
 *
 *   await messageSender(env).send({ channel: 'sms', to: phone, template: 'otp', words: { code }, locale })
 *
 * (templates and their words: ./message-templates.ts; an order's SMS and email together:
 * worker/commerce/order-messages.ts). With no provider configured for the channel (a fresh clone, `npm start`, the
 * tests) the message is written to the development outbox at once, inside the request, so a test reads a code right
 * after asking for it. With a provider (SMS_PROVIDER "unifonic" or "taqnyat", EMAIL_PROVIDER "resend") the message is
 * recorded under its idempotency key and put on the MESSAGES queue; the queue's consumer (./message-queue.ts) sends
 * it, retries a provider's hiccup and dead-letters a refusal, so a provider that is down never fails the shopper's
 * request, and a message is sent once however often it is asked for or delivered.
 *
 * WhatsApp (docs/decisions/0036-whatsapp-channel.md): a caller still asks for SMS; when the mobile's owner chose
 * WhatsApp (worker/storage/message-channel-store.ts) and the template has a WhatsApp template (./whatsapp-templates.ts),
 * it goes by WhatsApp instead (WHATSAPP_PROVIDER "meta", or the outbox without one), keeping its SMS to send in its
 * place, once, if WhatsApp refuses it or reports it failed (`fallBackToSms`).
 */
import type { Locale } from '../../app.config'
import { internationalMobile } from '../../src/domain/phone'
import { readSecret } from '../platform/secrets'
import { isDevelopment } from '../http/environment'
import { messageChannelStore, type MessageChannel } from '../storage/message-channel-store'
import { messageStore, type DeliveryChannel, type KeptMessage } from '../storage/message-store'
import type { AuditEntry } from '../storage/audit-store'
import { outboxText, render, type Channel, type Content, type TemplateName, type WordsOf } from './message-templates'
import { resendBase, embeddedResendBase, resendEmail } from './resend'
import { resendSandboxApi } from './resend-sandbox'
import type { Fetcher, SendOutcome } from './send-outcome'
import { embeddedTaqnyatBase, taqnyatBase, taqnyatSms } from './taqnyat'
import { taqnyatSandboxApi } from './taqnyat-sandbox'
import { embeddedUnifonicBase, unifonicBase, unifonicSms } from './unifonic'
import { unifonicSandboxApi } from './unifonic-sandbox'
import { embeddedWhatsAppBase, whatsappBase, whatsappCloud } from './whatsapp'
import { whatsappSandboxApi } from './whatsapp-sandbox'
import { goesByWhatsApp, whatsappMessage, type WhatsAppMessage } from './whatsapp-templates'

export const smsProviders = ['unifonic', 'taqnyat'] as const
export const emailProviders = ['resend'] as const
export const whatsappProviders = ['meta'] as const

/** A WhatsApp message's content: its template and words, and the SMS text that goes in its place if it fails. */
export type WhatsAppContent = { text: string; whatsapp: WhatsAppMessage }

/** What a caller asks for. `key`: the idempotency key (a message with a key already used is not sent again). */
export interface MessageRequest<T extends TemplateName> {
  channel: Channel
  to: string
  template: T
  words: WordsOf<T>
  locale: Locale
  key?: string
  /** After this moment the message is worth nothing (a one-time code): the queue drops it rather than send it late. */
  expiresAt?: Date
  /** Keep what it said, so staff can send it again (an order's messages; never a code). */
  keep?: boolean
  /** For this message only, SMS or WhatsApp instead of the mobile's stored choice (a code asked for by a channel). */
  mobileChannel?: MessageChannel
}

/** A message on the queue: everything the consumer needs, rendered already. */
export interface QueuedMessage {
  key: string
  channel: DeliveryChannel
  to: string
  template: string
  locale: Locale
  content: Content | WhatsAppContent
  expiresAt?: string
}

/** What became of a request: put on the queue, written to the outbox, already asked for (same key), or nothing to send. */
export type SendResult = 'queued' | 'outbox' | 'duplicate' | 'nothing'

type MessagingEnv = Env & { SMS_PROVIDER?: string; SMS_SENDER?: string; EMAIL_PROVIDER?: string; EMAIL_FROM?: string; WHATSAPP_PROVIDER?: string }

/** Keys are safe in every provider's field and header (Unifonic's CorrelationID, Resend's Idempotency-Key). */
const keyPattern = /^[\w-]{1,128}$/

/** Whether a channel goes to a real provider (through the queue) rather than to the outbox. */
export function providerConfigured(env: MessagingEnv, channel: DeliveryChannel): boolean {
  return Boolean({ sms: env.SMS_PROVIDER, email: env.EMAIL_PROVIDER, whatsapp: env.WHATSAPP_PROVIDER }[channel])
}

const masked = (to: string) => (to.includes('@') ? to.replace(/^(.).*(@.*)$/, '$1***$2') : `***${to.slice(-4)}`)

export function messageSender(env: MessagingEnv) {
  /** Records the rendered message under its key and sends it: to the outbox, or onto the queue for its provider. */
  async function deliver(
    message: Omit<QueuedMessage, 'expiresAt'> & { expiresAt?: Date },
    kept: { keep: boolean; audit?: AuditEntry },
    now: Date,
  ): Promise<SendResult> {
    const { key, channel, to, template, locale, content } = message
    if (!keyPattern.test(key)) throw new Error(`message key ${JSON.stringify(key)}: letters, digits, - and _ only`)
    const store = messageStore(env.DB)
    const record = {
      key,
      channel,
      recipient: to,
      template,
      ...(kept.keep ? { content: JSON.stringify(content), locale } : {}),
      ...(kept.audit ? { audit: kept.audit } : {}),
      // WhatsApp may still fail after taking it (a failed status): its SMS waits with it until it is delivered.
      ...('whatsapp' in content ? { fallback: content.text } : {}),
      ...(message.expiresAt ? { expiresAt: message.expiresAt.toISOString() } : {}),
    }
    if (!providerConfigured(env, channel)) {
      const written = await store.writeToOutbox({ ...record, body: outboxText(content) }, now)
      if (written) console.log(JSON.stringify({ level: 'info', message: 'outbox', channel, recipient: to, template }))
      return written ? 'outbox' : 'duplicate'
    }
    if (!(await store.claimForQueue(record, now))) return 'duplicate'
    const queued: QueuedMessage = {
      key,
      channel,
      to,
      template,
      locale,
      content,
      ...(message.expiresAt ? { expiresAt: message.expiresAt.toISOString() } : {}),
    }
    try {
      await env.MESSAGES.send(queued, { contentType: 'json' })
    } catch (error) {
      // Not on the queue: the claim goes, so asking again sends it.
      await store.release(key)
      throw error
    }
    console.log(JSON.stringify({ level: 'info', message: 'message queued', key, channel, to: masked(to), template }))
    return 'queued'
  }

  return {
    async send<T extends TemplateName>(request: MessageRequest<T>, now = new Date()): Promise<SendResult> {
      const content = render(request.template, request.channel, request.words, request.locale)
      const to = request.channel === 'sms' ? internationalMobile(request.to) : request.to.trim()
      if (!content || !to) {
        if (!to) console.error(JSON.stringify({ level: 'error', message: 'message not sent: no valid recipient', template: request.template }))
        return 'nothing'
      }
      const whatsapp =
        request.channel === 'sms' &&
        goesByWhatsApp(request.template) &&
        (request.mobileChannel ?? (await messageChannelStore(env.DB).channelOf(to))) === 'whatsapp'
      const template = whatsapp ? whatsappMessage(request.template, request.words, request.locale) : null
      const message = {
        key: request.key ?? crypto.randomUUID(),
        channel: template ? ('whatsapp' as const) : request.channel,
        to,
        template: request.template,
        locale: request.locale,
        content: template ? { text: content.text, whatsapp: template } : content,
      }
      // A one-time code is never kept: it is worth nothing late, and a stored code is one more place to steal it from.
      return deliver(
        request.expiresAt ? { ...message, expiresAt: request.expiresAt } : message,
        { keep: Boolean(request.keep) && !request.expiresAt },
        now,
      )
    },

    /**
     * Sends a kept message again, as it was, under `key` (its own key followed by `-again-<n>`), with the staff
     * member's audit row in the same batch as the claim; 'duplicate' when that key was sent already.
     */
    async sendAgain(message: KeptMessage, key: string, audit: AuditEntry, now = new Date()): Promise<SendResult> {
      if (!message.content) return 'nothing'
      const content = JSON.parse(message.content) as Content | WhatsAppContent
      const locale: Locale = message.locale === 'en' ? 'en' : 'ar'
      return deliver(
        { key, channel: message.channel, to: message.recipient, template: message.template, locale, content },
        { keep: true, audit },
        now,
      )
    },

    /**
     * A WhatsApp message that WhatsApp refused or reported failed goes by SMS instead, once: its SMS is taken from its
     * record (a second call finds none) and sent under its own key followed by `-sms` (a second claim of that key sends
     * nothing). A code past its expiry is not sent late. 'nothing' when there is no SMS to send.
     */
    async fallBackToSms(key: string, now = new Date()): Promise<SendResult> {
      const taken = await messageStore(env.DB).takeFallback(key)
      if (!taken) return 'nothing'
      const expiresAt = taken.expires_at ? new Date(taken.expires_at) : undefined
      if (expiresAt && expiresAt.getTime() <= now.getTime()) return 'nothing'
      const locale: Locale = taken.locale === 'en' ? 'en' : 'ar'
      console.warn(
        JSON.stringify({ level: 'warn', message: 'WhatsApp failed: sent by SMS', key, to: masked(taken.recipient), template: taken.template }),
      )
      return deliver(
        {
          key: `${key}-sms`.slice(0, 128),
          channel: 'sms',
          to: taken.recipient,
          template: taken.template,
          locale,
          content: { text: taken.fallback },
          ...(expiresAt ? { expiresAt } : {}),
        },
        { keep: false },
        now,
      )
    },
  }
}

/** One provider for one channel, as the queue's consumer uses it. */
export interface Provider {
  name: string
  send(message: QueuedMessage): Promise<SendOutcome>
}

/**
 * Where provider requests go: to the provider in production, to its embedded stand-in (answering the same protocol,
 * delivering into the outbox) in development and tests, so nothing local ever reaches a real provider.
 */
export function providerFetcher(env: Env): Fetcher {
  if (!isDevelopment(env)) return (request) => fetch(request)
  const standIns: Record<string, { fetch: (request: Request, env: Env) => Response | Promise<Response> }> = {
    [new URL(embeddedUnifonicBase).host]: unifonicSandboxApi,
    [new URL(embeddedTaqnyatBase).host]: taqnyatSandboxApi,
    [new URL(embeddedResendBase).host]: resendSandboxApi,
    [new URL(embeddedWhatsAppBase).host]: whatsappSandboxApi,
  }
  return async (request) => {
    const standIn = standIns[new URL(request.url).host]
    if (!standIn) throw new Error(`no embedded provider answers ${request.url}`)
    return standIn.fetch(request, env)
  }
}

/**
 * The configured provider of a channel, or null when there is none (the outbox). A provider named but unknown is an
 * error: the deploy refuses it (scripts/deploy-settings.ts), and here it fails loudly rather than send nothing.
 */
export async function providerFor(env: MessagingEnv, channel: DeliveryChannel, fetcher: Fetcher = providerFetcher(env)): Promise<Provider | null> {
  const local = isDevelopment(env)
  if (channel === 'whatsapp') {
    switch (env.WHATSAPP_PROVIDER) {
      case undefined:
      case '':
        return null
      case 'meta': {
        const [token, phoneNumberId] = await Promise.all([readSecret(env, 'WHATSAPP_ACCESS_TOKEN'), readSecret(env, 'WHATSAPP_PHONE_NUMBER_ID')])
        const cloud = whatsappCloud({ base: local ? embeddedWhatsAppBase : whatsappBase, phoneNumberId, token }, fetcher)
        return {
          name: cloud.name,
          send: (message) =>
            'whatsapp' in message.content
              ? cloud.send(message.to, message.content.whatsapp, message.key)
              : Promise.resolve({ ok: false, retryable: false, reason: 'a WhatsApp message without its template' }),
        }
      }
      default:
        throw new Error(`WHATSAPP_PROVIDER ${JSON.stringify(env.WHATSAPP_PROVIDER)} is none of ${whatsappProviders.join(', ')}`)
    }
  }
  if (channel === 'sms') {
    const sender = env.SMS_SENDER ?? ''
    const sms = (p: { name: string; send: (to: string, body: string, key: string) => Promise<SendOutcome> }): Provider => ({
      name: p.name,
      send: (message) => p.send(message.to, message.content.text, message.key),
    })
    switch (env.SMS_PROVIDER) {
      case undefined:
      case '':
        return null
      case 'unifonic':
        return sms(
          unifonicSms({ base: local ? embeddedUnifonicBase : unifonicBase, appSid: await readSecret(env, 'UNIFONIC_APP_SID'), sender }, fetcher),
        )
      case 'taqnyat':
        return sms(
          taqnyatSms({ base: local ? embeddedTaqnyatBase : taqnyatBase, token: await readSecret(env, 'TAQNYAT_BEARER_TOKEN'), sender }, fetcher),
        )
      default:
        throw new Error(`SMS_PROVIDER ${JSON.stringify(env.SMS_PROVIDER)} is none of ${smsProviders.join(', ')}`)
    }
  }
  switch (env.EMAIL_PROVIDER) {
    case undefined:
    case '':
      return null
    case 'resend': {
      const resend = resendEmail(
        { base: local ? embeddedResendBase : resendBase, apiKey: await readSecret(env, 'RESEND_API_KEY'), from: env.EMAIL_FROM ?? '' },
        fetcher,
      )
      return {
        name: resend.name,
        send: (message) =>
          'subject' in message.content
            ? resend.send(message.to, message.content, message.key)
            : Promise.resolve({ ok: false, retryable: false, reason: 'an email without a subject' }),
      }
    }
    default:
      throw new Error(`EMAIL_PROVIDER ${JSON.stringify(env.EMAIL_PROVIDER)} is none of ${emailProviders.join(', ')}`)
  }
}

export { masked as maskedRecipient }
