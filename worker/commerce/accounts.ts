/**
 * Accounts: one-time codes (docs/decisions/0006-where-the-spec-is-silent.md: 6 digits from a secure source, 5 minutes, single use,
 * bound to phone and purpose, at most 5 wrong tries, resend after 60 s, send caps per phone and IP),
 * password login with a growing back-off, registration after a verified phone, password reset, and the signed-in
 * customer's edits: name, email and mobile (each new one confirmed by a code sent to it) and password
 * (docs/product.md, "Accounts").
 */
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { messageSender } from '../integrations/messaging'
import { internationalMobile } from '../../src/domain/phone'
import { limiterFor, withinHourlyLimit } from '../durable-objects/limiter'
import { accountStore } from '../storage/account-store'
import { messageChannelStore, type MessageChannel } from '../storage/message-channel-store'
import { issueCustomerToken, type Customer } from './customers'
import { randomToken, sha256Hex } from '../platform/tokens'
import { CommerceError } from './errors'
import { hashPassword, verifyPassword } from './passwords'
import { readSecret } from '../platform/secrets'

/**
 * login and register are the account flows; checkout verifies the phone an order is placed with; mobile_change and
 * email_change confirm a signed-in customer's new mobile or email, and are bound to that customer too.
 */
type OtpPurpose = 'login' | 'register' | 'checkout' | 'mobile_change' | 'email_change' | 'account_close' | 'stock_alert'

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

/** A code's hash binds it to its recipient and purpose, and to the customer who asked when one did. */
const codeHash = (code: string, recipient: string, purpose: string, customerId?: number) =>
  sha256Hex(`${purpose}:${recipient}:${code}${customerId === undefined ? '' : `:${customerId}`}`)

/** A new code for a recipient (a phone, or an email), replacing any unused one of the same purpose. */
export async function storeCode(
  env: Env,
  recipient: string,
  purpose: OtpPurpose,
  customerId: number | undefined,
  now: Date,
  channel?: MessageChannel,
) {
  const code = secureCode()
  // The code is worth nothing once expired: a queue that could not deliver it in time drops it.
  const expiresAt = new Date(now.getTime() + serverLimits.otp.validSeconds * 1000)
  await accountStore(env.DB).replaceCode(recipient, purpose, await codeHash(code, recipient, purpose, customerId), expiresAt, now, channel)
  return { code, expiresAt }
}

/**
 * Sends a code by SMS, or by WhatsApp when the request asked for it (`channel`) or, asking nothing, the mobile's owner
 * chose it. The channel asked for is kept with the code and becomes the mobile's choice only once the code is typed
 * back (verifyOtp): asking proves nothing (docs/decisions/0036-whatsapp-channel.md). For login, a phone with no account gets no SMS
 * but the same answer (no enumeration). A code for a customer's new mobile is bound to that customer (`customerId`).
 */
export async function sendOtp(
  env: Env,
  input: { phone: string; purpose: OtpPurpose; ip: string; locale: Locale; customerId?: number; channel?: MessageChannel },
  now = new Date(),
) {
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

  const { code, expiresAt } = await storeCode(env, phone, purpose, input.customerId, now, input.channel)
  const sends = purpose !== 'login' || (await store.customerByPhone(phone)) !== null
  // The channel asked for changes how this code goes, never where: to this same mobile, and by SMS if WhatsApp fails.
  if (sends)
    await messageSender(env).send({
      channel: 'sms',
      to: phone,
      template: 'otp',
      words: { code },
      locale: input.locale,
      expiresAt,
      ...(input.channel ? { mobileChannel: input.channel } : {}),
    })
}

/**
 * Code sends by email wait and are capped per email, whether an account uses it or not, counted before anything is
 * looked up (docs/decisions/0006).
 */
export async function limitCodeSendsByEmail(env: Env, email: string) {
  const subject = email.trim().toLowerCase()
  const wait = await limiterFor(env, `otp-email-wait:${subject}`).hit(1, appConfig.otp.resendAfterSeconds)
  if (!wait.allowed) throw new CommerceError(429, 'otp_wait', { seconds: wait.retryAfterSeconds })
  if (!(await withinHourlyLimit(env, `otp-email:${subject}`, serverLimits.otp.sendsPerPhonePerHour))) throw new CommerceError(429, 'otp_rate_limited')
}

/**
 * Checks a code: single use, bound to its recipient (a phone, or an email) and purpose, and to the customer who asked
 * for it when one did; 5 wrong tries at most.
 */
