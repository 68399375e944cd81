/**
 * The MESSAGES queue's consumer (wrangler.toml [[queues.consumers]]; docs/decisions/0017-messages-through-a-queue.md).
 * Each message is claimed in D1 under its idempotency key before each attempt, so a message the queue delivers again
 * after it was sent is acknowledged without sending, and two deliveries at once never both send. Then:
 *
 * - sent: recorded with the provider's id, acknowledged;
 * - a hiccup (a server error, a rate limit, no answer): retried later, 15 s, 30 s, 1, 2, 4 minutes; after the last
 *   retry the queue moves it to the dead-letter queue, whose consumer ends it as below;
 * - refused for good (a wrong number, an unregistered sender, a revoked key), or dead-lettered: the dead-letter path,
 *   recorded `dead` with the reason and logged as an error, acknowledged;
 * - a one-time code past its expiry: recorded `expired`, acknowledged unsent.
 *
 * A WhatsApp message that ends on the dead-letter path goes by SMS instead, once
 * (docs/decisions/0036-whatsapp-channel.md; worker/integrations/messaging.ts `fallBackToSms`).
 */
import { type } from 'arktype'
import { eventStore } from '../storage/event-store'
import { finalStatuses, messageStore } from '../storage/message-store'
import { outboxText } from './message-templates'
import { maskedRecipient, messageSender, providerFetcher, providerFor, type QueuedMessage } from './messaging'
import type { Fetcher } from './send-outcome'

/** The queues wrangler.toml names (a dead-letter queue is an ordinary queue this Worker also consumes). */
export const messageQueues = { messages: 'matjar-messages', deadLetters: 'matjar-messages-dead' } as const

/** A message claimed this long ago without an outcome was dropped by a consumer that died: it may be tried again. */
export const attemptLeaseSeconds = 60

/** The delay before the n-th retry: 15 s doubling, at most 5 minutes (wrangler.toml allows 5 retries). */
export const retryDelaySeconds = (attempt: number) => Math.min(300, 15 * 2 ** (attempt - 1))

const queuedMessage = type({
  key: /^[\w-]{1,128}$/,
  channel: "'sms' | 'email' | 'whatsapp'",
  to: 'string > 0',
  template: 'string > 0',
  locale: "'ar' | 'en'",
  content: type({ text: 'string' })
    .or({ subject: 'string', text: 'string', html: 'string' })
    .or({ text: 'string', whatsapp: { name: 'string > 0', language: "'ar' | 'en'", parameters: 'string[]', 'authentication?': 'true' } }),
  'expiresAt?': 'string',
})

interface Options {
  /** Where provider requests go (tests put a failing provider here); the default is providerFetcher. */
  fetcher?: Fetcher
  now?: () => Date
}

type Verdict = { ack: true } | { ack: false; delaySeconds: number }
const ack: Verdict = { ack: true }

function log(level: 'info' | 'warn' | 'error', message: string, m: QueuedMessage, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, key: m.key, channel: m.channel, to: maskedRecipient(m.to), template: m.template, ...extra })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

/** The dead-letter path: the message ends unsent, recorded with why, and an operator sees it in the logs. */
async function deadLetter(env: Env, m: QueuedMessage, reason: string, provider: string | null, now: Date): Promise<void> {
  await messageStore(env.DB).markFailed(m.key, 'dead', provider, reason, now)
  log('error', 'message dead-lettered', m, { provider, reason })
  if (m.channel === 'whatsapp') await messageSender(env).fallBackToSms(m.key, now)
}

async function deliver(env: Env, m: QueuedMessage, options: Options): Promise<Verdict> {
  const now = options.now?.() ?? new Date()
  const store = messageStore(env.DB)
  if (m.expiresAt && Date.parse(m.expiresAt) <= now.getTime()) {
    await store.markFailed(m.key, 'expired', null, `expired at ${m.expiresAt}`, now)
    log('warn', 'message expired before it could be sent', m)
    return ack
  }
  const record = { key: m.key, channel: m.channel, recipient: m.to, template: m.template }
  const attempt = await store.claimAttempt(record, now, new Date(now.getTime() - attemptLeaseSeconds * 1000))
  if (attempt === null) {
    const row = await store.delivery(m.key)
    if (row && !finalStatuses.includes(row.status)) return { ack: false, delaySeconds: attemptLeaseSeconds }
    log('info', 'message already sent: not sent again', m, { status: row?.status })
    return ack
  }
  const provider = await providerFor(env, m.channel, options.fetcher ?? providerFetcher(env))
  if (!provider) {
    // The provider was switched off after this message was queued: it goes where unsent messages go.
    await eventStore(env.DB).addToOutbox({ channel: m.channel, recipient: m.to, body: outboxText(m.content) }, now)
    await store.markSent(m.key, 'outbox', 'outbox', now)
    return ack
  }
  const outcome = await provider.send(m)
  if (outcome.ok) {
    await store.markSent(m.key, provider.name, outcome.id, now)
    log('info', 'message sent', m, { provider: provider.name, attempt, providerMessageId: outcome.id })
    return ack
  }
  if (!outcome.retryable) {
    await deadLetter(env, m, outcome.reason, provider.name, now)
    return ack
  }
  await store.markFailed(m.key, 'retrying', provider.name, outcome.reason, now)
  log('warn', 'message not sent: retrying', m, { provider: provider.name, attempt, reason: outcome.reason })
  return { ack: false, delaySeconds: retryDelaySeconds(attempt) }
}

/** The queue handler for both queues (src/worker-entry.ts `queue`). */
export async function handleMessageBatch(batch: MessageBatch<unknown>, env: Env, options: Options = {}): Promise<void> {
  const deadLetters = batch.queue === messageQueues.deadLetters
  for (const message of batch.messages) {
    const checked = queuedMessage(message.body)
    if (checked instanceof type.errors) {
      // Nothing to send and no key to record it under: logged and dropped, never retried.
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'message dead-lettered: not a message',
          queue: batch.queue,
          id: message.id,
          reason: checked.summary,
        }),
      )
      message.ack()
      continue
    }
    const m = checked as QueuedMessage
    try {
      if (deadLetters) {
        await deadLetter(env, m, `no success after ${message.attempts} deliveries`, null, options.now?.() ?? new Date())
        message.ack()
        continue
      }
      const verdict = await deliver(env, m, options)
      if (verdict.ack) message.ack()
      else message.retry({ delaySeconds: verdict.delaySeconds })
    } catch (error) {
      // D1 or the configuration failed us, not the provider: the queue brings the message back.
      log('error', 'message delivery failed', m, { error: String(error) })
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
    }
  }
}
