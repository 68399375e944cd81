// WhatsApp as a channel (docs/decisions/0036-whatsapp-channel.md): the adapter's request against Meta's documented
// JSON, the embedded WhatsApp's refusals, the webhook's handshake and signature, statuses recorded against the message,
// and the SMS in its place sent exactly once whether WhatsApp refuses the message, reports it failed, or both.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '~/api/whatsapp'
import { sendOtp, verifyOtp } from '~/commerce/accounts'
import { handleMessageBatch, messageQueues } from '~/integrations/message-queue'
import { messageSender, providerFetcher, type QueuedMessage } from '~/integrations/messaging'
import type { Fetcher } from '~/integrations/send-outcome'
import { embeddedWhatsAppBase, hubSignature, readWhatsAppAnswer, whatsappCloud, type WhatsAppStatus } from '~/integrations/whatsapp'
import { postWhatsAppStatus, whatsappFailingNumber, whatsappRefusedNumber } from '~/integrations/whatsapp-sandbox'
import { readSecret } from '~/platform/secrets'
import { messageChannelStore } from '~/storage/message-channel-store'
import { messageStore } from '~/storage/message-store'
import { newIp, newPhone } from './commerce-helpers'

afterEach(() => vi.restoreAllMocks())

const configured = { ...env, WHATSAPP_PROVIDER: 'meta' } as Env

function recording(): { requests: Request[]; fetcher: Fetcher } {
  const requests: Request[] = []
  const standIns = providerFetcher(configured)
  return { requests, fetcher: async (request) => (requests.push(request.clone() as Request), standIns(request)) }
}

function capturingQueue() {
  const sent: QueuedMessage[] = []
  return { sent, queue: { send: async (body: QueuedMessage) => void sent.push(body), sendBatch: async () => undefined } as unknown as Queue }
}

