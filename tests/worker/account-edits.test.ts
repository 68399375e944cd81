// A signed-in customer edits their account over the Direct API (docs/product.md, "Accounts"; issue 42, item 5): the
// name by the registration's rules, the email and the mobile each by a code sent to the new one, the password with the
// current one asked, the favourites kept with the account; and a forgotten password's code checked before the new
// password is asked for.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, handshake, lastCode, newIp, newPhone, registered, resendWaitOver, type Caller } from './commerce-helpers'

/** A new account, signed in: its caller (with the customer token), email and phone. */
async function signedInCustomer() {
  const caller: Caller = { token: await handshake(), ip: newIp() }
  const { email, phone, created } = await registered(caller)
  expect(created.status).toBe(200)
  return { caller: { ...caller, mage: created.body.token as string }, email, phone, id: created.body.user.id as number }
}

const login = (caller: Caller, username: string, password: string) =>
  call({ ...caller, mage: undefined }, 'POST', '/customer/login', { username, password, recaptchaToken: 'ok' })

/** The code the outbox holds for a recipient, different from the one given (a wrong guess). */
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')

describe('the name', () => {
  it('is edited by the registration rules, and a refused edit changes nothing', async () => {
    const { caller } = await signedInCustomer()
    const edited = await call(caller, 'PUT', '/customer/me', { firstname: ' Reema ', lastname: 'Al-Shehri' })
    expect(edited.status).toBe(200)
    expect(edited.body.user).toMatchObject({ firstname: 'Reema', lastname: 'Al-Shehri' })
    expect((await call(caller, 'GET', '/customer/checkifauth')).body.user).toMatchObject({ firstname: 'Reema', lastname: 'Al-Shehri' })

    const digits = await call(caller, 'PUT', '/customer/me', { firstname: 'R2D2', lastname: 'Alqahtani' })
    expect(digits.status).toBe(400)
    expect(digits.body.fields).toEqual({ firstname: 'NameLetters' })
    const short = await call(caller, 'PUT', '/customer/me', { firstname: 'Reema', lastname: 'Al' })
    expect(short.body.fields).toEqual({ lastname: 'NameTooShort' })
    const markup = await call(caller, 'PUT', '/customer/me', { firstname: '<b>Reema</b>', lastname: '' })
    expect(markup.body.fields).toEqual({ firstname: 'NameLetters', lastname: 'NameRequired' })
    // An Arabic name is a name.
    expect((await call(caller, 'PUT', '/customer/me', { firstname: 'ريم', lastname: 'الشهري' })).status).toBe(200)
    expect((await call(caller, 'GET', '/customer/checkifauth')).body.user).toMatchObject({ firstname: 'ريم', lastname: 'الشهري' })
    // A guest has no name to edit.
    expect((await call({ ...caller, mage: undefined }, 'PUT', '/customer/me', { firstname: 'Reema', lastname: 'Alshehri' })).status).toBe(401)
  })
})