export async function verifyOtp(
  env: Env,
  phone: string,
  purpose: OtpPurpose,
  code: string,
  { customerId, now = new Date() }: { customerId?: number; now?: Date } = {},
): Promise<void> {
  const store = accountStore(env.DB)
  const row = await store.liveCode(phone, purpose)
  if (!row || Date.parse(row.expires_at) <= now.getTime()) throw new CommerceError(400, 'otp_expired')
  // A try is taken before the code is compared: concurrent guesses cannot share one count.
  const tries = await store.takeCodeTry(row.id, serverLimits.otp.maxWrongTries)
  if (tries === null) throw new CommerceError(400, 'otp_too_many')
  if (row.code_hash !== (await codeHash(code, phone, purpose, customerId))) {
    throw new CommerceError(400, tries >= serverLimits.otp.maxWrongTries ? 'otp_too_many' : 'otp_invalid')
  }
  // Spend it exactly once, even if two requests race with the right code.
  if (!(await store.spendCode(row.id))) throw new CommerceError(400, 'otp_expired')
  // Whoever typed the code back holds the mobile: the channel the code was asked for is now its choice.
  if (row.channel) await messageChannelStore(env.DB).choose(phone, row.channel, now)
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

/** The lock of an account's password tries, shared by the sign-in and the account's password change (docs/product.md, "Limits"). */
const passwordLock = (customerId: number) => `login:customer:${customerId}`

/**
 * One password try against a lock: refused while the lock holds; a wrong password counts a failure (the lock grows),
 * a right one clears them. `passwordHash` null (no such account) costs the same hashing as a wrong password, so timing
 * tells nothing. Answers whether the password was right, and whether its hash should be made again.
 */
async function tryPassword(env: Env, lock: string, passwordHash: string | null, password: string) {
  const subject = limiterFor(env, lock)
  const locked = await subject.lockedFor()
  if (locked > 0) throw new CommerceError(429, 'locked', { seconds: locked })
  const pepper = await readSecret(env, 'PASSWORD_PEPPER')
  const result = passwordHash
    ? await verifyPassword(passwordHash, password, pepper)
    : (await hashPassword(password, pepper), { ok: false, needsRehash: false })
  if (!result.ok) {
    await subject.fail({
      free: serverLimits.login.freeFailures,
      maxLockSeconds: serverLimits.login.backoffMaxSeconds,
      decaySeconds: serverLimits.login.failureDecaySeconds,
    })
    return { ok: false, needsRehash: false, pepper }
  }
  await subject.succeed()
  return { ok: true, needsRehash: result.needsRehash, pepper }
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
  const lock = found ? passwordLock(found.customer.id) : `login:id:${(phone ?? typed).toLowerCase()}`
  const result = await tryPassword(env, lock, found?.passwordHash ?? null, password)
  if (!found || !result.ok) throw new CommerceError(401, 'invalid_credentials')
  if (result.needsRehash) {
    await store.setPasswordHash(found.customer.id, await hashPassword(password, result.pepper))
  }
  return signedIn(env, found.customer)
}

/** What a reset row holds: the emailed code's hash until the code is checked, then the token's it was exchanged for. */
const resetCodeHash = (customerId: number, code: string) => sha256Hex(`reset:${customerId}:${code}`)
const resetTokenHash = (customerId: number, token: string) => sha256Hex(`reset-token:${customerId}:${token}`)
/** A 6-digit code as emailed; anything else is a token from the check (randomToken's 43 characters). */
const isResetCode = (value: string) => /^\d{6}$/.test(value)

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
    await resetCodeHash(found.customer.id, code),
    new Date(now.getTime() + serverLimits.passwordReset.validSeconds * 1000),
    now,
  )
  const expiresAt = new Date(now.getTime() + serverLimits.passwordReset.validSeconds * 1000)
  await messageSender(env).send({ channel: 'email', to: found.customer.email, template: 'password_reset', words: { code }, locale, expiresAt })
}

/**
 * The account's live reset whose code or token is `given`, a try taken before the comparison as with codes (5 wrong
 * tries at most); a wrong, spent or expired one is "Invalid OTP.", whether an account uses the email or not.
 */
async function liveReset(env: Env, email: string, given: string, now: Date) {
  const store = accountStore(env.DB)
  const found = await store.customerByEmail(email)
  if (!found) throw new CommerceError(400, 'reset_invalid')
  const reset = await store.livePasswordReset(found.customer.id)
  if (!reset || Date.parse(reset.expires_at) <= now.getTime()) throw new CommerceError(400, 'reset_invalid')
  const tries = await store.takePasswordResetTry(reset.id, serverLimits.passwordReset.maxWrongTries)
  const expected = isResetCode(given) ? await resetCodeHash(found.customer.id, given) : await resetTokenHash(found.customer.id, given)
  if (tries === null || reset.code_hash !== expected) throw new CommerceError(400, 'reset_invalid')
  return { customerId: found.customer.id, reset }
}

/**
 * Checks an emailed reset code before the new password is asked for (docs/product.md, "Accounts"): a right code is
 * exchanged for a token that sets the password within a few minutes; the code itself works no more.
 */
export async function checkPasswordReset(env: Env, email: string, code: string, now = new Date()): Promise<string> {
  if (!isResetCode(code)) throw new CommerceError(400, 'reset_invalid')
  const { customerId, reset } = await liveReset(env, email, code, now)
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + serverLimits.passwordReset.checkedTokenValidSeconds * 1000)
  const exchanged = await accountStore(env.DB).exchangePasswordReset(reset.id, reset.code_hash, await resetTokenHash(customerId, token), expiresAt)
  if (!exchanged) throw new CommerceError(400, 'reset_invalid')
  return token
}

