/**
 * Accounts: one-time codes (DESIGN.md section 3: 6 digits from a secure source, 5 minutes, single use,
 * bound to phone and purpose, at most 5 wrong tries, resend after 60 s, send caps per phone and IP),
 * password login with a growing back-off, registration after a verified phone, password reset.
 */
import { appConfig, type Locale } from '../../app.config'
import { m } from '../../src/paraglide/messages.js'
import { messageSender } from '../integrations/messaging'
import type { Customer } from './customers'
import { issueCustomerToken, randomToken, sha256Hex } from './customers'
import { CommerceError } from './errors'
import { hashPassword, verifyPassword } from './passwords'
import { readSecret } from './secrets'

export type OtpPurpose = 'login' | 'register'

/** The spec's 'Session user' as the backend gives it (addresses are never sent). */
export interface SessionUser {
  id: number
  email: string
  firstname: string
  lastname: string
  store_id: number
  custom_attributes: { attribute_code: string; value: string }[]
  telesales: boolean
}

export function sessionUser(customer: Customer): SessionUser {
  return {
    id: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    store_id: customer.store_id,
    custom_attributes: [{ attribute_code: 'mobilenumber', value: customer.mobile }],
    telesales: customer.telesales,
  }
}

function limiter(env: Env, subject: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(subject))
}

function secureCode(): string {
  // Rejection sampling keeps every 6-digit code equally likely.
  const max = 10 ** appConfig.otp.digits
  const limit = Math.floor(0xffffffff / max) * max
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0]!
    if (n < limit) return String(n % max).padStart(appConfig.otp.digits, '0')
  }
}

const codeHash = (code: string, phone: string, purpose: string) => sha256Hex(`${purpose}:${phone}:${code}`)

const customerColumns = 'id, email, firstname, lastname, mobile, telesales, store_id'
type CustomerRow = Omit<Customer, 'telesales'> & { telesales: number; password_hash?: string }
const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, mobile: row.mobile, telesales: row.telesales === 1, store_id: row.store_id,
})

export async function customerByPhone(db: D1Database, phone: string) {
  const row = await db.prepare(`SELECT ${customerColumns}, password_hash FROM customers WHERE mobile = ?`).bind(phone).first<CustomerRow>()
  return row ? { customer: toCustomer(row), passwordHash: row.password_hash! } : null
}

export async function customerByEmail(db: D1Database, email: string) {
  const row = await db.prepare(`SELECT ${customerColumns}, password_hash FROM customers WHERE email = ?`).bind(email.toLowerCase()).first<CustomerRow>()
  return row ? { customer: toCustomer(row), passwordHash: row.password_hash! } : null
}

/** Sends a code. For login, a phone with no account gets no SMS but the same answer (no enumeration). */
export async function sendOtp(env: Env, input: { phone: string; purpose: OtpPurpose; ip: string; locale: Locale }, now = new Date()) {
  const { phone, purpose } = input
  if (purpose === 'register' && (await customerByPhone(env.DB, phone))) {
    // Spec section 8: registration must say the phone is taken.
    throw new CommerceError(409, 'phone_registered')
  }
  const last = await env.DB.prepare('SELECT created_at FROM otp_codes WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1')
    .bind(phone, purpose)
    .first<{ created_at: string }>()
  if (last) {
    const waited = (now.getTime() - Date.parse(last.created_at)) / 1000
    if (waited < appConfig.otp.resendAfterSeconds) {
      throw new CommerceError(429, 'otp_wait', { seconds: Math.ceil(appConfig.otp.resendAfterSeconds - waited) })
    }
  }
  const [byPhone, byIp] = await Promise.all([
    limiter(env, `otp-phone:${phone}`).hit(appConfig.otp.sendsPerPhonePerHour, 3600),
    limiter(env, `otp-ip:${input.ip}`).hit(appConfig.otp.sendsPerIpPerHour, 3600),
  ])
  if (!byPhone.allowed || !byIp.allowed) throw new CommerceError(429, 'otp_rate_limited')

  const code = secureCode()
  await env.DB.batch([
    env.DB.prepare('UPDATE otp_codes SET used = 1 WHERE phone = ? AND purpose = ? AND used = 0').bind(phone, purpose),
    env.DB.prepare('INSERT INTO otp_codes (phone, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').bind(
      phone, purpose, await codeHash(code, phone, purpose), new Date(now.getTime() + appConfig.otp.validSeconds * 1000).toISOString(), now.toISOString(),
    ),
  ])
  const hasAccount = purpose === 'register' || (await customerByPhone(env.DB, phone)) !== null
  if (hasAccount) await messageSender(env).send('sms', phone, m.account_otp_sms({ code }, { locale: input.locale }))
}