describe('the email', () => {
  it('changes by a 6-digit code sent to the new email, bound to the account that asked', async () => {
    const { caller, email } = await signedInCustomer()
    const other = await signedInCustomer()
    const next = `new${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`
    // Every send passes the bot check first.
    expect((await call({ ...caller, botCheck: 'fail' }, 'POST', '/customer/me/email/code', { email: next })).body.code).toBe('bot_check_failed')
    const sent = await call(caller, 'POST', '/customer/me/email/code', { email: next.toUpperCase() })
    expect(sent.status).toBe(200)
    const code = await lastCode(next)
    // The old address got nothing.
    expect((await call(caller, 'GET', `/dev/outbox?recipient=${email}`)).body.messages).toEqual([])
    // A resend waits its minute.
    expect((await call(caller, 'POST', '/customer/me/email/code', { email: next })).status).toBe(429)
    // Another account cannot spend this account's code.
    expect((await call(other.caller, 'POST', '/customer/me/email', { email: next, otpcode: code })).body.code).toBe('otp_invalid')
    const wrong = await call(caller, 'POST', '/customer/me/email', { email: next, otpcode: wrongOf(code) })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('otp_invalid')
    const changed = await call(caller, 'POST', '/customer/me/email', { email: next, otpcode: code })
    expect(changed.status).toBe(200)
    expect(changed.body.user.email).toBe(next)
    expect((await login(caller, next, 'Secret123')).status).toBe(200)
    expect((await login(caller, email, 'Secret123')).status).toBe(401)
    // Single use.
    expect((await call(caller, 'POST', '/customer/me/email', { email: next, otpcode: code })).status).toBe(400)
  })

  it('refuses an email another account uses without saying whose, and the own one', async () => {
    const { caller, email } = await signedInCustomer()
    const other = await signedInCustomer()
    const taken = await call(caller, 'POST', '/customer/me/email/code', { email: other.email })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('There is already an account registered with this email')
    expect(JSON.stringify(taken.body)).not.toMatch(/Noura|Alqahtani|966/)
    expect((await call(caller, 'GET', `/dev/outbox?recipient=${other.email}`)).body.messages).toEqual([])
    const same = await call(caller, 'POST', '/customer/me/email/code', { email: email.toUpperCase() })
    expect(same.status).toBe(409)
    expect(same.body.code).toBe('contact_unchanged')
    const malformed = await call(caller, 'POST', '/customer/me/email/code', { email: 'x<svg>@example.com' })
    expect(malformed.status).toBe(400)
  })

  it('refuses a code when the email was taken by another account meanwhile', async () => {
    const { caller } = await signedInCustomer()
    const next = `race${Date.now()}@example.com`
    await call(caller, 'POST', '/customer/me/email/code', { email: next })
    const code = await lastCode(next)
    const other = await signedInCustomer()
    await env.DB.prepare('UPDATE customers SET email = ? WHERE id = ?').bind(next, other.id).run()
    const late = await call(caller, 'POST', '/customer/me/email', { email: next, otpcode: code })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('email_registered')
  })
})

describe('the mobile', () => {
  it('changes by an SMS code to the new mobile, each send behind the bot check', async () => {
    const { caller, phone } = await signedInCustomer()
    const next = newPhone()
    expect((await call({ ...caller, botCheck: 'fail' }, 'POST', '/customer/me/mobile/code', { mobilenumber: next.local })).body.code).toBe(
      'bot_check_failed',
    )
    expect((await call(caller, 'GET', `/dev/outbox?recipient=${next.international}`)).body.messages).toEqual([])
    const sent = await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: next.local })
    expect(sent.status).toBe(200)
    const code = await lastCode(next.international)
    const wrong = await call(caller, 'POST', '/customer/me/mobile', { mobilenumber: next.local, otpcode: wrongOf(code) })
    expect(wrong.body.code).toBe('otp_invalid')
    const changed = await call(caller, 'POST', '/customer/me/mobile', { mobilenumber: `+966${next.local.slice(1)}`, otpcode: code })
    expect(changed.status).toBe(200)
    expect(changed.body.user.custom_attributes).toEqual([{ attribute_code: 'mobilenumber', value: next.international }])
    expect((await login(caller, next.local, 'Secret123')).status).toBe(200)
    expect((await login(caller, phone.local, 'Secret123')).status).toBe(401)
  })

  it('refuses a mobile another account uses, and the own one, sending nothing', async () => {
    const { caller, phone } = await signedInCustomer()
    const other = await signedInCustomer()
    await resendWaitOver(other.phone.international)
    const taken = await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: other.phone.local })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('There is already an account registered with this phone number')
    const codes = await call(caller, 'GET', `/dev/outbox?recipient=${other.phone.international}`)
    expect(codes.body.messages).toHaveLength(1) // the registration's, nothing since
    const same = await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: phone.local })
    expect(same.body.code).toBe('contact_unchanged')
    expect((await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: '0123' })).status).toBe(400)
  })

  it("caps an account's code sends however many numbers it tries", async () => {
    const { caller } = await signedInCustomer()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const r = await call({ ...caller, ip: newIp() }, 'POST', '/customer/me/mobile/code', { mobilenumber: newPhone().local })
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})