/** Sets the new password with the token a checked code was exchanged for (or, as the spec's call, the code itself). */
export async function confirmPasswordReset(env: Env, email: string, codeOrToken: string, newPassword: string, now = new Date()) {
  const { customerId, reset } = await liveReset(env, email, codeOrToken, now)
  const passwordHash = await hashPassword(newPassword, await readSecret(env, 'PASSWORD_PEPPER'))
  // A new password signs out every session (the store revokes the tokens in the same batch).
  if (!(await accountStore(env.DB).completePasswordReset(reset.id, customerId, passwordHash))) throw new CommerceError(400, 'reset_invalid')
}

/** A signed-in customer's edits (docs/product.md, "Accounts"): each answers the customer as now stored. */
async function customerNow(env: Env, customerId: number): Promise<Customer> {
  const customer = await accountStore(env.DB).customerById(customerId)
  if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
  return customer
}

/** A new name, already checked by the registration's rules (`nameErrors`, src/domain/account-rules.ts). */
export async function changeName(env: Env, customer: Customer, name: { firstname: string; lastname: string }): Promise<Customer> {
  await accountStore(env.DB).setName(customer.id, name.firstname.trim(), name.lastname.trim())
  return customerNow(env, customer.id)
}

/**
 * Codes to a new email or mobile: an account asks for at most so many an hour, however many addresses it tries, and
 * each ask is counted before the address is looked up, so asking is no way to learn who has an account.
 */
async function startContactChange(env: Env, customer: Customer, column: 'email' | 'mobile', value: string) {
  if (value === customer[column].toLowerCase()) throw new CommerceError(409, 'contact_unchanged', { channel: column })
  if (!(await withinHourlyLimit(env, `contact-code:${customer.id}`, serverLimits.accountEdits.codeSendsPerCustomerPerHour)))
    throw new CommerceError(429, 'otp_rate_limited')
  const store = accountStore(env.DB)
  // Taken by another account: refused in the words registration uses, which name no one.
  if (column === 'email' ? await store.customerByEmail(value) : await store.customerByPhone(value))
    throw new CommerceError(409, column === 'email' ? 'email_registered' : 'phone_registered')
}

/** Sets the confirmed email or mobile; one another account took since the code was sent is refused by the UNIQUE column. */
async function finishContactChange(env: Env, customer: Customer, column: 'email' | 'mobile', value: string): Promise<Customer> {
  try {
    await accountStore(env.DB).setContact(customer.id, column, value)
  } catch (error) {
    if (/UNIQUE constraint failed: customers\.(email|mobile)/.test(String(error)))
      throw new CommerceError(409, column === 'email' ? 'email_registered' : 'phone_registered')
    throw error
  }
  return customerNow(env, customer.id)
}

/** A 6-digit code to the new email, through the messages the password reset's code goes through. */
export async function sendEmailChangeCode(env: Env, customer: Customer, email: string, ip: string, locale: Locale, now = new Date()) {
  const next = email.trim().toLowerCase()
  await startContactChange(env, customer, 'email', next)
  await limitCodeSendsByEmail(env, next)
  if (!(await addressLimiter(env, ip).hit(serverLimits.otp.sendsPerIpPerHour, 3600)).allowed) throw new CommerceError(429, 'otp_rate_limited')
  const { code, expiresAt } = await storeCode(env, next, 'email_change', customer.id, now)
  await messageSender(env).send({ channel: 'email', to: next, template: 'email_change', words: { code, email: next }, locale, expiresAt })
}

export async function changeEmail(env: Env, customer: Customer, email: string, code: string): Promise<Customer> {
  const next = email.trim().toLowerCase()
  await verifyOtp(env, next, 'email_change', code, { customerId: customer.id })
  return finishContactChange(env, customer, 'email', next)
}

/** A code by SMS to the new mobile (international form), under every rule of the other SMS codes. */
export async function sendMobileChangeCode(env: Env, customer: Customer, phone: string, ip: string, locale: Locale) {
  await startContactChange(env, customer, 'mobile', phone)
  await sendOtp(env, { phone, purpose: 'mobile_change', ip, locale, customerId: customer.id })
}

export async function changeMobile(env: Env, customer: Customer, phone: string, code: string): Promise<Customer> {
  await verifyOtp(env, phone, 'mobile_change', code, { customerId: customer.id })
  return finishContactChange(env, customer, 'mobile', phone)
}

/**
 * The account's password change: the current password is one more try against the sign-in's lock (so it cannot be
 * used to guess), then the new one is set and every session but `keptToken`'s ends.
 */
export async function changePassword(env: Env, customer: Customer, keptToken: string, current: string, next: string): Promise<void> {
  const store = accountStore(env.DB)
  const found = await store.customerByEmail(customer.email)
  const result = await tryPassword(env, passwordLock(customer.id), found?.passwordHash ?? null, current)
  if (!result.ok) throw new CommerceError(400, 'current_password_wrong')
  await store.changePassword(customer.id, await hashPassword(next, result.pepper), await sha256Hex(keptToken))
}
