// Messages to shoppers (docs/decisions/0017-messages-through-a-queue.md): each provider's adapter against its
// documented request and answers (through the embedded stand-in speaking the same protocol), the queue's retries, the
// dead-letter path, a redelivery that sends nothing, and the outbox that stays the local default.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '../../src/worker-entry'
import { sendOtp } from '~/commerce/accounts'
import { messageQueues, handleMessageBatch } from '~/integrations/message-queue'
import { render } from '~/integrations/message-templates'
import { messageSender, providerFetcher, providerFor, type QueuedMessage } from '~/integrations/messaging'
import { readResendAnswer, resendEmail, embeddedResendBase } from '~/integrations/resend'
import { resendFailingDomain } from '~/integrations/resend-sandbox'
import type { Fetcher } from '~/integrations/send-outcome'
import { readTaqnyatAnswer, taqnyatSms, embeddedTaqnyatBase } from '~/integrations/taqnyat'
import { taqnyatFailingNumber } from '~/integrations/taqnyat-sandbox'
import { readUnifonicAnswer, unifonicSms, embeddedUnifonicBase } from '~/integrations/unifonic'
import { readSecret } from '~/platform/secrets'
import { messageStore } from '~/storage/message-store'
import { newPhone } from './commerce-helpers'

afterEach(() => vi.restoreAllMocks())

const arabic = 'متجر: تم تأكيد طلبك 100000123. الإجمالي 1,250.00 ر.س.'

/** A fetcher that keeps a copy of each request and passes it to the embedded providers. */
function recording(): { requests: Request[]; fetcher: Fetcher } {
  const requests: Request[] = []
  const standIns = providerFetcher(configured)
  return {
    requests,
    fetcher: async (request) => {
      requests.push(request.clone() as Request)
      return standIns(request)
    },
  }
}

/** A queue binding that keeps what is sent to it, so a test delivers it by hand. */
function capturingQueue() {
  const sent: QueuedMessage[] = []
  const queue = {
    send: async (body: QueuedMessage) => void sent.push(body),
    sendBatch: async () => undefined,
  } as unknown as Queue
  return { sent, queue }
}

const configured = {
  ...env,
  SMS_PROVIDER: 'taqnyat',
  SMS_SENDER: 'MATJAR',
  EMAIL_PROVIDER: 'resend',
  EMAIL_FROM: 'Matjar <orders@matjar.example>',
} as Env

const outboxTo = async (recipient: string) =>
  (await env.DB.prepare('SELECT channel, body FROM outbox WHERE recipient = ? ORDER BY id').bind(recipient).all<{ channel: string; body: string }>())
    .results

/** Delivers queued messages through the consumer as the queue would, answering its acks and retries. */
async function deliver(messages: QueuedMessage[], options: { attempts?: number; queue?: string; fetcher?: Fetcher; on?: Env } = {}) {
  const batch = createMessageBatch<unknown>(
    options.queue ?? messageQueues.messages,
    messages.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: options.attempts ?? 1, body })),
  )
  // The delay each retry asks for (the queue's result lists the retries, not their delays).
  const delays: (number | undefined)[] = []
  for (const message of batch.messages) {
    const retry = message.retry.bind(message)
    message.retry = (o) => {
      delays.push(o?.delaySeconds)
      retry(o)
    }
  }
  const ctx = createExecutionContext()
  await handleMessageBatch(batch, options.on ?? configured, options.fetcher ? { fetcher: options.fetcher } : {})
  return { ...(await getQueueResult(batch, ctx)), delays }
}

