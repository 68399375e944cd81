/**
 * Sending codes to shoppers: by SMS (one-time codes) and email (password reset). The embedded default
 * is the development outbox: messages are logged and kept in D1, readable through /commerce/dev/outbox
 * outside production. With SMS_API_URL (and SMS_API_KEY) set, SMS goes to that HTTP provider.
 */
import { eventStore } from '../storage/event-store'

interface MessageSender {
  send(channel: 'sms' | 'email', recipient: string, body: string): Promise<void>
}

function devOutbox(db: D1Database): MessageSender {
  return {
    async send(channel, recipient, body) {
      console.log(JSON.stringify({ level: 'info', message: 'outbox', channel, recipient }))
      await eventStore(db).addToOutbox({ channel, recipient, body }, new Date())
    },
  }
}

/** A generic JSON-over-HTTP SMS gateway: POST {to, text} with a bearer key. */
function httpSmsSender(url: string, key: string, fallback: MessageSender): MessageSender {
  return {
    async send(channel, recipient, body) {
      if (channel !== 'sms') return fallback.send(channel, recipient, body)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ to: recipient, text: body }),
      })
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
    },
  }
}

export function messageSender(env: Env & { SMS_API_URL?: string; SMS_API_KEY?: string }): MessageSender {
  const outbox = devOutbox(env.DB)
  return env.SMS_API_URL && env.SMS_API_KEY ? httpSmsSender(env.SMS_API_URL, env.SMS_API_KEY, outbox) : outbox
}
