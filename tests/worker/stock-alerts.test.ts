// Back-in-stock alerts (docs/product.md, "Back-in-stock alerts"; docs/decisions/0035-stock-alerts.md): a guest proves
// the mobile or email by code, the alert is sent once when its city's stock comes back (by a console edit, or by any
// write of the stock, which the five-minute job catches), never for another city; limits per contact and per hour;
// the signed one-tap unsubscribe; a signed-in shopper's own list.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { serverLimits } from '../../config/server-limits'
import { issueCustomerToken } from '~/commerce/customers'
import { sendDueStockAlerts } from '~/commerce/stock-alerts'
import { runHousekeeping } from '~/scheduled/housekeeping'
import { crons } from '~/scheduled/crons'
import { accountStore } from '~/storage/account-store'
import { sealSession } from '~/storefront/sealed-session'
import { cookies } from '../../src/domain/cookies'
import { newIp, newPhone, origin, resendWaitOver } from './commerce-helpers'
import { asOperator } from './order-helpers'

let productSeq = 0
/** A simple product for sale with no stock in Riyadh (1101) nor Jeddah (1102), a different one each call. */
async function soldOutProduct(): Promise<{ sku: string; id: number; rewriteUrl: string }> {
  productSeq += 1
  const row = await env.DB.prepare(
    `SELECT sku, entity_id, rewrite_url FROM products WHERE type_id = 'simple' AND hidden = 0 AND not_for_sale = 0 AND parent_id IS NULL
     ORDER BY entity_id DESC LIMIT 1 OFFSET ?`,
  )
    .bind(productSeq * 3)
    .first<{ sku: string; entity_id: number; rewrite_url: string }>()
  await env.DB.prepare('UPDATE stock SET qty = 0 WHERE product_id = ? AND region_id IN (1101, 1102)').bind(row!.entity_id).run()
  return { sku: row!.sku, id: row!.entity_id, rewriteUrl: row!.rewrite_url }
}