/** Checks a code: single use, bound to phone and purpose, 5 wrong tries at most. */
export async function verifyOtp(env: Env, phone: string, purpose: OtpPurpose, code: string, now = new Date()): Promise<void> {
  const row = await env.DB.prepare('SELECT id, code_hash, expires_at FROM otp_codes WHERE phone = ? AND purpose = ? AND used = 0 ORDER BY id DESC LIMIT 1')
    .bind(phone, purpose)
    .first<{ id: number; code_hash: string; expires_at: string }>()
  if (!row || Date.parse(row.expires_at) <= now.getTime()) throw new CommerceError(400, 'otp_expired')
  if (row.code_hash !== (await codeHash(code, phone, purpose))) {
    const counted = await env.DB.prepare('UPDATE otp_codes SET wrong_attempts = wrong_attempts + 1, used = (wrong_attempts + 1 >= ?) WHERE id = ? RETURNING wrong_attempts')
      .bind(appConfig.otp.maxWrongTries, row.id)
      .first<{ wrong_attempts: number }>()
    throw new CommerceError(400, (counted?.wrong_attempts ?? 0) >= appConfig.otp.maxWrongTries ? 'otp_too_many' : 'otp_invalid')
  }
  // Spend it exactly once, even if two requests race with the right code.
  const spent = await env.DB.prepare('UPDATE otp_codes SET used = 1 WHERE id = ? AND used = 0').bind(row.id).run()
  if (spent.meta.changes !== 1) throw new CommerceError(400, 'otp_expired')
}

export async function loginByCode(env: Env, phone: string) {
  const found = await customerByPhone(env.DB, phone)
  if (!found) throw new CommerceError(400, 'otp_invalid')
  const { token, expiresAt } = await issueCustomerToken(env.DB, found.customer.id)
  return { token, expires_at: expiresAt.toISOString(), user: sessionUser(found.customer) }
}

export async function issuePhoneVerification(env: Env, phone: string, now = new Date()): Promise<string> {
  const token = randomToken()
  await env.DB.prepare('INSERT INTO phone_verifications (token_hash, phone, expires_at) VALUES (?, ?, ?)')
    .bind(await sha256Hex(token), phone, new Date(now.getTime() + appConfig.otp.registrationWindowSeconds * 1000).toISOString())
    .run()
  return token
}

export async function register(
  env: Env,
  input: { firstName: string; lastName: string; email: string; phone: string; password: string; verification: string },
  now = new Date(),
) {
  const hash = await sha256Hex(input.verification)
  const verified = await env.DB.prepare('SELECT phone FROM phone_verifications WHERE token_hash = ? AND used = 0 AND expires_at > ?')
    .bind(hash, now.toISOString())
    .first<{ phone: string }>()
  if (!verified || verified.phone !== input.phone) throw new CommerceError(400, 'verification_invalid')
  if (await customerByEmail(env.DB, input.email)) throw new CommerceError(409, 'email_registered')
  if (await customerByPhone(env.DB, input.phone)) throw new CommerceError(409, 'phone_registered')
  const passwordHash = await hashPassword(input.password, await readSecret(env, 'PASSWORD_PEPPER'))
  try {
    await env.DB.batch([
      env.DB.prepare('UPDATE phone_verifications SET used = 1 WHERE token_hash = ? AND used = 0').bind(hash),
      env.DB.prepare('INSERT INTO customers (email, firstname, lastname, mobile, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
        input.email.toLowerCase(), input.firstName.trim(), input.lastName.trim(), input.phone, passwordHash, now.toISOString(),
      ),
    ])
  } catch (error) {
    // Two registrations racing for one email or phone: the UNIQUE constraint decides.
    if (/UNIQUE constraint failed: customers\.email/.test(String(error))) throw new CommerceError(409, 'email_registered')
    if (/UNIQUE constraint failed: customers\.mobile/.test(String(error))) throw new CommerceError(409, 'phone_registered')
    throw error
  }
}