describe('Unifonic', () => {
  it('is sent form-encoded with the AppSid, the registered sender, the 966 number and the Arabic body as it is', async () => {
    const { requests, fetcher } = recording()
    const appSid = await readSecret(configured, 'UNIFONIC_APP_SID')
    const unifonic = unifonicSms({ base: embeddedUnifonicBase, appSid, sender: 'MATJAR' }, fetcher)
    const to = newPhone().international
    const outcome = await unifonic.send(to, arabic, 'order-1-order_confirmed-sms')
    expect(outcome).toEqual({ ok: true, id: expect.stringMatching(/^\d+$/) })
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('https://unifonic.embedded/rest/SMS/messages')
    expect(request.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())))).toEqual({
      AppSid: appSid,
      SenderID: 'MATJAR',
      Recipient: to,
      Body: arabic,
      responseType: 'JSON',
      CorrelationID: 'order-1-order_confirmed-sms',
    })
    expect(await outboxTo(to)).toEqual([{ channel: 'sms', body: arabic }])
  })

  it("maps Unifonic's documented answers: ER-00 sent, ER-xx refused for good, its server errors retried", () => {
    // The documented success answer says success as a string or a boolean.
    const documented = {
      success: 'true' as const,
      message: '',
      errorCode: 'ER-00',
      data: { MessageID: 3200017889310, CorrelationID: '', Status: 'Queued', Recipient: '966000000000' },
    }
    expect(readUnifonicAnswer(200, documented)).toEqual({ ok: true, id: '3200017889310' })
    expect(readUnifonicAnswer(200, { ...documented, success: true })).toEqual({ ok: true, id: '3200017889310' })
    expect(readUnifonicAnswer(200, { success: false, message: 'Dest num is too short', errorCode: 'ER-04', data: {} })).toMatchObject({
      ok: false,
      retryable: false,
    })
    expect(readUnifonicAnswer(401, { success: false, message: 'Authentication failed', errorCode: '' })).toMatchObject({ retryable: false })
    expect(readUnifonicAnswer(480, { success: false, message: 'This user cannot use specified SenderID', errorCode: '' })).toMatchObject({
      retryable: false,
    })
    expect(readUnifonicAnswer(599, { success: false, message: 'Request failed', errorCode: '' })).toMatchObject({ retryable: true })
    expect(readUnifonicAnswer(429, { success: false, message: 'Too many requests generated by this user', errorCode: '' })).toMatchObject({
      retryable: true,
    })
    expect(readUnifonicAnswer(500, { success: false, message: 'x', errorCode: 'ER-01' })).toMatchObject({ retryable: false })
  })

  it('is refused by the embedded Unifonic as by the real one: a wrong AppSid, a sender not registered, a malformed number', async () => {
    const wrongSid = unifonicSms({ base: embeddedUnifonicBase, appSid: 'nope', sender: 'MATJAR' }, recording().fetcher)
    expect(await wrongSid.send(newPhone().international, 'x', 'k1')).toMatchObject({
      ok: false,
      retryable: false,
      reason: expect.stringContaining('401'),
    })
    const appSid = await readSecret(configured, 'UNIFONIC_APP_SID')
    const wrongSender = unifonicSms({ base: embeddedUnifonicBase, appSid, sender: 'OTHER' }, recording().fetcher)
    expect(await wrongSender.send(newPhone().international, 'x', 'k2')).toMatchObject({ retryable: false, reason: expect.stringContaining('480') })
    const unifonic = unifonicSms({ base: embeddedUnifonicBase, appSid, sender: 'MATJAR' }, recording().fetcher)
    expect(await unifonic.send('0551234567', 'x', 'k3')).toMatchObject({ retryable: false, reason: expect.stringContaining('ER-04') })
    expect(await unifonic.send(taqnyatFailingNumber, 'x', 'k4')).toMatchObject({ retryable: true, reason: expect.stringContaining('599') })
  })
})

