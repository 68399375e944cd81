/** Helpers for Direct API tests: a handshake, a cart, JSON calls, and products in given states. */
import { env, runInDurableObject, SELF } from 'cloudflare:test'
import { expect } from 'vitest'

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
  /** The cart's city. */
  region?: string
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
  return { token, quote: created.body.quoteId, ip, region }
}

let phoneSeq = 0
/** A fresh Saudi mobile per call, so the per-phone code limits and codes of one test never touch another. */
export function newPhone(): { local: string; international: string } {
  phoneSeq += 1
  const tail = String(1000000 + phoneSeq * 7919).slice(-7)
  return { local: `055${tail}`, international: `96655${tail}` }
}
const newMobile = () => newPhone().local

/** As if a minute had passed since the last code to this mobile (international form): its resend wait is over. */
export async function resendWaitOver(international: string): Promise<void> {
  await runInDurableObject(env.LIMITER.get(env.LIMITER.idFromName(`otp-wait:${international}`)), async (_, state) => {
    await state.storage.deleteAll()
  })
}

/** The last code the development outbox "sent" to a phone (international form). */
export async function lastCode(international: string): Promise<string> {
  const { body } = await call({ token: await handshake() }, 'GET', `/dev/outbox?recipient=${international}`)
  return /\b(\d{6})\b/.exec(body.messages[0].body)![1]!
}

/** A registered customer: a code to a phone (a new one unless given), verified, then the registration. */
export async function registered(caller: Caller, over: Partial<Record<string, unknown>> = {}, phone = newPhone()) {
  const email = `user${phone.local}@example.com`
  const sent = await call(caller, 'POST', '/customer/v2/otpSend', {
    mobilenumber: phone.local,
    otptype: 'register',
    email,
    resendotp: false,
    oldmobile: '',
  })
  expect(sent.body.success).toBe(true)
  const verified = await call(caller, 'POST', '/customer/v2/otpVerfiy', {
    mobilenumber: phone.local,
    email,
    otpcode: await lastCode(phone.international),
    otptype: 'register',
    oldmobile: '',
  })
  expect(verified.body.success).toBe(true)
  const body = {
    firstName: 'Noura',
    lastName: 'Alqahtani',
    email,
    phone_number: phone.local,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    terms: true,
    token: verified.body.token,
    recaptchaToken: 'ok',
    profile_picture: null,
    dateOfBirth: null,
    gender: 0,
    ...over,
  }
  const created = await call(caller, 'POST', '/customer/register', body)
  return { phone, email, created }
}

/** Verifies a mobile for the caller's cart the way a shopper does: a code by SMS, typed back. */
export async function verifyMobile(caller: Caller, mobile: string) {
  const sent = await call(caller, 'POST', '/cart/telephone', { mobilenumber: mobile })
  if (sent.status !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`)
  return call(caller, 'POST', '/cart/verify-mobile', { mobilenumber: mobile, otpcode: await lastCode(`966${mobile.slice(-9)}`) })
}

/** A complete National Address in the caller's city. */
export function addressIn(region: string | number = 1101) {
  return {
    regionId: String(region),
    district: 'Al Narjis',
    street: 'Anas Ibn Malik Road',
    building: '8228',
    postalCode: '13327',
    additionalNumber: '',
    shortAddress: '',
    note: '',
  }
}

/** Valid checkout details for the caller's cart: its first standard delivery date, a new mobile unless given. */
export async function checkoutFor(caller: Caller, mobile = newMobile()) {
  const methods = await call(caller, 'GET', '/cart/shipping-methods')
  const standard = methods.body.shipping_methods.find((m: { code: string }) => m.code === 'standard')
  return {
    contact: { name: 'Sara Al-Qahtani', email: 'sara@example.com', mobile },
    shipping_address: addressIn(caller.region ?? 1101),
    billing_address: null,
    delivery_date: standard.dates[0].Date as string,
  }
}

/**
 * A place-order body with complete details. Cash on delivery needs a verified phone (docs/product.md, "Checkout"),
 * so for it the mobile is verified first.
 */
export async function orderBody(caller: Caller, method: string, email = 'buyer@example.com') {
  const checkout = await checkoutFor(caller)
  checkout.contact.email = email
  if (method === 'cashondelivery') {
    const verified = await verifyMobile(caller, checkout.contact.mobile)
    if (verified.status !== 200) throw new Error(`mobile not verified: ${JSON.stringify(verified.body)}`)
  }
  return { checkout, paymentMethod: { method } }
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

/** A tiny cookie jar: what the Worker sets is sent back on the next request. */
export function browser() {
  const cookies = new Map<string, string>()
  return {
    cookies,
    async fetch(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers)
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      if (init.body) headers.set('content-type', 'application/json')
      const response = await SELF.fetch(`https://matjar.test${path}`, { ...init, headers })
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const [name, value] = pair!.split('=') as [string, string]
        if (/max-age=0/i.test(line) || value === '') cookies.delete(name)
        else cookies.set(name, value)
      }
      return response
    },
  }
}
