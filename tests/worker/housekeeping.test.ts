// Housekeeping and health (docs/architecture.md, "Housekeeping"): the scheduled runs wrangler.toml asks for, driven
// through the Worker's own scheduled handler, the limiter objects that forget themselves, and /api/health.
import { createScheduledController, env, runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiApp } from '~/api/app'
import { healthApi } from '~/api/health'
import { limiterFor } from '~/durable-objects/limiter'
import { crons } from '~/scheduled/crons'
import { timedRules } from '~/storage/retention-store'
import worker from '../../src/worker-entry'
import { origin } from './commerce-helpers'

const day = 24 * 60 * 60 * 1000
const iso = (ms: number) => new Date(ms).toISOString()

afterEach(() => vi.restoreAllMocks())

/** The JSON lines the handler logged, parsed. */
function loggedLines(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
}

describe('the daily run', () => {
  it('deletes what is past its retention, keeps what is not, and logs one line per job', async () => {
    const now = Date.parse('2026-11-20T00:30:00.000Z')
    const customer = await env.DB.prepare(
      "INSERT INTO customers (email, firstname, lastname, mobile, password_hash, created_at) VALUES ('keep@example.com', 'K', 'S', '966500000901', 'x', ?) RETURNING id",
    )
      .bind(iso(now))
      .first<number>('id')
    // For each kind: one row just past its time, one just within it.
    const rows = (old: number, recent: number) => [iso(old), iso(recent)]
    const [oldOutbox, newOutbox] = rows(now - 8 * day, now - 6 * day)
    const [oldEvent, newEvent] = rows(now - 91 * day, now - 89 * day)
    const [oldExpiry, newExpiry] = rows(now - 2 * day, now - day / 2)
    const [oldDelivery, newDelivery] = rows(now - 15 * day, now - 13 * day)
    await env.DB.batch([
      ...[oldOutbox, newOutbox].map((at) =>
        env.DB.prepare("INSERT INTO outbox (channel, recipient, body, created_at) VALUES ('sms', '966500000901', 'x', ?)").bind(at),
      ),
      ...[oldDelivery, newDelivery].map((at, i) =>
        env.DB.prepare(
          "INSERT INTO message_deliveries (id, channel, recipient, template, status, created_at, updated_at) VALUES (?, 'sms', '966500000901', 'otp', 'sent', ?, ?)",
        ).bind(`hk-delivery-${i}`, at, at),
      ),
      ...[oldEvent, newEvent].map((at) =>
        env.DB.prepare("INSERT INTO personalisation_events (session_id, event_type, created_at) VALUES ('housekeeping', 'view', ?)").bind(at),
      ),
      ...[oldEvent, newEvent].map((at) =>
        env.DB.prepare(
          "INSERT INTO search_events (event_type, event_name, index_name, user_token, object_ids, created_at) VALUES ('click', 'housekeeping', 'products_en', 'u', '[]', ?)",
        ).bind(at),
      ),
      ...[oldExpiry, newExpiry].map((at, i) =>
        env.DB.prepare("INSERT INTO otp_codes (phone, purpose, code_hash, expires_at, created_at) VALUES ('966500000901', 'login', ?, ?, ?)").bind(
          `hk-${i}`,
          at,
          at,
        ),
      ),
      ...[oldExpiry, newExpiry].map((at, i) =>
        env.DB.prepare("INSERT INTO phone_verifications (token_hash, phone, expires_at) VALUES (?, '966500000901', ?)").bind(
          `hk-verification-${i}`,
          at,
        ),
      ),
      ...[oldExpiry, newExpiry].map((at, i) =>
        env.DB.prepare('INSERT INTO password_resets (customer_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)').bind(
          customer,
          `hk-reset-${i}`,
          at,
          at,
        ),
      ),
      ...[oldExpiry, newExpiry].map((at, i) =>
        env.DB.prepare('INSERT INTO customer_tokens (token_hash, customer_id, expires_at, created_at) VALUES (?, ?, ?, ?)').bind(
          `hk-token-${i}`,
          customer,
          at,
          at,
        ),
      ),
    ])
    const count = (sql: string) => env.DB.prepare(sql).first<number>('n')
    const counts = () =>
      Promise.all([
        count("SELECT count(*) AS n FROM outbox WHERE recipient = '966500000901'"),
        count("SELECT count(*) AS n FROM message_deliveries WHERE id LIKE 'hk-delivery-%'"),
        count("SELECT count(*) AS n FROM personalisation_events WHERE session_id = 'housekeeping'"),
        count("SELECT count(*) AS n FROM search_events WHERE event_name = 'housekeeping'"),
        count("SELECT count(*) AS n FROM otp_codes WHERE code_hash LIKE 'hk-%'"),
        count("SELECT count(*) AS n FROM phone_verifications WHERE token_hash LIKE 'hk-%'"),
        count("SELECT count(*) AS n FROM password_resets WHERE token_hash LIKE 'hk-%'"),
        count("SELECT count(*) AS n FROM customer_tokens WHERE token_hash LIKE 'hk-%'"),
      ])
    expect(await counts()).toEqual([2, 2, 2, 2, 2, 2, 2, 2])

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: crons.daily }), env)
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
    const lines = loggedLines(log)
    // One line per rule of the retention schedule, in its order (each rule's own test: ./retention.test.ts).
    expect(lines.map((line) => line.job)).toEqual(timedRules.map((rule) => `delete-old-${rule.kind}`))
    for (const line of lines)
      expect(line).toMatchObject({ level: 'info', message: 'housekeeping', deleted: expect.any(Number), durationMs: expect.any(Number) })
    expect(lines.find((line) => line.job === 'delete-old-outbox')).toMatchObject({ deleted: 1, before: iso(now - 7 * day) })

    // A second run the same day finds nothing more to delete.
    log.mockClear()
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: crons.daily }), env)
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
    expect(loggedLines(log).every((line) => line.deleted === 0)).toBe(true)
  })

  it('runs nothing for a cron it does not know, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '0 * * * *' }), env)
    expect(loggedLines(warn)).toEqual([expect.objectContaining({ level: 'warn', cron: '0 * * * *' })])
  })
})

