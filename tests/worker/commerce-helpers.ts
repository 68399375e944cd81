/** Helpers for Direct API tests: a handshake, a cart, JSON calls, and products in given states. */
import { env, SELF } from 'cloudflare:test'

export const origin = 'https://matjar.test'

export async function handshake(store: 'ar' | 'en' = 'en'): Promise<string> {
  const response = await SELF.fetch(`${origin}/commerce/handshake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ store }),
  })
  return ((await response.json()) as { token: string }).token
}

export interface Caller {
  token: string
  quote?: string
  mage?: string
  /** The bot-check token sent as "recaptcha: Bearer <token>"; the test verifier passes anything but "fail". */
  botCheck?: string
  /** The client address Cloudflare would report (cf-connecting-ip): per-IP limits count by it. */
  ip?: string
}

let ipSeq = 0
/** A distinct documentation-range address per caller, so per-IP limits of one test never touch another. */
export function newIp(): string {
  ipSeq += 1
  return `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`
}

export async function call(caller: Caller, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' }
  if (caller.quote) headers.quote = caller.quote
  if (caller.mage) headers.mage = caller.mage
  headers.recaptcha = `Bearer ${caller.botCheck ?? 'test-pass'}`
  headers.appname = 'Bearer next'
  headers['cf-connecting-ip'] = caller.ip ?? '192.0.2.1'
  // The development-only routes answer only on this machine (worker/http/environment.ts).
  const host = path.startsWith('/dev/') ? 'http://localhost' : origin
  const response = await SELF.fetch(`${host}/commerce${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any }
}

export async function newGuestCart(store: 'ar' | 'en' = 'en', region = '1101'): Promise<Caller> {
  const token = await handshake(store)
  // Each cart calls from an address of its own, as separate shoppers do: per-address limits stay per test.
  const ip = newIp()
  const created = await call({ token, ip }, 'GET', `/cart/create?region=${region}`)
  return { token, quote: created.body.quoteId, ip }
}

/** A simple, sellable product with stock in Riyadh (and optionally an exact stock level). */
export async function sellableSku(where = '1 = 1', setStock?: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT p.sku, p.entity_id FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101
     WHERE p.type_id = 'simple' AND p.not_for_sale = 0 AND p.back_orders = 0 AND s.qty > 0 AND ${where}
     ORDER BY p.entity_id LIMIT 1`,
  ).first<{ sku: string; entity_id: number }>()
  if (!row) throw new Error(`no product where ${where}`)
  if (setStock !== undefined) {
    await env.DB.prepare('UPDATE stock SET qty = ? WHERE product_id = ? AND region_id = 1101').bind(setStock, row.entity_id).run()
  }
  return row.sku
}

export async function stockOf(sku: string, region = 1101): Promise<number> {
  const row = await env.DB.prepare('SELECT s.qty FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE p.sku = ? AND s.region_id = ?')
    .bind(sku, region)
    .first<{ qty: number }>()
  return row!.qty
}