/** Password login with a growing back-off per account after repeated failures. */
export async function loginWithPassword(env: Env, username: string, password: string) {
  const subject = limiter(env, `login:${username.toLowerCase()}`)
  const locked = await subject.lockedFor()
  if (locked > 0) throw new CommerceError(429, 'locked', { seconds: locked })
  const found = username.includes('@') ? await customerByEmail(env.DB, username) : await customerByPhone(env.DB, `966${username.slice(-9)}`)
  const pepper = await readSecret(env, 'PASSWORD_PEPPER')
  // A missing account costs the same hashing as a wrong password, so timing tells nothing.
  const result = found ? await verifyPassword(found.passwordHash, password, pepper) : (await hashPassword(password, pepper), { ok: false, needsRehash: false })
  if (!found || !result.ok) {
    await subject.fail(appConfig.login.freeFailures, appConfig.login.backoffMaxSeconds)
    throw new CommerceError(401, 'invalid_credentials')
  }
  await subject.succeed()
  if (result.needsRehash) {
    await env.DB.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').bind(await hashPassword(password, pepper), found.customer.id).run()
  }
  const { token, expiresAt } = await issueCustomerToken(env.DB, found.customer.id)
  return { token, expires_at: expiresAt.toISOString(), user: sessionUser(found.customer) }
}

export async function sendPasswordReset(env: Env, email: string, ip: string, locale: Locale, now = new Date()) {
  const found = await customerByEmail(env.DB, email)
  // Spec section 8 (EmailIsNotExist on the email field) makes this call say whether the email exists.
  if (!found) throw new CommerceError(404, 'email_not_exist')
  const [byEmail, byIp] = await Promise.all([
    limiter(env, `reset-email:${email.toLowerCase()}`).hit(appConfig.otp.sendsPerPhonePerHour, 3600),
    limiter(env, `reset-ip:${ip}`).hit(appConfig.otp.sendsPerIpPerHour, 3600),
  ])
  if (!byEmail.allowed || !byIp.allowed) throw new CommerceError(429, 'otp_rate_limited')
  const code = secureCode()
  await env.DB.batch([
    env.DB.prepare('UPDATE password_resets SET used = 1 WHERE customer_id = ? AND used = 0').bind(found.customer.id),
    env.DB.prepare('INSERT INTO password_resets (customer_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)').bind(
      found.customer.id, await sha256Hex(`reset:${found.customer.id}:${code}`), new Date(now.getTime() + appConfig.passwordReset.validSeconds * 1000).toISOString(), now.toISOString(),
    ),
  ])
  await messageSender(env).send('email', found.customer.email, m.account_reset_email_subject({ code }, { locale }))
}

export async function confirmPasswordReset(env: Env, email: string, code: string, newPassword: string, now = new Date()) {
  const found = await customerByEmail(env.DB, email)
  if (!found) throw new CommerceError(400, 'reset_invalid')
  const reset = await env.DB.prepare('SELECT id, token_hash, expires_at FROM password_resets WHERE customer_id = ? AND used = 0 ORDER BY id DESC LIMIT 1')
    .bind(found.customer.id)
    .first<{ id: number; token_hash: string; expires_at: string }>()
  if (!reset || Date.parse(reset.expires_at) <= now.getTime()) throw new CommerceError(400, 'reset_invalid')
  if (reset.token_hash !== (await sha256Hex(`reset:${found.customer.id}:${code}`))) {
    await env.DB.prepare('UPDATE password_resets SET wrong_attempts = wrong_attempts + 1, used = (wrong_attempts + 1 >= ?) WHERE id = ?')
      .bind(appConfig.passwordReset.maxWrongTries, reset.id)
      .run()
    throw new CommerceError(400, 'reset_invalid')
  }
  const passwordHash = await hashPassword(newPassword, await readSecret(env, 'PASSWORD_PEPPER'))
  const [spent] = await env.DB.batch([
    env.DB.prepare('UPDATE password_resets SET used = 1 WHERE id = ? AND used = 0').bind(reset.id),
    env.DB.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').bind(passwordHash, found.customer.id),
    // A new password signs out every session.
    env.DB.prepare('UPDATE customer_tokens SET revoked = 1 WHERE customer_id = ?').bind(found.customer.id),
  ])
  if (spent!.meta.changes !== 1) throw new CommerceError(400, 'reset_invalid')
}