describe('Taqnyat', () => {
  it('is sent as JSON with the Bearer token, recipients in 966 form, the body and the sender', async () => {
    const { requests, fetcher } = recording()
    const token = await readSecret(configured, 'TAQNYAT_BEARER_TOKEN')
    const taqnyat = taqnyatSms({ base: embeddedTaqnyatBase, token, sender: 'MATJAR' }, fetcher)
    const to = newPhone().international
    expect(await taqnyat.send(to, arabic)).toEqual({ ok: true, id: expect.stringMatching(/^\d+$/) })
    const request = requests[0]!
    expect(request.url).toBe('https://taqnyat.embedded/v1/messages')
    expect(request.headers.get('authorization')).toBe(`Bearer ${token}`)
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(await request.json()).toEqual({ recipients: [to], body: arabic, sender: 'MATJAR' })
    expect(await outboxTo(to)).toEqual([{ channel: 'sms', body: arabic }])
  })

  it("maps Taqnyat's documented answers: 201 with its messageId sent, a rejected number or 401 refused, 5xx retried", () => {
    const documented = {
      statusCode: 201,
      messageId: 5452899970,
      cost: 0.026,
      currency: 'SAR',
      totalCount: 1,
      msgLength: 1,
      accepted: '[966500000000,]',
      rejected: '[]',
    }
    expect(readTaqnyatAnswer(201, documented, '966500000000')).toEqual({ ok: true, id: '5452899970' })
    expect(readTaqnyatAnswer(201, { ...documented, accepted: '[]', rejected: '[966500000000,]' }, '966500000000')).toMatchObject({
      ok: false,
      retryable: false,
    })
    expect(readTaqnyatAnswer(401, { statusCode: 401, message: 'invalid credentials information' }, '966500000000')).toMatchObject({
      retryable: false,
      reason: 'Taqnyat 401 invalid credentials information',
    })
    expect(readTaqnyatAnswer(500, { message: 'Server error occurred' }, '966500000000')).toMatchObject({ retryable: true })
  })
})