/** A shopper's browser calls: in a city, a language, from an address of its own, signed in when a cookie is given. */
function shopper(options: { region?: number; lang?: 'ar' | 'en'; session?: string } = {}) {
  const ip = newIp()
  const cookie = [`${cookies.region.name}=${options.region ?? 1101}`, `${cookies.locale.name}=${options.lang ?? 'en'}`, options.session ?? '']
    .filter(Boolean)
    .join('; ')
  return async (method: string, path: string, body?: unknown) => {
    const response = await SELF.fetch(`${origin}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, cookie, 'sec-fetch-site': 'same-origin' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as any }
  }
}

const outboxTo = async (recipient: string) =>
  (await env.DB.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id').bind(recipient).all<{ body: string }>()).results.map((r) => r.body)

const lastCodeTo = async (recipient: string) => /\b(\d{6})\b/.exec((await outboxTo(recipient)).at(-1)!)![1]!

const alertsOf = (contact: string) => env.DB.prepare('SELECT product_id, region_id, sent_at FROM stock_alerts WHERE contact = ?').bind(contact).all()

/** A guest's SMS alert on `sku`: a code to the mobile, typed back. */
async function guestSmsAlert(sku: string, phone = newPhone(), as = shopper()) {
  expect((await as('POST', '/stock-alerts/code', { channel: 'sms', to: phone.local })).status).toBe(200)
  const made = await as('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local, code: await lastCodeTo(phone.international) })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  return phone
}

const restockByConsole = (sku: string, region: number, set: number) =>
  asOperator('POST', `/products/${encodeURIComponent(sku)}/stock`, { changes: [{ region_id: region, set }], reason: 'count' })

describe('asking for an alert', () => {
  it('a guest without a verified mobile cannot create one: no code, a wrong code, a code for another mobile', async () => {
    const { sku } = await soldOutProduct()
    const phone = newPhone()
    const other = newPhone()
    const as = shopper()
    const none = await as('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local })
    expect([none.status, none.body.error.code, none.body.error.message]).toEqual([400, 'code_needed', 'Ask for a code and type it first.'])
    expect((await as('POST', '/stock-alerts/code', { channel: 'sms', to: other.local })).status).toBe(200)
    // The other mobile's code proves nothing about this one.
    const borrowed = await as('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local, code: await lastCodeTo(other.international) })
    expect(borrowed.status).toBe(400)
    expect((await as('POST', '/stock-alerts/code', { channel: 'sms', to: phone.local })).status).toBe(200)
    const wrong = await as('POST', '/stock-alerts', {
      sku,
      channel: 'sms',
      to: phone.local,
      code: '000000' === (await lastCodeTo(phone.international)) ? '111111' : '000000',
    })
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'otp_invalid'])
    expect((await alertsOf(phone.international)).results).toEqual([])
    // An Arabic shopper is refused in Arabic.
    const arabic = await shopper({ lang: 'ar' })('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local })
    expect(arabic.body.error.message).toBe('اطلب الرمز واكتبه أولًا.')
  })

  it('is refused for a product in stock in the city, and for an unknown product, writing nothing', async () => {
    const { sku, id } = await soldOutProduct()
    await env.DB.prepare('UPDATE stock SET qty = 3 WHERE product_id = ? AND region_id = 1101').bind(id).run()
    const phone = newPhone()
    const as = shopper()
    await as('POST', '/stock-alerts/code', { channel: 'sms', to: phone.local })
    const code = await lastCodeTo(phone.international)
    const inStock = await as('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local, code })
    expect([inStock.status, inStock.body.error.code]).toEqual([409, 'in_stock'])
    const unknown = await as('POST', '/stock-alerts', { sku: 'NO-SUCH-SKU', channel: 'sms', to: phone.local, code })
    expect(unknown.status).toBe(404)
    expect((await alertsOf(phone.international)).results).toEqual([])
  })
})

describe('sending', () => {
  it('sends once per city restock by the console: another city’s restock sends nothing, a second restock nothing more', async () => {
    const { sku, rewriteUrl } = await soldOutProduct()
    const phone = await guestSmsAlert(sku)
    const codes = (await outboxTo(phone.international)).length
    // Jeddah gets stock: the Riyadh alert waits.
    expect((await restockByConsole(sku, 1102, 4)).status).toBe(200)
    await sendDueStockAlerts(env)
    expect((await outboxTo(phone.international)).length).toBe(codes)
    // Riyadh gets stock: the alert goes at once, with the product's page and the unsubscribe link.
    expect((await restockByConsole(sku, 1101, 2)).status).toBe(200)
    const afterFirst = (await outboxTo(phone.international)).slice(codes)
    expect(afterFirst).toHaveLength(1)
    expect(afterFirst[0]).toContain(`/en/product/${rewriteUrl}`)
    expect(afterFirst[0]).toMatch(/\/api\/stock-alerts\/stop\?a=\d+&s=[\w-]{43}&lang=en/)
    // Sold out and back again, and the job runs: still the one message.
    expect((await restockByConsole(sku, 1101, 0)).status).toBe(200)
    expect((await restockByConsole(sku, 1101, 5)).status).toBe(200)
    await runHousekeeping(env, crons.everyFiveMinutes, new Date())
    expect((await outboxTo(phone.international)).slice(codes)).toHaveLength(1)
  })

  it('a restock by any write of the stock (an import, a cancelled order) is sent by the five-minute job, in Arabic when asked in Arabic', async () => {
    const { sku, id } = await soldOutProduct()
    const phone = await guestSmsAlert(sku, newPhone(), shopper({ lang: 'ar' }))
    const codes = (await outboxTo(phone.international)).length
    // The import's own statement (worker/storage/catalogue-sql.ts upserts the stock rows).
    await env.DB.prepare(
      'INSERT INTO stock (product_id, region_id, qty) VALUES (?1, 1101, 7) ON CONFLICT (product_id, region_id) DO UPDATE SET qty = excluded.qty',
    )
      .bind(id)
      .run()
    const reports = await runHousekeeping(env, crons.everyFiveMinutes, new Date())
    expect(reports.find((r) => r.job === 'send-stock-alerts')!.sent).toBeGreaterThanOrEqual(1)
    const sent = (await outboxTo(phone.international)).slice(codes)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('متوفر الآن في مدينتك')
    expect(sent[0]).not.toContain('/en/')
  })

  it('the one-tap unsubscribe removes the alert; a forged or borrowed signature does nothing', async () => {
    const first = await soldOutProduct()
    const second = await soldOutProduct()
    const phone = await guestSmsAlert(first.sku)
    await resendWaitOver(phone.international)
    await guestSmsAlert(second.sku, phone)
    await restockByConsole(first.sku, 1101, 1)
    const message = (await outboxTo(phone.international)).at(-1)!
    const [, id, signature] = /stop\?a=(\d+)&s=([\w-]{43})/.exec(message)!
    const secondId = (await env.DB.prepare('SELECT id FROM stock_alerts WHERE contact = ? AND product_id = ?')
      .bind(phone.international, second.id)
      .first<{ id: number }>())!.id
    const stop = (query: string) => SELF.fetch(`${origin}/api/stock-alerts/stop?${query}`)
    const forged = await stop(`a=${id}&s=${'A'.repeat(43)}&lang=en`)
    expect(forged.status).toBe(404)
    // The signature of one alert does not remove another.
    expect((await stop(`a=${secondId}&s=${signature}&lang=en`)).status).toBe(404)
    expect((await alertsOf(phone.international)).results).toHaveLength(2)
    const done = await stop(`a=${id}&s=${signature}&lang=en`)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Done: this back-in-stock alert is cancelled.')
    expect((await alertsOf(phone.international)).results).toHaveLength(1)
  })
})

describe('limits', () => {
  it('caps the alerts a mobile waits on, and the requests per hour per mobile', async () => {
    const phone = newPhone()
    const { sku } = await soldOutProduct()
    // As many waiting alerts as allowed, then one more is refused, with nothing written.
    const others = await env.DB.prepare(`SELECT entity_id FROM products WHERE type_id = 'simple' LIMIT ?`)
      .bind(serverLimits.stockAlerts.activePerContact)
      .all<{ entity_id: number }>()
    for (const { entity_id } of others.results)
      await env.DB.prepare(
        `INSERT INTO stock_alerts (product_id, region_id, channel, contact, locale, created_at) VALUES (?, 1104, 'sms', ?, 'en', ?)`,
      )
        .bind(entity_id, phone.international, new Date().toISOString())
        .run()
    const as = shopper()
    await as('POST', '/stock-alerts/code', { channel: 'sms', to: phone.local })
    const capped = await as('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local, code: await lastCodeTo(phone.international) })
    expect([capped.status, capped.body.error.code]).toEqual([429, 'too_many_alerts'])
    expect((await alertsOf(phone.international)).results).toHaveLength(serverLimits.stockAlerts.activePerContact)

    // Requests per hour per mobile, counted before the code is looked at (each from another address).
    const busy = newPhone()
    const statuses: number[] = []
    for (let i = 0; i <= serverLimits.stockAlerts.requestsPerContactPerHour; i++)
      statuses.push((await shopper()('POST', '/stock-alerts', { sku, channel: 'sms', to: busy.local, code: '123456' })).status)
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('by email and in the account', () => {
  it('a guest’s email is proved by an emailed code; a signed-in shopper’s own email needs none, and their account lists and removes it', async () => {
    const { sku } = await soldOutProduct()
    const email = `alert${Date.now()}@example.com`
    const as = shopper()
    expect((await as('POST', '/stock-alerts/code', { channel: 'email', to: email })).status).toBe(200)
    const made = await as('POST', '/stock-alerts', { sku, channel: 'email', to: email, code: await lastCodeTo(email) })
    expect(made.body.data.outcome).toBe('added')

    const phone = newPhone()
    await accountStore(env.DB).addPhoneVerification(`sa-${phone.local}`, phone.international, new Date(Date.now() + 3600_000))
    await accountStore(env.DB).createCustomer(
      {
        email: `own${phone.local}@example.com`,
        firstname: 'Hind',
        lastname: 'Saleh',
        mobile: phone.international,
        passwordHash: 'x',
        verificationHash: `sa-${phone.local}`,
      },
      new Date(),
    )
    const found = await accountStore(env.DB).customerByPhone(phone.international)
    const { token, expiresAt } = await issueCustomerToken(env.DB, found!.customer.id)
    const sealed = await sealSession(env, { user: { id: found!.customer.id } as never, mage: token, expires: expiresAt.toISOString() })
    const me = shopper({ session: `${cookies.session.name}=${sealed}` })
    const own = await me('POST', '/stock-alerts', { sku, channel: 'email' })
    expect(own.body.data.outcome).toBe('added')
    // Their own mobile needs no code either.
    expect((await me('POST', '/stock-alerts', { sku, channel: 'sms', to: phone.local })).body.data.outcome).toBe('added')
    const listed = await me('GET', '/stock-alerts')
    expect(listed.body.data.alerts.map((a: { contact: string }) => a.contact).sort()).toEqual(
      [`own${phone.local}@example.com`, phone.international].sort(),
    )
    // A stranger cannot remove theirs; they can.
    const theirs = listed.body.data.alerts[0].id as number
    expect((await shopper()('DELETE', `/stock-alerts/${theirs}`)).status).toBe(401)
    expect((await me('DELETE', `/stock-alerts/${theirs}`)).status).toBe(200)
    expect((await me('GET', '/stock-alerts')).body.data.alerts).toHaveLength(1)
  })
})
