/**
 * Accounts: one-time codes (docs/decisions/0006-where-the-spec-is-silent.md: 6 digits from a secure source, 5 minutes, single use,
 * bound to phone and purpose, at most 5 wrong tries, resend after 60 s, send caps per phone and IP),
 * password login with a growing back-off, registration after a verified phone, password reset.
 */
import { appConfig, serverLimits, type Locale } from '../../app.config'
import { messageSender } from '../integrations/messaging'
import { internationalMobile } from '../../src/domain/phone'
import { limiterFor } from '../durable-objects/limiter'
import { accountStore } from '../storage/account-store'
import { issueCustomerToken, randomToken, sha256Hex, type Customer } from './customers'
import { CommerceError } from './errors'
import { hashPassword, verifyPassword } from './passwords'
import { readSecret } from './secrets'

/** login and register are the account flows; checkout verifies the phone an order is placed with. */
type OtpPurpose = 'login' | 'register' | 'checkout'

/** The product's 'Session user' as the backend gives it (addresses are never sent). */
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

/** The per-address counter of code sends (docs/product.md, "Limits"). */
export const addressLimiter = (env: Env, ip: string) => limiterFor(env, `otp-ip:${ip}`)

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

/** Sends a code. For login, a phone with no account gets no SMS but the same answer (no enumeration). */
export async function sendOtp(env: Env, input: { phone: string; purpose: OtpPurpose; ip: string; locale: Locale }, now = new Date()) {
  const { phone, purpose } = input
  const store = accountStore(env.DB)
  if (purpose === 'register' && (await store.customerByPhone(phone))) {
    // docs/product.md, "Errors": registration must say the phone is taken.
    throw new CommerceError(409, 'phone_registered')
  }
  // One resend wait per mobile, whatever the purpose: a checkout code and a registration code used to be two SMS within
  // a second (issue 43, M1). The limiter counts atomically, so two sends racing each other cannot both pass.
  const wait = await limiterFor(env, `otp-wait:${phone}`).hit(1, appConfig.otp.resendAfterSeconds)
  if (!wait.allowed) throw new CommerceError(429, 'otp_wait', { seconds: wait.retryAfterSeconds })
  const [byPhone, byIp] = await Promise.all([
    limiterFor(env, `otp-phone:${phone}`).hit(serverLimits.otp.sendsPerPhonePerHour, 3600),
    addressLimiter(env, input.ip).hit(serverLimits.otp.sendsPerIpPerHour, 3600),
  ])
  if (!byPhone.allowed || !byIp.allowed) throw new CommerceError(429, 'otp_rate_limited')

  const code = secureCode()
  await store.replaceCode(phone, purpose, await codeHash(code, phone, purpose), new Date(now.getTime() + serverLimits.otp.validSeconds * 1000), now)
  const sends = purpose !== 'login' || (await store.customerByPhone(phone)) !== null
  // The code is worth nothing once expired: a queue that could not deliver it in time drops it.
  const expiresAt = new Date(now.getTime() + serverLimits.otp.validSeconds * 1000)
  if (sends) await messageSender(env).send({ channel: 'sms', to: phone, template: 'otp', words: { code }, locale: input.locale, expiresAt })
}

/** Checks a code: single use, bound to phone and purpose, 5 wrong tries at most. */
export async function verifyOtp(env: Env, phone: string, purpose: OtpPurpose, code: string, now = new Date()): Promise<void> {
  const store = accountStore(env.DB)
  const row = await store.liveCode(phone, purpose)
  if (!row || Date.parse(row.expires_at) <= now.getTime()) throw new CommerceError(400, 'otp_expired')
  // A try is taken before the code is compared: concurrent guesses cannot share one count.
  const tries = await store.takeCodeTry(row.id, serverLimits.otp.maxWrongTries)
  if (tries === null) throw new CommerceError(400, 'otp_too_many')
  if (row.code_hash !== (await codeHash(code, phone, purpose))) {
    throw new CommerceError(400, tries >= serverLimits.otp.maxWrongTries ? 'otp_too_many' : 'otp_invalid')
  }
  // Spend it exactly once, even if two requests race with the right code.
  if (!(await store.spendCode(row.id))) throw new CommerceError(400, 'otp_expired')
  // The wait between sends stops a stranger's bombing; whoever typed the code back holds the phone, so their next code
  // (a sign-in right after registering) need not wait.
  await limiterFor(env, `otp-wait:${phone}`).endWindow()
}

/** A sign-in's answer, the same for a password, a code and a new account: a new customer token and the session user. */
async function signedIn(env: Env, customer: Customer) {
  const { token, expiresAt } = await issueCustomerToken(env.DB, customer.id)
  return { token, expires_at: expiresAt.toISOString(), user: sessionUser(customer) }
}

export async function loginByCode(env: Env, phone: string) {
  const found = await accountStore(env.DB).customerByPhone(phone)
  if (!found) throw new CommerceError(400, 'otp_invalid')
  return signedIn(env, found.customer)
}

export async function issuePhoneVerification(env: Env, phone: string, now = new Date()): Promise<string> {
  const token = randomToken()
  await accountStore(env.DB).addPhoneVerification(
    await sha256Hex(token),
    phone,
    new Date(now.getTime() + appConfig.otp.registrationWindowSeconds * 1000),
  )
  return token
}