describe('the five-minute run', () => {
  it('logs what it cancelled even when it was nothing, and makes the search indexes', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await worker.scheduled(createScheduledController({ scheduledTime: new Date('2020-01-01T00:00:00Z'), cron: crons.everyFiveMinutes }), env)
    expect(loggedLines(log)).toEqual([
      expect.objectContaining({ level: 'info', job: 'expire-unpaid-orders', cancelled: 0 }),
      expect.objectContaining({ level: 'info', job: 'expire-unconfirmed-cash-orders', cancelled: 0 }),
      expect.objectContaining({ level: 'info', job: 'send-owed-refunds', refunded: 0 }),
      expect.objectContaining({ level: 'info', job: 'issue-missing-invoices', issued: expect.any(Number) }),
      expect.objectContaining({ level: 'info', job: 'issue-missing-credit-notes', issued: expect.any(Number) }),
      expect.objectContaining({ level: 'info', job: 'report-invoices', reported: expect.any(Number), failed: expect.any(Number) }),
      expect.objectContaining({ level: 'info', job: 'remind-abandoned-carts', sent: expect.any(Number) }),
      expect.objectContaining({ level: 'info', job: 'send-stock-alerts', sent: expect.any(Number) }),
      expect.objectContaining({ level: 'info', job: 'warm-search-indexes', waitedMs: expect.any(Number) }),
    ])
  })
})

describe('a limiter object', () => {
  it('keeps its counts while they matter and deletes itself after', async () => {
    const subject = limiterFor(env, `housekeeping:${crypto.randomUUID()}`)
    expect((await subject.hit(5, 3600)).count).toBe(1)
    await subject.fail({ free: 4, maxLockSeconds: 3600, decaySeconds: 900 })
    // The alarm is set for when the last record stops mattering; firing early (a stale alarm) keeps everything.
    const staleAt = await runInDurableObject(subject, async (_, state) => ({
      alarm: await state.storage.getAlarm(),
      staleAt: state.storage.kv.get<number>('staleAt'),
    }))
    expect(staleAt.alarm).toBe(staleAt.staleAt)
    expect(staleAt.staleAt! - Date.now()).toBeGreaterThan(3500_000)
    expect(await runDurableObjectAlarm(subject)).toBe(true)
    expect((await subject.hit(5, 3600)).count).toBe(2)
    // Its moment passed: the alarm deletes the whole object's storage.
    await runInDurableObject(subject, async (_, state) => {
      state.storage.kv.put('staleAt', Date.now() - 1)
      await state.storage.setAlarm(Date.now() + 60_000)
    })
    expect(await runDurableObjectAlarm(subject)).toBe(true)
    expect(await runInDurableObject(subject, (_, state) => [...state.storage.kv.list()].length)).toBe(0)
    expect((await subject.hit(5, 3600)).count).toBe(1)
  })
})