describe('the limits of a code to a new email or mobile (docs/product.md, "Limits")', () => {
  /** The account as its session reads it now. */
  const account = async (caller: Caller) => (await call(caller, 'GET', '/customer/checkifauth')).body.user

  it('waits a minute between codes to one mobile, and a refused resend neither sends nor replaces the code', async () => {
    const { caller } = await signedInCustomer()
    const next = newPhone()
    expect((await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: next.local })).status).toBe(200)
    const code = await lastCode(next.international)
    const again = await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: next.local })
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('otp_wait')
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/)
    expect((await call(caller, 'GET', `/dev/outbox?recipient=${next.international}`)).body.messages).toHaveLength(1)
    // The first code still changes the mobile: the refusal changed nothing.
    expect((await call(caller, 'POST', '/customer/me/mobile', { mobilenumber: next.local, otpcode: code })).status).toBe(200)
  })

  it("stops at the client address's cap of code sends, shared with the SMS codes, sending and storing nothing", async () => {
    const { caller, email } = await signedInCustomer()
    const ip = newIp()
    const limiter = env.LIMITER.get(env.LIMITER.idFromName(`otp-ip:${ip}`))
    for (let i = 0; i < 20; i++) await limiter.hit(20, 3600)
    const next = `capped${Date.now()}@example.com`
    const refused = await call({ ...caller, ip }, 'POST', '/customer/me/email/code', { email: next })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('otp_rate_limited')
    expect((await call(caller, 'GET', `/dev/outbox?recipient=${next}`)).body.messages).toEqual([])
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM otp_codes WHERE phone = ?').bind(next).first<{ n: number }>()
    expect(stored?.n).toBe(0)
    const mobile = await call({ ...caller, ip }, 'POST', '/customer/me/mobile/code', { mobilenumber: newPhone().local })
    expect(mobile.body.code).toBe('otp_rate_limited')
    expect((await account(caller)).email).toBe(email)
  })

  it('counts an address another account uses like any other, so past the cap a taken one tells nothing', async () => {
    const { caller } = await signedInCustomer()
    const other = await signedInCustomer()
    const answers: string[] = []
    for (let i = 0; i < 10; i++) {
      const email = i % 2 === 0 ? other.email : `free${i}${Date.now()}@example.com`
      answers.push((await call({ ...caller, ip: newIp() }, 'POST', '/customer/me/email/code', { email })).body.code ?? 'sent')
    }
    expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'email_registered' : 'sent')))
    // The 11th ask: a taken and a free address get the same refusal, before either is looked up.
    const taken = await call({ ...caller, ip: newIp() }, 'POST', '/customer/me/email/code', { email: other.email })
    const free = await call({ ...caller, ip: newIp() }, 'POST', '/customer/me/email/code', { email: `late${Date.now()}@example.com` })
    expect([taken.status, taken.body.code]).toEqual([429, 'otp_rate_limited'])
    expect([free.status, free.body.code]).toEqual([429, 'otp_rate_limited'])
  })

  it('leaves the account as it was after a wrong code, a taken address or a spent code', async () => {
    const { caller, email, phone } = await signedInCustomer()
    const before = await account(caller)
    const nextEmail = `kept${Date.now()}@example.com`
    await call(caller, 'POST', '/customer/me/email/code', { email: nextEmail })
    const emailCode = await lastCode(nextEmail)
    const next = newPhone()
    await call(caller, 'POST', '/customer/me/mobile/code', { mobilenumber: next.local })
    const mobileCode = await lastCode(next.international)
    expect((await call(caller, 'POST', '/customer/me/email', { email: nextEmail, otpcode: wrongOf(emailCode) })).status).toBe(400)
    expect((await call(caller, 'POST', '/customer/me/mobile', { mobilenumber: next.local, otpcode: wrongOf(mobileCode) })).status).toBe(400)
    // A right code for another address than the one it was sent to.
    expect((await call(caller, 'POST', '/customer/me/email', { email: `x${nextEmail}`, otpcode: emailCode })).status).toBe(400)
    expect((await call(caller, 'POST', '/customer/me/mobile', { mobilenumber: newPhone().local, otpcode: mobileCode })).status).toBe(400)
    expect(await account(caller)).toEqual(before)
    expect((await login(caller, email, 'Secret123')).status).toBe(200)
    expect((await login(caller, phone.local, 'Secret123')).status).toBe(200)
  })
})