describe('Resend', () => {
  it('is sent with the Bearer key, the idempotency key, the from address, a subject, a text part and a right-to-left HTML part', async () => {
    const { requests, fetcher } = recording()
    const apiKey = await readSecret(configured, 'RESEND_API_KEY')
    const resend = resendEmail({ base: embeddedResendBase, apiKey, from: 'Matjar <orders@matjar.example>' }, fetcher)
    const content = render(
      'order_confirmed',
      'email',
      { number: '100000123', total: '1,250.00', date: 'الخميس 26 نوفمبر', link: 'https://matjar.example/user/profile', invoice: '' },
      'ar',
    )
    if (!content || !('subject' in content)) throw new Error('an email has a subject')
    const to = `sara${crypto.randomUUID().slice(0, 8)}@example.com`
    const first = await resend.send(to, content, 'order-123-order_confirmed-email')
    expect(first).toEqual({ ok: true, id: expect.any(String) })
    const request = requests[0]!
    expect(request.url).toBe('https://resend.embedded/emails')
    expect(request.headers.get('authorization')).toBe(`Bearer ${apiKey}`)
    expect(request.headers.get('idempotency-key')).toBe('order-123-order_confirmed-email')
    const body = (await request.json()) as Record<string, unknown>
    expect(body).toEqual({
      from: 'Matjar <orders@matjar.example>',
      to: [to],
      subject: 'تم تأكيد طلبك 100000123 من «متجر»',
      html: content.html,
      text: content.text,
    })
    expect(content.html).toContain('<html lang="ar" dir="rtl">')
    expect(content.html).toContain('<a href="https://matjar.example/user/profile" dir="ltr">')
    // The same key again: Resend answers the first id and sends nothing.
    expect(await resend.send(to, content, 'order-123-order_confirmed-email')).toEqual(first)
    expect(await outboxTo(to)).toHaveLength(1)
  })

  it("maps Resend's documented errors: rate limits and its server errors retried, the rest refused", async () => {
    expect(readResendAnswer(200, { id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' })).toEqual({ ok: true, id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' })
    const error = (statusCode: number, name: string) => readResendAnswer(statusCode, { statusCode, name, message: name })
    expect(error(429, 'rate_limit_exceeded')).toMatchObject({ retryable: true })
    expect(error(409, 'concurrent_idempotent_requests')).toMatchObject({ retryable: true })
    expect(error(500, 'application_error')).toMatchObject({ retryable: true })
    expect(error(429, 'daily_quota_exceeded')).toMatchObject({ retryable: false })
    expect(error(422, 'invalid_from_address')).toMatchObject({ retryable: false })
    expect(error(403, 'invalid_api_key')).toMatchObject({ retryable: false })
    const resend = resendEmail(
      { base: embeddedResendBase, apiKey: await readSecret(configured, 'RESEND_API_KEY'), from: 'Matjar' },
      recording().fetcher,
    )
    expect(await resend.send('a@example.com', { subject: 's', text: 't', html: '<p>t</p>' }, 'k-from')).toMatchObject({
      retryable: false,
      reason: expect.stringContaining('invalid_from_address'),
    })
  })
})

describe('the queue', () => {
  it("never fails the shopper's request when the provider is down: the code is queued, and a hiccup is retried and sent once", async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...configured, MESSAGES: queue } as Env
    const phone = newPhone().international
    // The provider is down for the whole request: sending a code still answers.
    await expect(sendOtp(on, { phone, purpose: 'register', ip: `10.9.${Math.floor(Math.random() * 250)}.1`, locale: 'ar' })).resolves.toBeUndefined()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      to: phone,
      template: 'otp',
      locale: 'ar',
      content: { text: expect.stringMatching(/^\d{6} هو رمز التحقق/) },
    })
    expect(await outboxTo(phone)).toEqual([])
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({ status: 'queued', attempts: 0 })

    // First delivery: the provider answers 503; the message is retried after 15 s, and nothing is sent.
    let calls = 0
    const standIns = providerFetcher(on)
    const hiccupOnce: Fetcher = async (request) =>
      ++calls === 1 ? Response.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 }) : standIns(request)
    const first = await deliver(sent, { fetcher: hiccupOnce, on })
    expect(first.explicitAcks).toEqual([])
    expect(first.retryMessages).toEqual([expect.objectContaining({ msgId: expect.any(String) })])
    expect(first.delays).toEqual([15])
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'Taqnyat 503 Service Unavailable',
    })
    expect(await outboxTo(phone)).toEqual([])

    // Second delivery: sent, once.
    const second = await deliver(sent, { attempts: 2, fetcher: hiccupOnce, on })
    expect(second.explicitAcks).toHaveLength(1)
    expect(second.retryMessages).toEqual([])
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({ status: 'sent', attempts: 2, provider: 'taqnyat' })
    expect(await outboxTo(phone)).toEqual([{ channel: 'sms', body: sent[0]!.content.text }])

    // The queue delivers it again (at least once, as Queues promises): acknowledged, not sent again.
    const again = await deliver(sent, { attempts: 3, fetcher: hiccupOnce, on })
    expect(again.explicitAcks).toHaveLength(1)
    expect(calls).toBe(2)
    expect(await outboxTo(phone)).toHaveLength(1)
  })

  it('sends a message once however often it is asked for with the same key', async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...configured, MESSAGES: queue } as Env
    const phone = newPhone().international
    const request = {
      channel: 'sms' as const,
      to: phone,
      template: 'order_cancelled' as const,
      words: { number: '1', total: '10.00' },
      locale: 'en' as const,
      key: `order-${phone}-cancelled-sms`,
    }
    expect(await messageSender(on).send(request)).toBe('queued')
    expect(await messageSender(on).send(request)).toBe('duplicate')
    expect(sent).toHaveLength(1)
  })

  it('dead-letters a permanent refusal at once, logged, without retrying', async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...configured, EMAIL_FROM: 'no address here', MESSAGES: queue } as Env
    const to = `dead${crypto.randomUUID().slice(0, 8)}@example.com`
    await messageSender(on).send({ channel: 'email', to, template: 'password_reset', words: { code: '123456' }, locale: 'en' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const result = await deliver(sent, { on })
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({
      status: 'dead',
      provider: 'resend',
      last_error: expect.stringContaining('invalid_from_address'),
    })
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"message":"message dead-lettered"'))
    expect(await outboxTo(to)).toEqual([])
  })

  it('ends what the dead-letter queue brings after the last retry, logged', async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...configured, MESSAGES: queue } as Env
    await messageSender(on).send({
      channel: 'sms',
      to: taqnyatFailingNumber,
      template: 'otp',
      words: { code: '654321' },
      locale: 'ar',
      key: `otp-${crypto.randomUUID()}`,
    })
    const retried = await deliver(sent, { on })
    expect(retried.retryMessages).toHaveLength(1)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dead = await deliver(sent, { queue: messageQueues.deadLetters, attempts: 6, on })
    expect(dead.explicitAcks).toHaveLength(1)
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({
      status: 'dead',
      provider: 'taqnyat',
      last_error: 'no success after 6 deliveries',
    })
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"message":"message dead-lettered"'))
  })

  it('drops a one-time code that could only arrive after it expired', async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...configured, MESSAGES: queue } as Env
    const phone = newPhone().international
    await messageSender(on).send({
      channel: 'sms',
      to: phone,
      template: 'otp',
      words: { code: '111111' },
      locale: 'en',
      expiresAt: new Date(Date.now() - 1000),
    })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await deliver(sent, { on })).explicitAcks).toHaveLength(1)
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({ status: 'expired' })
    expect(await outboxTo(phone)).toEqual([])
  })

  it("is consumed by the Worker's queue handler, through the configured provider", async () => {
    const { sent, queue } = capturingQueue()
    const on = { ...env, SMS_PROVIDER: 'unifonic', SMS_SENDER: 'MATJAR', MESSAGES: queue } as Env
    const phone = newPhone().international
    await messageSender(on).send({ channel: 'sms', to: phone, template: 'otp', words: { code: '222222' }, locale: 'en' })
    const batch = createMessageBatch<unknown>(messageQueues.messages, [{ id: 'entry-1', timestamp: new Date(), attempts: 1, body: sent[0] }])
    const ctx = createExecutionContext()
    await worker.queue(batch, on)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['entry-1'])
    expect(await messageStore(env.DB).delivery(sent[0]!.key)).toMatchObject({ status: 'sent', provider: 'unifonic' })
    expect(await outboxTo(phone)).toEqual([{ channel: 'sms', body: '222222 is your Matjar verification code. It expires in 5 minutes.' }])
  })

  it('refuses a message the queue brings that is not one, without retrying it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const result = await deliver([{ key: 'x' } as unknown as QueuedMessage])
    expect(result.explicitAcks).toHaveLength(1)
  })
})