async function deliver(messages: QueuedMessage[], on: Env, queue: string = messageQueues.messages) {
  const batch = createMessageBatch<unknown>(
    queue,
    messages.map((body, i) => ({ id: `w${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  )
  await handleMessageBatch(batch, on)
  return getQueueResult(batch, createExecutionContext())
}

const outbox = async (recipient: string) =>
  (await env.DB.prepare('SELECT channel, body FROM outbox WHERE recipient = ? ORDER BY id').bind(recipient).all<{ channel: string; body: string }>())
    .results

const smsCarrying = async (recipient: string, text: string) => (await outbox(recipient)).filter((r) => r.channel === 'sms' && r.body.includes(text))

describe('the WhatsApp adapter', () => {
  it("sends a template message as Meta's Cloud API documents it, and reads the message id", async () => {
    const { requests, fetcher } = recording()
    const [token, phoneNumberId] = [await readSecret(env, 'WHATSAPP_ACCESS_TOKEN'), await readSecret(env, 'WHATSAPP_PHONE_NUMBER_ID')]
    const cloud = whatsappCloud({ base: embeddedWhatsAppBase, phoneNumberId, token }, fetcher)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const to = newPhone().international
    const outcome = await cloud.send(
      to,
      { name: 'matjar_order_confirmed', language: 'ar', parameters: ['100000123', '1,250.00', '26 نوفمبر'] },
      'order-1-order_confirmed-sms',
    )
    expect(outcome).toMatchObject({ ok: true, id: expect.stringMatching(/^wamid\./) })
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe(`https://whatsapp.embedded/v21.0/${encodeURIComponent(phoneNumberId)}/messages`)
    expect(request.headers.get('authorization')).toBe(`Bearer ${token}`)
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(await request.json()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      biz_opaque_callback_data: 'order-1-order_confirmed-sms',
      template: {
        name: 'matjar_order_confirmed',
        language: { code: 'ar' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '100000123' },
              { type: 'text', text: '1,250.00' },
              { type: 'text', text: '26 نوفمبر' },
            ],
          },
        ],
      },
    })
    expect(await outbox(to)).toEqual([{ channel: 'whatsapp', body: 'matjar_order_confirmed (ar): 100000123 | 1,250.00 | 26 نوفمبر' }])
  })

  it('sends a code as an authentication template whose copy-code button carries it', async () => {
    const { requests, fetcher } = recording()
    const cloud = whatsappCloud(
      {
        base: embeddedWhatsAppBase,
        phoneNumberId: await readSecret(env, 'WHATSAPP_PHONE_NUMBER_ID'),
        token: await readSecret(env, 'WHATSAPP_ACCESS_TOKEN'),
      },
      fetcher,
    )
    expect(
      await cloud.send(newPhone().international, { name: 'matjar_code', language: 'en', parameters: ['654321'], authentication: true }, 'k-code'),
    ).toMatchObject({ ok: true })
    expect(((await requests[0]!.json()) as { template: unknown }).template).toEqual({
      name: 'matjar_code',
      language: { code: 'en' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '654321' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '654321' }] },
      ],
    })
  })

  it('is refused as Meta refuses: a bad token, an unknown template, a wrong count of parameters, an undeliverable number', async () => {
    const phoneNumberId = await readSecret(env, 'WHATSAPP_PHONE_NUMBER_ID')
    const token = await readSecret(env, 'WHATSAPP_ACCESS_TOKEN')
    const good = whatsappCloud({ base: embeddedWhatsAppBase, phoneNumberId, token }, recording().fetcher)
    const to = newPhone().international
    const badToken = whatsappCloud({ base: embeddedWhatsAppBase, phoneNumberId, token: 'nope' }, recording().fetcher)
    expect(await badToken.send(to, { name: 'matjar_code', language: 'en', parameters: ['1'], authentication: true }, 'k1')).toMatchObject({
      ok: false,
      retryable: false,
      reason: expect.stringContaining('401 190'),
    })
    expect(await good.send(to, { name: 'no_such_template', language: 'en', parameters: [] }, 'k2')).toMatchObject({
      retryable: false,
      reason: expect.stringContaining('132001'),
    })
    expect(await good.send(to, { name: 'matjar_order_confirmed', language: 'en', parameters: ['1'] }, 'k3')).toMatchObject({
      retryable: false,
      reason: expect.stringContaining('132000'),
    })
    expect(await good.send(to, { name: 'matjar_code', language: 'en', parameters: ['1'] }, 'k4')).toMatchObject({
      retryable: false,
      reason: expect.stringContaining('131008'),
    })
    expect(await good.send(whatsappRefusedNumber, { name: 'matjar_order_cancelled', language: 'en', parameters: ['1', '2'] }, 'k5')).toMatchObject({
      retryable: false,
      reason: expect.stringContaining('131026'),
    })
    expect(await outbox(to)).toEqual([])
  })

  it("reads Meta's errors: rate limits and its own failures are tried again, the rest refused", () => {
    const error = (code: number) => ({ error: { message: 'x', type: 'OAuthException', code } })
    expect(readWhatsAppAnswer(400, error(130429))).toMatchObject({ retryable: true })
    expect(readWhatsAppAnswer(500, error(131000))).toMatchObject({ retryable: true })
    expect(readWhatsAppAnswer(503, {})).toMatchObject({ retryable: true })
    expect(readWhatsAppAnswer(400, error(131026))).toMatchObject({ retryable: false })
    expect(readWhatsAppAnswer(200, { messaging_product: 'whatsapp', messages: [{ id: 'wamid.X' }] })).toEqual({ ok: true, id: 'wamid.X' })
  })
})

const webhook = 'https://matjar.test/api/whatsapp/webhook'