describe('the password', () => {
  it('changes with the current one, keeps this session and ends every other', async () => {
    const { caller, email } = await signedInCustomer()
    const elsewhere = await login(caller, email, 'Secret123')
    const otherDevice = { ...caller, mage: elsewhere.body.token as string }
    expect((await call(otherDevice, 'GET', '/customer/checkifauth')).status).toBe(200)

    const weak = await call(caller, 'POST', '/customer/me/password', {
      currentPassword: 'Secret123',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
    })
    expect(weak.status).toBe(400)
    expect(weak.body.fields).toEqual({ newPassword: 'NeedsUppercase' })
    const mismatch = await call(caller, 'POST', '/customer/me/password', {
      currentPassword: 'Secret123',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass124',
    })
    expect(mismatch.body.fields).toEqual({ confirmPassword: 'PasswordsMustMatch' })
    // A refused change ended nothing.
    expect((await call(otherDevice, 'GET', '/customer/checkifauth')).status).toBe(200)

    const changed = await call(caller, 'POST', '/customer/me/password', {
      currentPassword: 'Secret123',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
    })
    expect(changed.status).toBe(200)
    expect((await call(caller, 'GET', '/customer/checkifauth')).status).toBe(200)
    expect((await call(otherDevice, 'GET', '/customer/checkifauth')).status).toBe(401)
    expect((await login(caller, email, 'Secret123')).status).toBe(401)
    expect((await login(caller, email, 'Newpass123')).status).toBe(200)
  })

  it('counts a wrong current password against the login limit, so it cannot be used to guess', async () => {
    const { caller, email } = await signedInCustomer()
    const hashOf = async () =>
      (await env.DB.prepare('SELECT password_hash FROM customers WHERE email = ?').bind(email).first<{ password_hash: string }>())!.password_hash
    const before = await hashOf()
    const attempt = (currentPassword: string) =>
      call(caller, 'POST', '/customer/me/password', { currentPassword, newPassword: 'Newpass123', confirmPassword: 'Newpass123' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`Guess${i}abc`)).status)
    // Told in words, and never the session's end: a 401 would sign the shopper out (src/domain/session-end.ts).
    expect((await call(caller, 'GET', '/customer/checkifauth')).status).toBe(200)
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400])
    expect(statuses).toContain(429)
    expect((await attempt('Guess0abc')).body.code).toBe('locked')
    // The same lock as the sign-in's: the right password is refused by both until it passes.
    expect((await attempt('Secret123')).status).toBe(429)
    expect((await login(caller, email, 'Secret123')).status).toBe(429)
    // Nothing changed.
    expect(await hashOf()).toBe(before)
  })
})

describe('the favourites kept with the account', () => {
  async function skus(count: number): Promise<string[]> {
    const { results } = await env.DB.prepare('SELECT sku FROM products ORDER BY entity_id LIMIT ?').bind(count).all<{ sku: string }>()
    return results.map((r) => r.sku)
  }

  it("merge the browser's list into the account's on sign-in, and write each change through", async () => {
    const { caller } = await signedInCustomer()
    const [a, b, c, d] = await skus(4)
    expect((await call(caller, 'GET', '/customer/wishlist')).body).toEqual({ skus: [] })
    expect((await call(caller, 'POST', '/customer/wishlist/merge', { skus: [a, b] })).body).toEqual({ skus: [a, b] })
    expect((await call(caller, 'PUT', `/customer/wishlist/${c}`)).body).toEqual({ skus: [a, b, c] })
    // A second browser's list: the union, the account's first, nothing twice, an unknown sku dropped.
    expect((await call(caller, 'POST', '/customer/wishlist/merge', { skus: [b, 'NO-SUCH-SKU', d] })).body).toEqual({ skus: [a, b, c, d] })
    expect((await call(caller, 'DELETE', `/customer/wishlist/${a}`)).body).toEqual({ skus: [b, c, d] })
    // Adding again and removing again change nothing.
    expect((await call(caller, 'PUT', `/customer/wishlist/${b}`)).body).toEqual({ skus: [b, c, d] })
    expect((await call(caller, 'DELETE', `/customer/wishlist/${a}`)).body).toEqual({ skus: [b, c, d] })
    expect((await call(caller, 'PUT', '/customer/wishlist/NO-SUCH-SKU')).status).toBe(404)
    // Another account's list is its own; a guest has none.
    const other = await signedInCustomer()
    expect((await call(other.caller, 'GET', '/customer/wishlist')).body).toEqual({ skus: [] })
    expect((await call({ ...caller, mage: undefined }, 'GET', '/customer/wishlist')).status).toBe(401)
    expect((await call({ ...caller, mage: undefined }, 'POST', '/customer/wishlist/merge', { skus: [a] })).status).toBe(401)
    expect((await call(caller, 'POST', '/customer/wishlist/merge', { skus: ['bad sku!'] })).status).toBe(400)
  })

  it('are capped at 100: a merge keeps the account’s first, an add past the cap is refused', async () => {
    const { caller } = await signedInCustomer()
    const many = await skus(102)
    const merged = await call(caller, 'POST', '/customer/wishlist/merge', { skus: many.slice(2, 100) })
    expect(merged.body.skus).toHaveLength(98)
    const more = await call(caller, 'POST', '/customer/wishlist/merge', { skus: [many[0], many[1], many[100], many[101]] })
    expect(more.body.skus).toHaveLength(100)
    expect(more.body.skus.slice(0, 98)).toEqual(many.slice(2, 100))
    expect(more.body.skus.slice(98)).toEqual([many[0], many[1]])
    const full = await call(caller, 'PUT', `/customer/wishlist/${many[100]}`)
    expect(full.status).toBe(409)
    expect(full.body.code).toBe('wishlist_full')
    expect(full.body.message).toBe('You can keep up to 100 favourites. Remove one to add another.')
    expect((await call(caller, 'GET', '/customer/wishlist')).body.skus).toHaveLength(100)
    await call(caller, 'DELETE', `/customer/wishlist/${many[2]}`)
    expect((await call(caller, 'PUT', `/customer/wishlist/${many[100]}`)).body.skus).toHaveLength(100)
    // More than the cap at the door is refused whole.
    expect((await call(caller, 'POST', '/customer/wishlist/merge', { skus: many.slice(0, 101) })).status).toBe(400)
  })
})

