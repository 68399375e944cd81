// The merchant console's staff (docs/product.md, "The merchant console"): invitations, sign-in with a password and an
// authenticator code, sessions, roles checked on every route, and the audit trail written with each change.
import { env } from 'cloudflare:test'
import { serverLimits } from '../../config/server-limits'
import { describe, expect, it } from 'vitest'
import { call, newIp, newPhone, sellableSku } from './commerce-helpers'
import { asOperator, cashOrderCart } from './order-helpers'
import { asStaff, codeFor, cookieOf, joined } from './staff-helpers'

async function cashOrder() {
  const sku = await sellableSku('p.price < 2000 AND p.big_items = 0', 5)
  const phone = newPhone()
  const { cart, body } = await cashOrderCart(sku, phone.local)
  const placed = await call(cart, 'POST', '/cart/placeOrder', body)
  expect(placed.status).toBe(200)
  return { phone, number: placed.body.increment_id as string }
}

const auditRows = async (action: string, subject: string) =>
  (await env.DB.prepare('SELECT actor_name, actor_kind, request_id FROM audit_log WHERE action = ? AND subject_id = ?').bind(action, subject).all())
    .results

describe('joining and signing in', () => {
  it('turns an invitation into an account once, with the invite and the join in the audit trail', async () => {
    const member = await joined('operations')
    const me = await asStaff(member, 'GET', '/me')
    expect(me.body.data).toMatchObject({ kind: 'staff', name: 'Reem Alharbi', role: 'operations' })
    expect(me.body.data.permissions).toContain('orders.fulfil')
    expect(await auditRows('staff.invite', member.email)).toEqual([expect.objectContaining({ actor_name: 'terminal', actor_kind: 'token' })])
    expect(await auditRows('staff.join', member.email)).toHaveLength(1)
    // The code that joined is spent with the account: it signs nobody in.
    const reused = await asStaff({ cookie: '', ip: newIp() }, 'POST', '/sign-in', {
      email: member.email,
      password: member.password,
      code: member.joinCode,
    })
    expect(reused.body.error.code).toBe('sign_in_failed')
  })

  it('refuses a used or made-up invitation, and a wrong authenticator code', async () => {
    const email = `twice-${crypto.randomUUID().slice(0, 8)}@matjar.test`
    const invite = new URL((await asOperator('POST', '/staff/invite', { email, role: 'support' })).body.data.link).searchParams.get('invite')!
    const started = (await asStaff(null, 'GET', `/join?invite=${invite}`)).body.data
    const body = { invite, enrolment: started.enrolment, name: 'Huda Alqahtani', password: 'another long passphrase' }
    const wrong = await asStaff(null, 'POST', '/join', { ...body, code: codeFor(started.secret) === '000000' ? '111111' : '000000' })
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'code_invalid'])
    expect((await asStaff(null, 'POST', '/join', { ...body, code: codeFor(started.secret) })).status).toBe(200)
    const again = await asStaff(null, 'POST', '/join', { ...body, code: codeFor(started.secret, Date.now() + 30_000) })
    expect([again.status, again.body.error.code]).toEqual([404, 'invite_invalid'])
    expect((await asStaff(null, 'GET', `/join?invite=${'x'.repeat(43)}`)).body.error.code).toBe('invite_invalid')
  })

  it('says the same for a wrong password, a wrong code and an unknown email; a code is good once', async () => {
    const member = await joined('support')
    const ip = newIp()
    const code = codeFor(member.secret, Date.now() + 30_000)
    const tries = [
      { email: member.email, password: 'not the passphrase', code },
      { email: member.email, password: member.password, code: code === '123456' ? '654321' : '123456' },
      { email: `nobody-${crypto.randomUUID()}@matjar.test`, password: member.password, code },
    ]
    for (const attempt of tries) {
      const refused = await asStaff({ cookie: '', ip }, 'POST', '/sign-in', attempt)
      expect([refused.status, refused.body.error.code, refused.setCookie]).toEqual([401, 'sign_in_failed', null])
    }
    const signedIn = await asStaff({ cookie: '', ip }, 'POST', '/sign-in', { email: member.email.toUpperCase(), password: member.password, code })
    expect(signedIn.status).toBe(200)
    const session = { cookie: `ops_session=${cookieOf(signedIn.setCookie)}`, ip }
    expect(signedIn.setCookie).toMatch(/HttpOnly; Secure; SameSite=Strict/)
    expect((await asStaff(session, 'GET', '/me')).body.data.role).toBe('support')
    // The same code again (read over a shoulder) opens nothing.
    const replayed = await asStaff({ cookie: '', ip: newIp() }, 'POST', '/sign-in', { email: member.email, password: member.password, code })
    expect(replayed.body.error.code).toBe('sign_in_failed')
    // Signing out ends the session on the server, not only in the browser.
    await asStaff(session, 'POST', '/sign-out')
    expect((await asStaff(session, 'GET', '/me')).body.data).toBeNull()
  })

  it('locks an email after repeated failures, right password or not', async () => {
    const member = await joined('support')
    for (let i = 0; i < 6; i++)
      await asStaff({ cookie: '', ip: newIp() }, 'POST', '/sign-in', { email: member.email, password: `wrong ${i} passphrase`, code: '000000' })
    const locked = await asStaff({ cookie: '', ip: newIp() }, 'POST', '/sign-in', {
      email: member.email,
      password: member.password,
      code: codeFor(member.secret, Date.now() + 30_000),
    })
    expect([locked.status, locked.body.error.code]).toEqual([429, 'locked'])
  })

  it('ends a session left idle, and every session of a member when the owner says so', async () => {
    const member = await joined('operations')
    const owner = await joined('owner', 'Faisal Alotaibi')
    await env.DB.prepare(
      "UPDATE staff_sessions SET last_seen_at = '2020-01-01T00:00:00.000Z' WHERE staff_id = (SELECT id FROM staff WHERE email = ?)",
    )
      .bind(member.email)
      .run()
    expect((await asStaff(member, 'GET', '/me')).body.data).toBeNull()

    const again = await asStaff({ cookie: '', ip: newIp() }, 'POST', '/sign-in', {
      email: member.email,
      password: member.password,
      code: codeFor(member.secret, Date.now() + 30_000),
    })
    const session = { cookie: `ops_session=${cookieOf(again.setCookie)}`, ip: newIp() }
    expect((await asStaff(session, 'GET', '/me')).status).toBe(200)
    const id = (await asStaff(owner, 'GET', '/staff')).body.data.staff.find((s: { email: string }) => s.email === member.email).id
    // The idle session and the new one.
    expect((await asStaff(owner, 'POST', `/staff/${id}/sign-out`)).body.data.ended).toBe(2)
    expect((await asStaff(session, 'GET', '/me')).body.data).toBeNull()
    expect(await auditRows('staff.sign_out_everywhere', member.email)).toEqual([expect.objectContaining({ actor_name: 'Faisal Alotaibi' })])
  })

  it('never leaves the shop without an active owner', async () => {
    const owner = await joined('owner', 'Faisal Alotaibi')
    const others = await env.DB.prepare("UPDATE staff SET active = 0 WHERE role = 'owner' AND email <> ?").bind(owner.email).run()
    expect(others.success).toBe(true)
    const id = (await asStaff(owner, 'GET', '/staff')).body.data.staff.find((s: { email: string }) => s.email === owner.email).id
    const demoted = await asStaff(owner, 'POST', `/staff/${id}`, { role: 'support', active: true })
    expect([demoted.status, demoted.body.error.code]).toEqual([409, 'last_owner'])
    expect(await auditRows('staff.update', owner.email)).toEqual([])
  })
})

