// The privacy calls in workerd (docs/product.md, "Your data"): each cookie choice recorded with its version and time,
// a data request from the privacy page kept for the owner, who lists it and marks it answered in the audit trail.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { serverLimits } from '../../config/server-limits'
import { newIp } from './commerce-helpers'
import { asOperator } from './order-helpers'

const post = (path: string, body: unknown, ip = newIp()) =>
  SELF.fetch(`https://matjar.test/api${path}?lang=ar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  })

const choices = { functions: true, marketing: false, preference: true, measurements: false, social: false }

describe('POST /api/consent', () => {
  it('records the choice with the banner version, the language and the time, and no customer for a guest', async () => {
    const before = Date.now()
    expect((await post('/consent', { choices, version: 'test-1' })).status).toBe(200)
    const row = await env.DB.prepare("SELECT * FROM consent_records WHERE version = 'test-1'").first<Record<string, unknown>>()
    expect(row).toMatchObject({ customer_id: null, locale: 'ar', choices: JSON.stringify(choices) })
    expect(Date.parse(String(row!.created_at))).toBeGreaterThanOrEqual(before - 1000)
  })

  it('refuses a choice without every category or with a made-up version, and stores nothing', async () => {
    expect((await post('/consent', { choices: { functions: true }, version: 'test-2' })).status).toBe(400)
    expect((await post('/consent', { choices, version: '<script>' })).status).toBe(400)
    expect(await env.DB.prepare("SELECT count(*) AS n FROM consent_records WHERE version = 'test-2'").first('n')).toBe(0)
  })
})

describe('data requests', () => {
  it('reach the owner in the console, who marks one answered once, in the audit trail', async () => {
    const sent = await post('/privacy/request', { email: 'Asker@Example.com', kind: 'erasure', message: 'Please delete my guest orders' })
    expect(sent.status).toBe(200)
    const { id } = ((await sent.json()) as { data: { id: number } }).data
    const listed = await asOperator('GET', '/data-requests')
    expect(listed.status).toBe(200)
    expect(listed.body.data.requests).toContainEqual(
      expect.objectContaining({
        id,
        email: 'asker@example.com',
        kind: 'erasure',
        status: 'open',
        locale: 'ar',
        message: 'Please delete my guest orders',
      }),
    )
    expect((await asOperator('POST', `/data-requests/${id}/answered`)).status).toBe(200)
    expect((await asOperator('POST', `/data-requests/${id}/answered`)).status).toBe(404)
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'data_request.answered' AND subject_id = ?")
      .bind(String(id))
      .first('n')
    expect(audit).toBe(1)
  })

  it('are refused without a valid email or kind, and limited per client address', async () => {
    expect((await post('/privacy/request', { email: 'nope', kind: 'erasure' })).status).toBe(400)
    expect((await post('/privacy/request', { email: 'a@example.com', kind: 'sell-it' })).status).toBe(400)
    const ip = newIp()
    for (let i = 0; i < serverLimits.anonymousWrites.dataRequestsPerIpPerHour; i++) {
      expect((await post('/privacy/request', { email: 'busy@example.com', kind: 'access' }, ip)).status).toBe(200)
    }
    expect((await post('/privacy/request', { email: 'busy@example.com', kind: 'access' }, ip)).status).toBe(429)
  })
})