describe('without a provider', () => {
  it('writes to the outbox at once, inside the request, and a repeated key once', async () => {
    const phone = newPhone().international
    const request = {
      channel: 'sms' as const,
      to: phone,
      template: 'otp' as const,
      words: { code: '333333' },
      locale: 'ar' as const,
      key: `otp-${crypto.randomUUID()}`,
    }
    expect(await messageSender(env).send(request)).toBe('outbox')
    expect(await messageSender(env).send(request)).toBe('duplicate')
    expect(await outboxTo(phone)).toEqual([{ channel: 'sms', body: '333333 هو رمز التحقق في «متجر»، صالح لمدة 5 دقائق.' }])
    expect(await providerFor(env, 'sms')).toBeNull()
    expect(await providerFor(env, 'email')).toBeNull()
  })

  it("keeps an email's subject above its text part in the outbox", async () => {
    const to = `reset${crypto.randomUUID().slice(0, 8)}@example.com`
    await messageSender(env).send({ channel: 'email', to, template: 'password_reset', words: { code: '444444' }, locale: 'en' })
    expect((await outboxTo(to))[0]!.body).toMatch(/^Your password reset code: 444444\n\nUse the code 444444 /)
  })

  it('sends an email to the failing test domain of the embedded Resend only as a hiccup', async () => {
    const provider = await providerFor(configured, 'email')
    const outcome = await provider!.send({
      key: 'k-fail',
      channel: 'email',
      to: `x@${resendFailingDomain}`,
      template: 'password_reset',
      locale: 'en',
      content: { subject: 's', text: 't', html: '<p>t</p>' },
    })
    expect(outcome).toMatchObject({ ok: false, retryable: true })
  })
})