describe('the WhatsApp webhook', () => {
  it('answers the subscription challenge to our verify token only', async () => {
    const token = await readSecret(env, 'WHATSAPP_VERIFY_TOKEN')
    const ok = await SELF.fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('1158201444')
    expect((await SELF.fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403)
    expect((await SELF.fetch(`${webhook}?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1`)).status).toBe(403)
  })

  it('records a signed status against its message, and refuses a forged one 401 changing nothing', async () => {
    const key = `wa-status-${crypto.randomUUID()}`
    const to = newPhone().international
    await messageStore(env.DB).claimForQueue({ key, channel: 'whatsapp', recipient: to, template: 'otp', fallback: 'code 1' }, new Date())
    const status: WhatsAppStatus = { id: 'wamid.A', status: 'failed', timestamp: '1', recipient_id: to, biz_opaque_callback_data: key }
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [status] } }] }],
    })
    const forged = async (signature: string | null) =>
      SELF.fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        body,
      })
    expect((await forged(null)).status).toBe(401)
    expect((await forged(await hubSignature('not-the-app-secret', body))).status).toBe(401)
    expect((await forged(`sha256=${'0'.repeat(64)}`)).status).toBe(401)
    const row = () => env.DB.prepare('SELECT whatsapp_status, fallback FROM message_deliveries WHERE id = ?').bind(key).first()
    expect(await row()).toEqual({ whatsapp_status: null, fallback: 'code 1' })
    expect(await smsCarrying(to, 'code 1')).toEqual([])

    const signed = async (statuses: WhatsAppStatus[]) => {
      const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses } }] }] })
      const signature = await hubSignature(await readSecret(env, 'WHATSAPP_APP_SECRET'), raw)
      return SELF.fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: raw })
    }
    const delivered = await signed([{ ...status, status: 'delivered' }])
    expect(delivered.status).toBe(200)
    expect(await delivered.json()).toEqual({ data: { recorded: 1 } })
    // Delivered: the SMS in its place is forgotten; a late "sent" changes nothing.
    expect(await row()).toEqual({ whatsapp_status: 'delivered', fallback: null })
    expect(await (await signed([{ ...status, status: 'sent' }])).json()).toEqual({ data: { recorded: 0 } })
    expect(await row()).toEqual({ whatsapp_status: 'delivered', fallback: null })
  })
})

/** A message a shopper who chose WhatsApp is sent, through the queue and the embedded WhatsApp. */
async function sendByWhatsApp(to: string, code: string, on: Env = configured) {
  const { sent, queue } = capturingQueue()
  const withQueue = { ...on, MESSAGES: queue } as Env
  await messageChannelStore(env.DB).choose(to, 'whatsapp', new Date())
  const expiresAt = new Date(Date.now() + 300_000)
  expect(await messageSender(withQueue).send({ channel: 'sms', to, template: 'otp', words: { code }, locale: 'en', expiresAt })).toBe('queued')
  expect(sent[0]).toMatchObject({ channel: 'whatsapp', content: { whatsapp: { name: 'matjar_code', parameters: [code] } } })
  return { message: sent[0]!, on: withQueue }
}

