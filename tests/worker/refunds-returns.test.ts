// Returns and refunds handled in the console (docs/product.md, "Returns and refunds"): money given back once, by
// line, by amount or whole, through the provider that took it or recorded for cash; a return accepted or refused,
// received with its units back in stock; each step told to the buyer, audited in its own batch, refused for roles
// that may not take it, and refused requests changing nothing.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, checkoutFor, newPhone, sellableSku, stockOf } from './commerce-helpers'
import { asOperator, cashOrderCart, customerWithCart, messagesTo } from './order-helpers'
import { asStaff, joined } from './staff-helpers'
import { origin } from './commerce-helpers'
import { sendOwedRefunds } from '~/commerce/refunds'

/** A card order of two units of one product, paid on the embedded Moyasar's page. */
async function paidOrderOfTwo(from: string) {
  const { me, phone, sku } = await customerWithCart(from)
  expect((await call(me, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  const placed = await call(me, 'POST', '/cart/placeOrder', { checkout: await checkoutFor(me, phone.local), paymentMethod: { method: 'card' } })
  expect(placed.status).toBe(200)
  const paymentUrl = (placed.body.payment_url as string).replace(origin, 'http://localhost')
  const fields = { name: 'Noura Alqahtani', number: '4201320111111010' }
  await SELF.fetch(paymentUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  const order = placed.body as { order_id: number; increment_id: string; grand_total: number }
  const paymentId = (await env.DB.prepare('SELECT payment_id FROM order_payments WHERE order_id = ?')
    .bind(order.order_id)
    .first<{ payment_id: string }>())!.payment_id
  expect(paymentId).toBeTruthy()
  return { me, phone, sku, order, paymentId }
}

/** What the embedded Moyasar says it gave back of a payment, in halalas. */
async function providerRefunded(paymentId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT body FROM moyasar_sandbox_payments WHERE id = ?').bind(paymentId).first<{ body: string }>()
  return (JSON.parse(row!.body) as { refunded: number }).refunded
}

const refunds = async (orderId: number) =>
  (await env.DB.prepare('SELECT amount, status, request_key FROM order_refunds WHERE order_id = ? ORDER BY id').bind(orderId).all()).results
const audits = async (number: string, action: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM audit_log WHERE subject_id = ? AND action = ?').bind(number, action).first<{ n: number }>())!.n
const refund = (number: string, body: unknown) => asOperator('POST', `/orders/${number}/refunds`, body)
const key = () => crypto.randomUUID()

describe('a refund through the console', () => {
  it('gives back one line, then an amount, then the rest, each once, never more than was paid', async () => {
    const { me, phone, order, paymentId, sku } = await paidOrderOfTwo('p.entity_id > 1400')
    const paid = Math.round(order.grand_total * 100)
    const first = key()
    const line = await refund(order.increment_id, {
      key: first,
      kind: 'lines',
      lines: [{ sku, qty: 1 }],
      delivery: false,
      method: 'provider',
      reason: 'damaged',
    })
    expect(line.status).toBe(200)
    expect(line.body.data).toMatchObject({ outcome: 'done', refund: { status: 'done', lines: [{ sku, qty: 1 }] } })
    const lineAmount = line.body.data.refund.amount as number
    expect(lineAmount).toBeGreaterThan(0)
    expect(await providerRefunded(paymentId)).toBe(lineAmount)
    // The same form sent again (a double click, a retry): the same refund, nothing more given back.
    expect(
      (await refund(order.increment_id, { key: first, kind: 'amount', amount: 100, method: 'provider', reason: 'again' })).body.data,
    ).toMatchObject({
      outcome: 'already',
      refund: { amount: lineAmount },
    })
    expect(await providerRefunded(paymentId)).toBe(lineAmount)

    expect(
      (await refund(order.increment_id, { key: key(), kind: 'amount', amount: 1_000, method: 'provider', reason: 'late' })).body.data.outcome,
    ).toBe('done')
    const rest = await refund(order.increment_id, { key: key(), kind: 'whole', method: 'provider', reason: 'changed mind' })
    expect(rest.body.data.refund.amount).toBe(paid - lineAmount - 1_000)
    expect(await providerRefunded(paymentId)).toBe(paid)
    const more = await refund(order.increment_id, { key: key(), kind: 'amount', amount: 1, method: 'provider', reason: 'more' })
    expect(more.status).toBe(409)
    expect(more.body.error.issues).toEqual(['nothing_left'])
    expect((await refunds(order.order_id)).length).toBe(3)
    // Fully given back: the timeline says so; the buyer heard of each refund; each landed with its audit row.
    const detail = await asOperator('GET', `/orders/${order.increment_id}`)
    expect(detail.body.data.order.events.map((e: { status: string }) => e.status)).toContain('refunded')
    expect(detail.body.data.payment).toMatchObject({ provider: 'moyasar', payment_id: paymentId, captured_halalas: paid, refunded_halalas: paid })
    expect(detail.body.data.messages.filter((message: { id: string }) => message.id.includes('-refund-')).length).toBe(6) // 3 SMS, 3 emails
    expect((await messagesTo(phone.international)).filter((text) => text.includes('is on its way back to how you paid')).length).toBe(3)
    expect(await audits(order.increment_id, 'order.refund')).toBe(3)
    // Each refund of the invoiced order is on the tax record: a credit note of exactly its amount, naming the invoice.
    const notes = (
      await env.DB.prepare("SELECT content FROM invoices WHERE kind = 'credit_note' AND order_id = ? ORDER BY number")
        .bind(order.order_id)
        .all<{ content: string }>()
    ).results.map((row) => JSON.parse(row.content) as { totals: { incl_vat: number }; credit_note: { invoice: string } })
    expect(notes.map((note) => note.totals.incl_vat)).toEqual([lineAmount, 1_000, paid - lineAmount - 1_000])
    expect(notes.every((note) => /^INV-\d{6}$/.test(note.credit_note.invoice))).toBe(true)
    expect(detail.body.data.credit_notes.length).toBe(3)
    // The buyer reads each note: on the order's page beside its refund, and from the refund's message by a signed link.
    const buyers = (await call(me, 'GET', `/customer/orders/${order.increment_id}`)).body as { refunds: { credit_note: string | null }[] }
    expect(buyers.refunds.map((r) => r.credit_note)).toEqual(detail.body.data.credit_notes.map((n: { number: string }) => n.number))
    const told = (await messagesTo(phone.international)).filter((text) => text.includes('is on its way back to how you paid'))
    const link = /Credit note (CN-\d{6}): (\S+)/.exec(told[0]!)
    expect(link?.[1]).toBe(buyers.refunds[0]!.credit_note)
    const signed = new URL(link![2]!)
    const opened = await call(me, 'POST', '/orders/invoice/signed', {
      increment: signed.searchParams.get('order'),
      sig: signed.searchParams.get('sig'),
      note: signed.searchParams.get('note'),
    })
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ kind: 'credit_note', number: link![1] })
  })

  it('refuses more units than a line holds, a SKU the order lacks and an amount above the lines, changing nothing', async () => {
    const { order, paymentId, sku } = await paidOrderOfTwo('p.entity_id > 1410')
    const ask = (body: object) => refund(order.increment_id, { key: key(), method: 'provider', reason: 'test', ...body })
    expect((await ask({ kind: 'lines', lines: [{ sku, qty: 3 }], delivery: false })).body.error.issues).toEqual(['too_much'])
    expect((await ask({ kind: 'lines', lines: [{ sku: 'NOT-IN-ORDER', qty: 1 }], delivery: false })).body.error.issues).toEqual(['unknown_line'])
    expect((await ask({ kind: 'lines', lines: [{ sku, qty: 1 }], delivery: false, amount: 99_999_999 })).body.error.issues).toEqual(['too_much'])
    // One SKU listed twice counts as its sum: three of a line of two is too many, however it is split.
    const split = [
      { sku, qty: 2 },
      { sku, qty: 1 },
    ]
    expect((await ask({ kind: 'lines', lines: split, delivery: false })).body.error.issues).toEqual(['too_much'])
    expect((await ask({ kind: 'whole', method: 'bank_transfer' })).body.error.issues).toEqual(['wrong_method'])
    expect((await ask({ kind: 'amount', amount: -5 })).status).toBe(400)
    expect(await refunds(order.order_id)).toEqual([])
    expect(await providerRefunded(paymentId)).toBe(0)
    expect(await audits(order.increment_id, 'order.refund')).toBe(0)
  })

  it('gives back once when two staff refund the whole order at the same moment', async () => {
    const { order, paymentId } = await paidOrderOfTwo('p.entity_id > 1420')
    const results = await Promise.all(
      Array.from({ length: 5 }, () => refund(order.increment_id, { key: key(), kind: 'whole', method: 'provider', reason: 'race' })),
    )
    expect(results.filter((r) => r.status === 200).length).toBe(1)
    expect(results.filter((r) => r.status === 409).length).toBe(4)
    expect(await providerRefunded(paymentId)).toBe(Math.round(order.grand_total * 100))
    expect((await refunds(order.order_id)).length).toBe(1)
    expect(await audits(order.increment_id, 'order.refund')).toBe(1)
    // A double click: one key, many requests, one refund.
    const { order: other, paymentId: otherPayment } = await paidOrderOfTwo('p.entity_id > 1430')
    const same = key()
    await Promise.all(
      Array.from({ length: 4 }, () => refund(other.increment_id, { key: same, kind: 'amount', amount: 500, method: 'provider', reason: 'x' })),
    )
    expect(await providerRefunded(otherPayment)).toBe(500)
    expect((await refunds(other.order_id)).length).toBe(1)
  })

  it('keeps a refund the provider refused in the failed queue, and sends it once when tried again', async () => {
    const { order, paymentId } = await paidOrderOfTwo('p.entity_id > 1440')
    const stored = (await env.DB.prepare('SELECT body FROM moyasar_sandbox_payments WHERE id = ?').bind(paymentId).first<{ body: string }>())!.body
    // The gateway's own state refuses refunds (Moyasar answers 400 for a payment it cannot refund).
    await env.DB.prepare('UPDATE moyasar_sandbox_payments SET body = ? WHERE id = ?')
      .bind(JSON.stringify({ ...JSON.parse(stored), status: 'failed' }), paymentId)
      .run()
    const failed = await refund(order.increment_id, { key: key(), kind: 'amount', amount: 700, method: 'provider', reason: 'x' })
    expect(failed.body.data).toMatchObject({ outcome: 'failed', refund: { status: 'failed' } })
    const queue = await asOperator('GET', '/orders?queue=refunds_failed')
    expect(queue.body.data.orders.map((o: { order: string }) => o.order)).toContain(order.increment_id)
    // A failed refund holds nothing: the whole can still be asked (and would fail the same way).
    await env.DB.prepare('UPDATE moyasar_sandbox_payments SET body = ? WHERE id = ?').bind(stored, paymentId).run()
    const id = failed.body.data.refund.id as number
    const [again, twice] = await Promise.all([asOperator('POST', `/refunds/${id}/retry`), asOperator('POST', `/refunds/${id}/retry`)])
    // One sends it; the other finds it on its way ('busy') or already back ('already'), never a second refund.
    const outcomes = [again, twice].map((r) => r.body.data?.outcome ?? r.body.error.issues[0])
    expect(outcomes.filter((outcome) => outcome === 'done').length).toBe(1)
    expect(outcomes.every((outcome) => ['done', 'busy', 'already'].includes(outcome))).toBe(true)
    expect(await providerRefunded(paymentId)).toBe(700)
    expect((await asOperator('POST', `/refunds/${id}/retry`)).body.data.outcome).toBe('already')
    const after = await asOperator('GET', '/orders?queue=refunds_failed')
    expect(after.body.data.orders.map((o: { order: string }) => o.order)).not.toContain(order.increment_id)
  })

  it('records a cash order’s refund by bank transfer, only once its money was collected', async () => {
    const sku = await sellableSku('p.entity_id > 1450 AND p.price < 2000 AND p.big_items = 0', 5)
    const phone = newPhone()
    const { cart, body } = await cashOrderCart(sku, phone.local)
    const placed = await call(cart, 'POST', '/cart/placeOrder', body)
    const number = placed.body.increment_id as string
    const whole = { kind: 'whole', method: 'bank_transfer', reason: 'returned' }
    expect((await refund(number, { key: key(), ...whole })).body.error.issues).toEqual(['nothing_paid'])
    for (const [name, parcel] of [['confirm'], ['ship', { courier: 'smsa', tracking_number: 'SA-77' }], ['deliver']] as const)
      expect((await asOperator('POST', `/orders/${number}/${name}`, parcel)).status).toBe(200)
    expect((await refund(number, { key: key(), ...whole, method: 'provider' })).body.error.issues).toEqual(['wrong_method'])
    const done = await refund(number, { key: key(), ...whole })
    expect(done.body.data).toMatchObject({ outcome: 'done', refund: { method: 'bank_transfer', amount: Math.round(placed.body.grand_total * 100) } })
    expect((await messagesTo(phone.international)).at(-1)).toContain(`we have transferred`)
  })

  it('finishes a cash refund whose record stopped half way, so it no longer blocks the order`s next refund', async () => {
    const sku = await sellableSku('p.entity_id > 1470 AND p.price < 2000 AND p.big_items = 0', 5)
    const phone = newPhone()
    const { cart, body } = await cashOrderCart(sku, phone.local)
    const placed = await call(cart, 'POST', '/cart/placeOrder', body)
    const number = placed.body.increment_id as string
    for (const [name, parcel] of [['confirm'], ['ship', { courier: 'smsa', tracking_number: 'SA-78' }], ['deliver']] as const)
      expect((await asOperator('POST', `/orders/${number}/${name}`, parcel)).status).toBe(200)
    // A Worker that stopped between the claim and its record: the refund is on its way, holding its amount.
    const claimed = new Date(Date.now() - 20 * 60_000).toISOString()
    await env.DB.prepare(
      `INSERT INTO order_refunds (order_id, request_key, amount, reason, method, status, created_at)
       VALUES (?, 'stopped', 500, 'returned', 'showroom', 'pending', ?)`,
    )
      .bind(placed.body.order_id, claimed)
      .run()
    expect((await refund(number, { key: key(), kind: 'amount', amount: 100, method: 'showroom', reason: 'more' })).body.error.issues).toEqual([
      'busy',
    ])
    expect(await sendOwedRefunds(env, 50)).toBeGreaterThanOrEqual(1)
    expect((await refunds(placed.body.order_id)).map((r) => [r.request_key, r.status])).toEqual([['stopped', 'done']])
    expect((await refund(number, { key: key(), kind: 'amount', amount: 100, method: 'showroom', reason: 'more' })).body.data.outcome).toBe('done')
  })

  it('is refused to support and to catalogue staff, and allowed to operations', async () => {
    const { order } = await paidOrderOfTwo('p.entity_id > 1460')
    const ask = { key: key(), kind: 'amount', amount: 100, method: 'provider', reason: 'x' }
    for (const role of ['support', 'catalogue'] as const) {
      const member = await joined(role)
      expect((await asStaff(member, 'POST', `/orders/${order.increment_id}/refunds`, ask)).status).toBe(403)
      expect((await asStaff(member, 'POST', `/orders/${order.increment_id}/return/accept`, {})).status).toBe(403)
    }
    expect(await refunds(order.order_id)).toEqual([])
    const operations = await joined('operations', 'Fahad Alotaibi')
    expect((await asStaff(operations, 'POST', `/orders/${order.increment_id}/refunds`, ask)).body.data.outcome).toBe('done')
    const row = await env.DB.prepare("SELECT actor_name FROM audit_log WHERE subject_id = ? AND action = 'order.refund'")
      .bind(order.increment_id)
      .first()
    expect(row).toEqual({ actor_name: 'Fahad Alotaibi' })
  })
})

describe('a return through the console', () => {
  it('is accepted, received with its units back in stock, and refunded by line; each step once and told to the buyer', async () => {
    const { me, phone, order, sku, paymentId } = await paidOrderOfTwo('p.entity_id > 1470')
    for (const [name, parcel] of [['ship', { courier: 'smsa', tracking_number: 'SA-1' }], ['deliver']] as const)
      await asOperator('POST', `/orders/${order.increment_id}/${name}`, parcel)
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/accept`, {})).status).toBe(404) // nothing asked yet
    expect((await call(me, 'POST', `/customer/orders/${order.increment_id}/return`, { reason: 'damaged' })).status).toBe(200)
    const queue = async () => (await asOperator('GET', '/orders?queue=returns')).body.data.orders.map((o: { order: string }) => o.order)
    expect(await queue()).toContain(order.increment_id)

    expect((await asOperator('POST', `/orders/${order.increment_id}/return/receive`, { lines: [{ sku, qty: 1 }] })).body.error.issues).toEqual([
      'not_accepted',
    ])
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/refuse`, { answer: '' })).status).toBe(400)
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/accept`, {})).body.data.outcome).toBe('done')
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/accept`, {})).body.data.outcome).toBe('already')
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/refuse`, { answer: 'Opened box' })).status).toBe(409)

    const before = await stockOf(sku)
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/receive`, { lines: [{ sku, qty: 3 }] })).body.error.issues).toEqual([
      'too_many',
    ])
    const received = await Promise.all([
      asOperator('POST', `/orders/${order.increment_id}/return/receive`, { lines: [{ sku, qty: 1 }] }),
      asOperator('POST', `/orders/${order.increment_id}/return/receive`, { lines: [{ sku, qty: 1 }] }),
    ])
    expect(received.map((r) => r.body.data.outcome).sort()).toEqual(['already', 'done'])
    expect(await stockOf(sku)).toBe(before + 1)
    expect(await audits(order.increment_id, 'return.receive')).toBe(1)

    const back = await refund(order.increment_id, {
      key: key(),
      kind: 'lines',
      lines: [{ sku, qty: 1 }],
      delivery: false,
      method: 'provider',
      reason: 'returned',
    })
    expect(back.body.data.outcome).toBe('done')
    expect(await providerRefunded(paymentId)).toBe(back.body.data.refund.amount)
    expect(await queue()).not.toContain(order.increment_id)
    const detail = (await asOperator('GET', `/orders/${order.increment_id}`)).body.data.order
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual(
      expect.arrayContaining(['delivered', 'return_requested', 'return_accepted', 'return_received']),
    )
    expect(detail.return_request).toMatchObject({ status: 'received', received_lines: JSON.stringify([{ sku, qty: 1 }]) })
    const texts = await messagesTo(phone.international)
    expect(texts.some((text) => text.includes(`accepted the return of order ${order.increment_id}`))).toBe(true)
    expect(texts.some((text) => text.includes(`received the items you returned from order ${order.increment_id}`))).toBe(true)
  })

  it('is refused with a reason the buyer reads, and leaves the queue', async () => {
    const { me, phone, order } = await paidOrderOfTwo('p.entity_id > 1480')
    for (const [name, parcel] of [['ship', { courier: 'smsa', tracking_number: 'SA-2' }], ['deliver']] as const)
      await asOperator('POST', `/orders/${order.increment_id}/${name}`, parcel)
    await call(me, 'POST', `/customer/orders/${order.increment_id}/return`, { reason: 'changed_mind' })
    expect((await asOperator('POST', `/orders/${order.increment_id}/return/refuse`, { answer: 'The seal is broken' })).body.data.outcome).toBe('done')
    expect((await messagesTo(phone.international)).at(-1)).toContain('cannot accept the return of order')
    expect((await messagesTo(phone.international)).at(-1)).toContain('The seal is broken')
    const queue = (await asOperator('GET', '/orders?queue=returns')).body.data.orders.map((o: { order: string }) => o.order)
    expect(queue).not.toContain(order.increment_id)
  })
})
