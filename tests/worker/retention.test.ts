// The retention schedule in workerd (worker/storage/retention-store.ts; docs/decisions/0028-personal-data-kept.md):
// for each rule the daily job carries out, a row just past its time is deleted (or, for an order, stripped of its
// buyer's contact) and a row just within it is kept. A rule added without its case here fails the first test.
import { createScheduledController, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverLimits } from '../../config/server-limits'
import { crons } from '~/scheduled/crons'
import { retentionSchedule, timedRules, type RetainedKind } from '~/storage/retention-store'
import worker from '../../src/worker-entry'

const day = 24 * 60 * 60 * 1000
const now = Date.parse('2026-11-20T00:30:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
let seq = 0
const unique = (prefix: string) => `${prefix}-${++seq}-${crypto.randomUUID().slice(0, 8)}`

afterEach(() => vi.restoreAllMocks())

async function runDaily() {
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: crons.daily }), env)
  vi.restoreAllMocks()
}

const one = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<Record<string, unknown>>()
const run = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .run()

async function newCustomer() {
  const mark = unique('ret')
  return (await one(
    "INSERT INTO customers (email, firstname, lastname, mobile, password_hash, created_at) VALUES (?, 'R', 'T', ?, 'x', ?) RETURNING id",
    `${mark}@example.com`,
    `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    iso(now),
  ))!.id as number
}

async function newStaff() {
  const mark = unique('staff')
  return (await one(
    "INSERT INTO staff (email, name, role, password_hash, totp_sealed, created_at) VALUES (?, 'Salem', 'operations', 'x', 'x', ?) RETURNING id",
    `${mark}@example.com`,
    iso(now),
  ))!.id as number
}

async function newOrder(createdAt: string) {
  const mark = unique('MJRET')
  const id = (await one(
    `INSERT INTO orders (increment_id, quote_id, email, region_id, payment_method, status, subtotal, discount, delivery, vat, grand_total,
       created_at, customer_name, phone, shipping_address, billing_address)
     VALUES (?, ?, 'buyer@example.com', 1101, 'card', 'complete', 100, 0, 0, 15, 115, ?, 'Sara', '966500000777', '{"building":"2929"}', NULL) RETURNING id`,
    mark,
    mark,
    createdAt,
  ))!.id as number
  return id
}

/** Per rule: make one row `days` after its moment (negative: before now) and say whether it is still there, as it was. */
type Case = { keptDays: number; make: (at: string) => Promise<() => Promise<boolean>> }

const cases: Record<RetainedKind, Case> = {
  oneTimeCodes: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('code')
      await run("INSERT INTO otp_codes (phone, purpose, code_hash, expires_at, created_at) VALUES ('966500000901', 'login', ?, ?, ?)", hash, at, at)
      return async () => (await one('SELECT 1 AS ok FROM otp_codes WHERE code_hash = ?', hash)) !== null
    },
  },
  phoneVerifications: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('verification')
      await run("INSERT INTO phone_verifications (token_hash, phone, expires_at) VALUES (?, '966500000901', ?)", hash, at)
      return async () => (await one('SELECT 1 AS ok FROM phone_verifications WHERE token_hash = ?', hash)) !== null
    },
  },
  passwordResets: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('reset')
      await run(
        'INSERT INTO password_resets (customer_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)',
        await newCustomer(),
        hash,
        at,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM password_resets WHERE token_hash = ?', hash)) !== null
    },
  },
  signInTokens: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('token')
      await run(
        'INSERT INTO customer_tokens (token_hash, customer_id, expires_at, created_at) VALUES (?, ?, ?, ?)',
        hash,
        await newCustomer(),
        at,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM customer_tokens WHERE token_hash = ?', hash)) !== null
    },
  },
  staffSessions: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('staff-session')
      await run('INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', hash, await newStaff(), at, at)
      return async () => (await one('SELECT 1 AS ok FROM staff_sessions WHERE token_hash = ?', hash)) !== null
    },
  },
  staffInvites: {
    keptDays: 1,
    make: async (at) => {
      const hash = unique('invite')
      await run(
        "INSERT INTO staff_invites (token_hash, email, role, invited_by, expires_at) VALUES (?, 'new@example.com', 'support', 'owner', ?)",
        hash,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM staff_invites WHERE token_hash = ?', hash)) !== null
    },
  },
  shopperCarts: {
    keptDays: 30,
    make: async (at) => {
      const quote = unique('quote')
      await run("INSERT INTO shopper_carts (quote_id, phone, lines, value, updated_at) VALUES (?, '966500000901', 1, 100, ?)", quote, at)
      return async () => (await one('SELECT 1 AS ok FROM shopper_carts WHERE quote_id = ?', quote)) !== null
    },
  },
  cartReminderStops: {
    keptDays: 60,
    make: async (at) => {
      const hash = unique('stop')
      await run("INSERT INTO cart_reminder_stops (token_hash, contacts, created_at) VALUES (?, '[]', ?)", hash, at)
      return async () => (await one('SELECT 1 AS ok FROM cart_reminder_stops WHERE token_hash = ?', hash)) !== null
    },
  },
  cartPaymentLinks: {
    keptDays: 30,
    make: async (at) => {
      const hash = unique('link')
      await run("INSERT INTO cart_payment_links (token_hash, quote_id, locale, created_at, expires_at) VALUES (?, 'q', 'ar', ?, ?)", hash, at, at)
      return async () => (await one('SELECT 1 AS ok FROM cart_payment_links WHERE token_hash = ?', hash)) !== null
    },
  },
  stockAlertsSent: {
    keptDays: 30,
    make: async (at) => {
      const contact = `${unique('sent')}@example.com`
      await run(
        "INSERT INTO stock_alerts (product_id, region_id, channel, contact, locale, created_at, due_at, sent_at) SELECT entity_id, 1101, 'email', ?, 'ar', ?, ?, ? FROM products LIMIT 1",
        contact,
        at,
        at,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM stock_alerts WHERE contact = ?', contact)) !== null
    },
  },
  stockAlertsWaiting: {
    keptDays: 365,
    make: async (at) => {
      const contact = `${unique('waiting')}@example.com`
      await run(
        "INSERT INTO stock_alerts (product_id, region_id, channel, contact, locale, created_at) SELECT entity_id, 1101, 'email', ?, 'ar', ? FROM products LIMIT 1",
        contact,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM stock_alerts WHERE contact = ?', contact)) !== null
    },
  },
  outbox: {
    keptDays: 7,
    make: async (at) => {
      const body = unique('outbox')
      await run("INSERT INTO outbox (channel, recipient, body, created_at) VALUES ('sms', '966500000901', ?, ?)", body, at)
      return async () => (await one('SELECT 1 AS ok FROM outbox WHERE body = ?', body)) !== null
    },
  },
  messageDeliveries: {
    keptDays: 14,
    make: async (at) => {
      const id = unique('delivery')
      await run(
        "INSERT INTO message_deliveries (id, channel, recipient, template, status, created_at, updated_at) VALUES (?, 'sms', '966500000901', 'otp', 'sent', ?, ?)",
        id,
        at,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM message_deliveries WHERE id = ?', id)) !== null
    },
  },
  personalisationEvents: {
    keptDays: 90,
    make: async (at) => {
      const session = unique('session')
      await run("INSERT INTO personalisation_events (session_id, event_type, created_at) VALUES (?, 'view', ?)", session, at)
      return async () => (await one('SELECT 1 AS ok FROM personalisation_events WHERE session_id = ?', session)) !== null
    },
  },
  searchEvents: {
    keptDays: 90,
    make: async (at) => {
      const name = unique('search')
      await run(
        "INSERT INTO search_events (event_type, event_name, index_name, user_token, object_ids, created_at) VALUES ('click', ?, 'products_en', 'u', '[]', ?)",
        name,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM search_events WHERE event_name = ?', name)) !== null
    },
  },
  consentRecords: {
    keptDays: 395,
    make: async (at) => {
      const version = unique('v')
      await run("INSERT INTO consent_records (choices, version, locale, created_at) VALUES ('{}', ?, 'ar', ?)", version, at)
      return async () => (await one('SELECT 1 AS ok FROM consent_records WHERE version = ?', version)) !== null
    },
  },
  dataRequests: {
    keptDays: 730,
    make: async (at) => {
      const email = `${unique('request')}@example.com`
      await run(
        "INSERT INTO data_requests (email, kind, locale, status, created_at, answered_at) VALUES (?, 'access', 'en', 'answered', ?, ?)",
        email,
        at,
        at,
      )
      return async () => (await one('SELECT 1 AS ok FROM data_requests WHERE email = ?', email)) !== null
    },
  },
  auditLog: {
    keptDays: 730,
    make: async (at) => {
      const request = unique('request')
      await run(
        "INSERT INTO audit_log (at, actor_kind, actor_name, action, subject_kind, subject_id, request_id) VALUES (?, 'token', 'terminal', 'order.ship', 'order', 'MJ1', ?)",
        at,
        request,
      )
      return async () => (await one('SELECT 1 AS ok FROM audit_log WHERE request_id = ?', request)) !== null
    },
  },
  orderContacts: {
    keptDays: 730,
    make: async (at) => {
      const id = await newOrder(at)
      return async () => {
        const row = (await one('SELECT customer_name, email, phone, shipping_address, grand_total FROM orders WHERE id = ?', id))!
        // The order itself always stays: the tax record.
        expect(row.grand_total).toBe(115)
        if (row.phone === null) expect(row).toMatchObject({ customer_name: null, email: '', shipping_address: null })
        return row.phone !== null
      }
    },
  },
  returnNotes: {
    keptDays: 730,
    make: async (at) => {
      const order = await newOrder(iso(now))
      await run("INSERT INTO order_returns (order_id, reason, note, requested_at) VALUES (?, 'damaged', 'Call my brother on 0555', ?)", order, at)
      return async () => {
        const row = (await one('SELECT reason, note FROM order_returns WHERE order_id = ?', order))!
        expect(row.reason).toBe('damaged')
        return row.note !== ''
      }
    },
  },
}

describe('the retention schedule', () => {
  it('has a case here for every rule the daily job carries out, and a reason for every table', () => {
    expect(Object.keys(cases).sort()).toEqual(timedRules.map((rule) => rule.kind).sort())
    for (const rule of retentionSchedule) expect(rule.why.length).toBeGreaterThan(20)
  })

  for (const rule of timedRules) {
    it(`${rule.kind}: keeps ${rule.table} ${rule.keptDays} days from its ${rule.from}, not a day more`, async () => {
      const { keptDays, make } = cases[rule.kind]
      expect(rule.keptDays).toBe(keptDays)
      const past = await make(iso(now - keptDays * day - 60_000))
      const within = await make(iso(now - keptDays * day + 60_000))
      expect([await past(), await within()]).toEqual([true, true])
      await runDaily()
      expect([await past(), await within()]).toEqual([false, true])
    })
  }

  it('keeps an open data request however old', async () => {
    const email = `${unique('open')}@example.com`
    await run("INSERT INTO data_requests (email, kind, locale, created_at) VALUES (?, 'erasure', 'ar', ?)", email, iso(now - 1000 * day))
    await runDaily()
    expect(await one('SELECT status FROM data_requests WHERE email = ?', email)).toEqual({ status: 'open' })
  })
})

describe("a cart's checkout details", () => {
  // A cart is a Durable Object no daily job can list: its own alarm forgets what was typed at checkout (name, mobile,
  // address) once the cart has been left that long (docs/decisions/0028-personal-data-kept.md).
  it(`are forgotten ${serverLimits.carts.keptDays} days after they were last given; the products stay`, async () => {
    const cart = env.CART.get(env.CART.idFromName(unique('left-cart')))
    await cart.init(unique('quote'), 1, null, 1101)
    await cart.addLine({ sku: 'forget-me', product_id: 1 } as never, 1, { maxQty: 5, maxLines: 5, available: null })
    const details = {
      contact: { name: 'سارة علي', email: 'sara@example.com', mobile: '0551234567' },
      shipping_address: null,
      billing_address: null,
      delivery_date: '2026-12-01',
    }
    await cart.setCheckout(details)
    const alarm = await runInDurableObject(cart, (_, state) => state.storage.getAlarm())
    expect(alarm! - Date.now()).toBeGreaterThan((serverLimits.carts.keptDays - 1) * day)

    // Early (an alarm left from an earlier change): nothing is forgotten.
    expect(await runDurableObjectAlarm(cart)).toBe(true)
    expect((await cart.state())!.checkout).toEqual(details)

    await runInDurableObject(cart, async (_, state) => {
      state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'details_stale_at'", String(Date.now() - 1))
      await state.storage.setAlarm(Date.now() + 60_000)
    })
    expect(await runDurableObjectAlarm(cart)).toBe(true)
    const after = (await cart.state())!
    expect(after.checkout).toBeNull()
    expect(after.verified_phones).toEqual([])
    expect(after.lines.map((line) => line.sku)).toEqual(['forget-me'])
  })
})