describe('a forgotten password', () => {
  it('has its code checked before the new password is asked for, and the check gives a token the new password needs', async () => {
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const { email, created } = await registered(caller)
    const oldSession = { ...caller, mage: created.body.token as string }
    await call(caller, 'POST', '/customer/forgot/send-token', { email, recaptchaToken: 'ok' })
    const code = await lastCode(email)
    const wrong = await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: wrongOf(code) })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Invalid OTP.')
    const unknown = await call(caller, 'POST', '/customer/forgot/verify', { email: 'ghost@example.com', resetToken: code })
    expect(unknown.body.message).toBe('Invalid OTP.')
    const checked = await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: code })
    expect(checked.status).toBe(200)
    const resetToken = checked.body.data.resetToken as string
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The code was exchanged: it neither checks nor resets again.
    expect((await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: code })).status).toBe(400)
    const confirm = (token: string, password: string) =>
      call(caller, 'POST', '/customer/forgot/confirm', {
        email,
        resetToken: token,
        newPassword: password,
        confirmPassword: password,
        recaptchaToken: '',
      })
    expect((await confirm(code, 'Newpass123')).status).toBe(400)
    // A weak password is refused and leaves the token good.
    expect((await confirm(resetToken, 'weak')).status).toBe(400)
    const done = await confirm(resetToken, 'Newpass123')
    expect(done.status).toBe(200)
    expect(done.body.data).toBe(true)
    expect((await call(oldSession, 'GET', '/customer/checkifauth')).status).toBe(401)
    expect((await login(caller, email, 'Newpass123')).status).toBe(200)
    // Single use.
    expect((await confirm(resetToken, 'Other1234')).status).toBe(400)
  })

  it('counts wrong codes at the check as before: five, then even the right one is refused', async () => {
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const { email } = await registered(caller)
    await call(caller, 'POST', '/customer/forgot/send-token', { email, recaptchaToken: 'ok' })
    const code = await lastCode(email)
    for (let i = 0; i < 5; i++) {
      expect((await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: wrongOf(code) })).status).toBe(400)
    }
    expect((await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: code })).status).toBe(400)
  })

  it('expires the checked token after its few minutes', async () => {
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const { email } = await registered(caller)
    await call(caller, 'POST', '/customer/forgot/send-token', { email, recaptchaToken: 'ok' })
    const checked = await call(caller, 'POST', '/customer/forgot/verify', { email, resetToken: await lastCode(email) })
    await env.DB.prepare(
      "UPDATE password_resets SET expires_at = '2020-01-01T00:00:00.000Z' WHERE customer_id = (SELECT id FROM customers WHERE email = ?)",
    )
      .bind(email)
      .run()
    const late = await call(caller, 'POST', '/customer/forgot/confirm', {
      email,
      resetToken: checked.body.data.resetToken,
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
      recaptchaToken: '',
    })
    expect(late.body.message).toBe('Invalid OTP.')
  })
})