describe('a shopper who chose WhatsApp', () => {
  it('gets their message by WhatsApp, with its statuses recorded, and no SMS', async () => {
    const to = newPhone().international
    const { message, on } = await sendByWhatsApp(to, '246810')
    expect((await deliver([message], on)).explicitAcks).toHaveLength(1)
    expect(
      await env.DB.prepare('SELECT status, provider, whatsapp_status, fallback FROM message_deliveries WHERE id = ?').bind(message.key).first(),
    ).toEqual({
      status: 'sent',
      provider: 'whatsapp',
      whatsapp_status: 'delivered',
      fallback: null,
    })
    expect(await outbox(to)).toEqual([{ channel: 'whatsapp', body: 'matjar_code (en): 246810' }])
  })

  it('gets it by SMS once when WhatsApp refuses it, however often the queue brings it again', async () => {
    const { message, on } = await sendByWhatsApp(whatsappRefusedNumber, '135791')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await deliver([message], on)
    await deliver([message], on)
    await deliver([message], on, messageQueues.deadLetters)
    expect(await messageStore(env.DB).delivery(message.key)).toMatchObject({ status: 'dead', provider: 'whatsapp' })
    expect(await smsCarrying(whatsappRefusedNumber, '135791')).toEqual([
      { channel: 'sms', body: '135791 is your Matjar verification code. It expires in 5 minutes.' },
    ])
  })

  it('gets it by SMS once when WhatsApp reports it failed, even when the notification comes again', async () => {
    const { message, on } = await sendByWhatsApp(whatsappFailingNumber, '975311')
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await deliver([message], on)
    const row = await env.DB.prepare('SELECT status, provider_message_id, whatsapp_status FROM message_deliveries WHERE id = ?')
      .bind(message.key)
      .first<{ status: string; provider_message_id: string; whatsapp_status: string }>()
    expect(row).toMatchObject({ status: 'sent', whatsapp_status: 'failed' })
    const again: WhatsAppStatus = {
      id: row!.provider_message_id,
      status: 'failed',
      timestamp: '2',
      recipient_id: whatsappFailingNumber,
      biz_opaque_callback_data: message.key,
    }
    expect(await postWhatsAppStatus(configured, [again])).toEqual({ status: 200, recorded: 0 })
    expect(await smsCarrying(whatsappFailingNumber, '975311')).toHaveLength(1)
  })

  it('gets it by SMS once when WhatsApp refuses it and a failed status comes as well', async () => {
    const { message, on } = await sendByWhatsApp(whatsappRefusedNumber, '864200')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await deliver([message], on)
    const failed: WhatsAppStatus = {
      id: 'wamid.late',
      status: 'failed',
      timestamp: '3',
      recipient_id: whatsappRefusedNumber,
      biz_opaque_callback_data: message.key,
    }
    expect(await postWhatsAppStatus(configured, [failed])).toEqual({ status: 200, recorded: 1 })
    expect(await messageSender(on).fallBackToSms(message.key)).toBe('nothing')
    expect(await smsCarrying(whatsappRefusedNumber, '864200')).toHaveLength(1)
  })

  it('gets their code by WhatsApp in the development outbox when they tick WhatsApp, never by SMS', async () => {
    // A registration's code: sent to a mobile with no account yet.
    const phone = newPhone()
    await sendOtp(env, { phone: phone.international, purpose: 'register', ip: newIp(), locale: 'ar', channel: 'whatsapp' })
    const rows = await outbox(phone.international)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ channel: 'whatsapp', body: expect.stringMatching(/^\d{6} /) })
  })

  it('keeps the mobile on its channel until the code is typed back: asking for a code proves nothing', async () => {
    // A stranger asks for a code to someone else's mobile, ticking WhatsApp: the code goes there by WhatsApp (the same
    // mobile, so no harm), but the owner's order updates stay on SMS, as they chose.
    const phone = newPhone()
    const channels = messageChannelStore(env.DB)
    await sendOtp(env, { phone: phone.international, purpose: 'register', ip: newIp(), locale: 'ar', channel: 'whatsapp' })
    expect(await channels.channelOf(phone.international)).toBe('sms')
    // The owner types the code back: now the mobile is proved, and the choice it was asked with holds.
    const code = /^(\d{6}) /.exec((await outbox(phone.international))[0]!.body)![1]!
    await verifyOtp(env, phone.international, 'register', code)
    expect(await channels.channelOf(phone.international)).toBe('whatsapp')
  })

  it('keeps a chosen channel when a later code is asked for with another and never typed back', async () => {
    const phone = newPhone()
    const channels = messageChannelStore(env.DB)
    await channels.choose(phone.international, 'whatsapp', new Date())
    await sendOtp(env, { phone: phone.international, purpose: 'register', ip: newIp(), locale: 'en', channel: 'sms' })
    expect(await channels.channelOf(phone.international)).toBe('whatsapp')
    // That one code still went as it was asked: by SMS.
    expect((await outbox(phone.international)).map((row) => row.channel)).toEqual(['sms'])
  })
})

describe('the account setting', () => {
  it('answers only a signed-in customer, and a refusal stores nothing', async () => {
    const put = await SELF.fetch('https://matjar.test/api/account/message-channel?lang=en', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'whatsapp' }),
    })
    expect(put.status).toBe(403)
    expect((await SELF.fetch('https://matjar.test/api/account/message-channel')).status).toBe(403)
  })
})