/** Creates the account of a verified phone and answers its sign-in, as a login does. */
export async function register(
  env: Env,
  input: { firstName: string; lastName: string; email: string; phone: string; password: string; verification: string },
  now = new Date(),
) {
  const store = accountStore(env.DB)
  const verificationHash = await sha256Hex(input.verification)
  if ((await store.verifiedPhone(verificationHash, now)) !== input.phone) throw new CommerceError(400, 'verification_invalid')
  if (await store.customerByEmail(input.email)) throw new CommerceError(409, 'email_registered')
  if (await store.customerByPhone(input.phone)) throw new CommerceError(409, 'phone_registered')
  const passwordHash = await hashPassword(input.password, await readSecret(env, 'PASSWORD_PEPPER'))
  let created: boolean
  try {
    created = await store.createCustomer(
      { email: input.email, firstname: input.firstName.trim(), lastname: input.lastName.trim(), mobile: input.phone, passwordHash, verificationHash },
      now,
    )
  } catch (error) {
    // Two registrations racing for one email or phone: the UNIQUE constraint decides.
    if (/UNIQUE constraint failed: customers\.email/.test(String(error))) throw new CommerceError(409, 'email_registered')
    if (/UNIQUE constraint failed: customers\.mobile/.test(String(error))) throw new CommerceError(409, 'phone_registered')
    throw error
  }
  // Two registrations racing with one verification: the first spends it, the second creates nothing.
  if (!created) throw new CommerceError(400, 'verification_invalid')
  // A new account is signed in at once, as a sign-in would be (docs/product.md, "Accounts"; issue 28, "No friction").
  const account = await store.customerByPhone(input.phone)
  if (!account) throw new CommerceError(400, 'verification_invalid')
  return signedIn(env, account.customer)
}

/** Password login with a growing back-off per account after repeated failures. */
export async function loginWithPassword(env: Env, username: string, password: string) {
  // The identifier as the account knows it: an email in lower case, a mobile in its international form,
  // anything else as typed (trimmed). The back-off is keyed on the account itself when there is one, so
  // no spelling of the same account (+966..., 05..., 5...) escapes its lock.
  const typed = username.trim()
  const phone = typed.includes('@') ? null : internationalMobile(typed)
  const store = accountStore(env.DB)
  const found = typed.includes('@') ? await store.customerByEmail(typed) : phone ? await store.customerByPhone(phone) : null
  const subject = limiterFor(env, found ? `login:customer:${found.customer.id}` : `login:id:${(phone ?? typed).toLowerCase()}`)
  const locked = await subject.lockedFor()
  if (locked > 0) throw new CommerceError(429, 'locked', { seconds: locked })
  const pepper = await readSecret(env, 'PASSWORD_PEPPER')
  // A missing account costs the same hashing as a wrong password, so timing tells nothing.
  const result = found
    ? await verifyPassword(found.passwordHash, password, pepper)
    : (await hashPassword(password, pepper), { ok: false, needsRehash: false })
  if (!found || !result.ok) {
    await subject.fail({
      free: serverLimits.login.freeFailures,
      maxLockSeconds: serverLimits.login.backoffMaxSeconds,
      decaySeconds: serverLimits.login.failureDecaySeconds,
    })
    throw new CommerceError(401, 'invalid_credentials')
  }
  await subject.succeed()
  if (result.needsRehash) {
    await store.setPasswordHash(found.customer.id, await hashPassword(password, pepper))
  }
  return signedIn(env, found.customer)
}

/**
 * Sends a reset code to an account's email. A known and an unknown email get the same answer and the same limits
 * (counted before the lookup), so the form cannot be used to learn who has an account (docs/decisions/0006).
 */
export async function sendPasswordReset(env: Env, email: string, ip: string, locale: Locale, now = new Date()) {
  const [byEmail, byIp] = await Promise.all([
    limiterFor(env, `reset-email:${email.toLowerCase()}`).hit(serverLimits.otp.sendsPerPhonePerHour, 3600),
    limiterFor(env, `reset-ip:${ip}`).hit(serverLimits.otp.sendsPerIpPerHour, 3600),
  ])
  if (!byEmail.allowed || !byIp.allowed) throw new CommerceError(429, 'otp_rate_limited')
  const store = accountStore(env.DB)
  const found = await store.customerByEmail(email)
  if (!found) return
  const code = secureCode()
  await store.replacePasswordReset(
    found.customer.id,
    await sha256Hex(`reset:${found.customer.id}:${code}`),
    new Date(now.getTime() + serverLimits.passwordReset.validSeconds * 1000),
    now,
  )
  const expiresAt = new Date(now.getTime() + serverLimits.passwordReset.validSeconds * 1000)
  await messageSender(env).send({ channel: 'email', to: found.customer.email, template: 'password_reset', words: { code }, locale, expiresAt })
}

export async function confirmPasswordReset(env: Env, email: string, code: string, newPassword: string, now = new Date()) {
  const store = accountStore(env.DB)
  const found = await store.customerByEmail(email)
  if (!found) throw new CommerceError(400, 'reset_invalid')
  const reset = await store.livePasswordReset(found.customer.id)
  if (!reset || Date.parse(reset.expires_at) <= now.getTime()) throw new CommerceError(400, 'reset_invalid')
  // As with codes, the try is taken before the comparison.
  const tries = await store.takePasswordResetTry(reset.id, serverLimits.passwordReset.maxWrongTries)
  if (tries === null || reset.code_hash !== (await sha256Hex(`reset:${found.customer.id}:${code}`))) throw new CommerceError(400, 'reset_invalid')
  const passwordHash = await hashPassword(newPassword, await readSecret(env, 'PASSWORD_PEPPER'))
  // A new password signs out every session (the store revokes the tokens in the same batch).
  if (!(await store.completePasswordReset(reset.id, found.customer.id, passwordHash))) throw new CommerceError(400, 'reset_invalid')
}