describe('roles', () => {
  it('lets each role do what the permission table says, and nothing else', async () => {
    const [operations, support, catalogue] = [await joined('operations'), await joined('support'), await joined('catalogue')]
    const { number } = await cashOrder()
    expect((await asStaff(support, 'GET', `/orders?q=${number}`)).body.data.orders).toHaveLength(1)
    expect((await asStaff(catalogue, 'GET', '/orders')).status).toBe(403)
    expect((await asStaff(support, 'POST', `/orders/${number}/confirm`)).status).toBe(403)
    expect((await asStaff(support, 'POST', '/staff/invite', { email: 'x@matjar.test', role: 'owner' })).status).toBe(403)
    expect((await asStaff(operations, 'GET', '/audit')).status).toBe(403)
    expect((await asStaff(operations, 'POST', '/housekeeping', { run: 'daily' })).status).toBe(403)
    expect((await asStaff(null, 'GET', '/orders')).status).toBe(404)
    expect((await asStaff(operations, 'POST', `/orders/${number}/confirm`)).body.data.outcome).toBe('done')
    // Support may cancel an order that has not shipped.
    expect((await asStaff(support, 'POST', `/orders/${number}/cancel`)).body.data.outcome).toBe('done')
  })
})

describe('the audit trail', () => {
  it('names who took each step, in the timeline and the trail, once per step that landed', async () => {
    const operations = await joined('operations', 'Salem Alghamdi')
    const { number, phone } = await cashOrder()
    expect((await asStaff(operations, 'POST', `/orders/${number}/confirm`)).body.data.outcome).toBe('done')
    expect((await asStaff(operations, 'POST', `/orders/${number}/confirm`)).body.data.outcome).toBe('already')
    expect((await asStaff(operations, 'POST', `/orders/${number}/deliver`)).status).toBe(409)
    expect((await asStaff(operations, 'POST', `/orders/${number}/prepare`)).body.data.outcome).toBe('done')
    expect(await auditRows('order.confirm', number)).toEqual([expect.objectContaining({ actor_name: 'Salem Alghamdi' })])
    expect(await auditRows('order.deliver', number)).toEqual([])
    const detail = (await asStaff(operations, 'GET', `/orders/${number}`)).body.data
    expect(detail.order.events.map((e: { status: string; actor: string | null }) => [e.status, e.actor])).toEqual([
      ['placed', null],
      ['confirmed', 'Salem Alghamdi'],
      ['preparing', 'Salem Alghamdi'],
    ])
    // Found by the buyer's mobile in any spelling.
    expect(
      (await asStaff(operations, 'GET', `/orders?q=${encodeURIComponent(phone.local)}`)).body.data.orders.map((o: { order: string }) => o.order),
    ).toEqual([number])
  })

  it('is read by the owner, filtered by person and action', async () => {
    const owner = await joined('owner', 'Nora Alsaud')
    const invited = `filtered-${crypto.randomUUID().slice(0, 8)}@matjar.test`
    await asStaff(owner, 'POST', '/staff/invite', { email: invited, role: 'support' })
    const trail = (await asStaff(owner, 'GET', `/audit?actor=${encodeURIComponent('Nora Alsaud')}&action=staff.invite`)).body.data.entries
    expect(trail.map((e: { subject_id: string }) => e.subject_id)).toEqual([invited])
  })
})

describe('the console`s lists', () => {
  it('come in pages, newest first, each starting after the last row of the one before', async () => {
    const pageSize = serverLimits.orders.consolePageSize
    const insert = env.DB.prepare(
      `INSERT INTO audit_log (at, actor_kind, actor_name, action, subject_kind, subject_id, request_id)
       VALUES (?, 'token', 'paging', 'test.page', 'order', ?, 'r')`,
    )
    await env.DB.batch(Array.from({ length: pageSize + 5 }, (_, i) => insert.bind(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), `S${i}`)))
    const first = await asOperator('GET', '/audit?action=test.page')
    expect(first.body.data.entries.length).toBe(pageSize)
    expect(first.body.data.entries[0].subject_id).toBe(`S${pageSize + 4}`)
    expect(first.body.data.older).toBe(first.body.data.entries.at(-1).id)
    const second = await asOperator('GET', `/audit?action=test.page&before=${first.body.data.older}`)
    expect(second.body.data.entries.map((entry: { subject_id: string }) => entry.subject_id)).toEqual(['S4', 'S3', 'S2', 'S1', 'S0'])
    expect(second.body.data.older).toBeNull()
    expect((await asOperator('GET', '/audit?action=test.page&before=12a')).status).toBe(400)
  })
})