describe('/api/health', () => {
  it('answers 200 when D1, KV and both Durable Objects answer, each with its time', async () => {
    const response = await SELF.fetch(`${origin}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json<{ status: string; checks: Record<string, { ok: boolean; ms: number }> }>()
    expect(body.status).toBe('ok')
    expect(Object.keys(body.checks).sort()).toEqual(['cart', 'd1', 'kv', 'limiter'])
    for (const check of Object.values(body.checks)) expect(check).toEqual({ ok: true, ms: expect.any(Number) })
    expect((await SELF.fetch(`${origin}/api/health/live`)).status).toBe(200)
  })

  it('answers 503 and names the binding that fails', async () => {
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error('D1 is unreachable')
        },
      },
    }
    const response = await healthApi.request('/health', {}, broken as unknown as Env)
    expect(response.status).toBe(503)
    const body = await response.json<{ status: string; checks: Record<string, { ok: boolean; error?: string }> }>()
    expect(body.status).toBe('failing')
    expect(body.checks.d1).toMatchObject({ ok: false, error: 'D1 is unreachable' })
    expect(body.checks.kv?.ok).toBe(true)
  })
})

describe('POST /api/ops/housekeeping', () => {
  const withToken = { ...env, OPS_TOKEN: 'ops-token-for-tests-0123456789' } as unknown as Env
  const ask = (token: string | null, run: string, ip: string, on: Env = withToken) =>
    apiApp.request(
      '/api/ops/housekeeping',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ run }),
      },
      on,
    )

  it('does not exist without the OPS_TOKEN secret', async () => {
    expect((await ask('anything', 'daily', '198.51.100.40', env)).status).toBe(404)
    expect((await SELF.fetch(`${origin}/api/ops/housekeeping`, { method: 'POST', body: '{"run":"daily"}' })).status).toBe(404)
  })

  it('runs a job with the right token and reports it; a wrong or missing one looks like no route', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const ran = await ask('ops-token-for-tests-0123456789', 'expire-unpaid-orders', '198.51.100.41')
    expect(ran.status).toBe(200)
    expect(await ran.json()).toEqual({
      data: {
        reports: [
          expect.objectContaining({ job: 'expire-unpaid-orders', cancelled: expect.any(Number) }),
          expect.objectContaining({ job: 'expire-unconfirmed-cash-orders', cancelled: expect.any(Number) }),
          expect.objectContaining({ job: 'send-owed-refunds', refunded: expect.any(Number) }),
          expect.objectContaining({ job: 'issue-missing-invoices', issued: expect.any(Number) }),
          expect.objectContaining({ job: 'issue-missing-credit-notes', issued: expect.any(Number) }),
          expect.objectContaining({ job: 'report-invoices', reported: expect.any(Number) }),
          expect.objectContaining({ job: 'remind-abandoned-carts', sent: expect.any(Number) }),
          expect.objectContaining({ job: 'send-stock-alerts', sent: expect.any(Number) }),
          expect.objectContaining({ job: 'warm-search-indexes', waitedMs: expect.any(Number) }),
        ],
      },
    })
    expect((await ask('ops-token-for-tests-0123456788', 'daily', '198.51.100.41')).status).toBe(404)
    expect((await ask(null, 'daily', '198.51.100.41')).status).toBe(404)
    expect((await ask('ops-token-for-tests-0123456789', 'everything', '198.51.100.41')).status).toBe(400)
  })

  it('allows ten wrong tokens an hour per address, after which even the right one waits', async () => {
    for (let i = 0; i < 10; i++) expect((await ask(`guess-${i}`, 'daily', '198.51.100.42')).status).toBe(404)
    expect((await ask('ops-token-for-tests-0123456789', 'daily', '198.51.100.42')).status).toBe(429)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    expect((await ask('ops-token-for-tests-0123456789', 'daily', '198.51.100.43')).status).toBe(200)
  })
})
