/**
 * Customer calls of the Direct API: one-time codes (otpSend, otpVerfiy: the product's spelling),
 * registration, password login, forgotten password, check-if-authenticated, logout; and, outside
 * production, the development outbox. The signed-in customer's own edits are ./profile.ts.
 */
import { type } from 'arktype'
import { serverLimits } from '../../../config/server-limits'
import { Hono } from 'hono'
import { registrationErrors, passwordErrors } from '../../../src/domain/account-rules'
import { internationalMobile, shownMobile } from '../../../src/domain/phone'
import { botTokenFromHeader, requireBotCheck } from '../human-check'
import {
  addressLimiter,
  checkPasswordReset,
  confirmPasswordReset,
  issuePhoneVerification,
  limitCodeSendsByEmail,
  loginByCode,
  loginWithPassword,
  register,
  sendOtp,
  sendPasswordReset,
  sessionUser,
  verifyOtp,
} from '../accounts'
import type { CommerceEnv } from '../context'
import { passwordResetConfirmation, registrationFields, registrationPlaceholders } from '../../../src/domain/schemas'
import { revokeCustomerToken } from '../customers'
import { accountStore } from '../../storage/account-store'
import { eventStore } from '../../storage/event-store'
import { clientIp } from '../../http/client-ip'
import { devRouteAllowed } from '../../http/environment'
import { CommerceError, commerceErrorBody } from '../errors'
import { validate } from '../validate'
import { m } from '../../../src/paraglide/messages.js'

const otpSendBody = type({
  mobilenumber: 'string <= 20',
  otptype: "'login' | 'register'",
  'email?': 'string <= 254',
  // SMS or WhatsApp for this code and what follows (docs/decisions/0036-whatsapp-channel.md); absent: as chosen before.
  'channel?': "'sms' | 'whatsapp'",
  'resendotp?': 'boolean | 0 | 1 | "0" | "1"',
  'oldmobile?': 'string <= 20',
})
const otpVerifyBody = type({
  mobilenumber: 'string <= 20',
  'email?': 'string <= 254',
  otpcode: 'string <= 12',
  otptype: "'login' | 'register'",
  'oldmobile?': 'string <= 20',
})
const registerBody = registrationFields.merge(registrationPlaceholders).merge({ token: 'string <= 200' })
const loginBody = type({ username: 'string <= 254', password: 'string <= 128', recaptchaToken: 'string <= 4096' })
const forgotSendBody = type({ email: 'string.email <= 254', recaptchaToken: 'string <= 4096' })
const forgotCheckBody = type({ email: 'string.email <= 254', resetToken: 'string <= 12' })
const forgotConfirmBody = passwordResetConfirmation

export const customerRoutes = new Hono<CommerceEnv>()
  .post('/customer/v2/otpSend', validate('json', otpSendBody), async (c) => {
    const body = c.req.valid('json')
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, botTokenFromHeader(c.req.header('recaptcha')), ip)
    // An empty mobile number means the shopper typed an email: the code goes to the account's phone.
    let phone = body.mobilenumber ? internationalMobile(body.mobilenumber) : null
    if (!phone && body.mobilenumber) throw new CommerceError(400, 'bad_request', undefined, ['mobilenumber must be a Saudi mobile number'])
    if (!body.mobilenumber && body.email) {
      // The resend wait and the hourly cap count the email as typed, before the lookup: a known and an unknown
      // email meet them alike (a second send to a known one used to be the only 429).
      await limitCodeSendsByEmail(c.env, body.email)
      phone = (await accountStore(c.env.DB).customerByEmail(body.email))?.customer.mobile ?? null
    }
    // A known and an unknown email get the same answer: the email as typed (never the account's phone),
    // and the same per-address count, so trying emails tells nothing (docs/product.md, "Limits").
    // The channel is the typed mobile's choice only: never set on an account's mobile found by its email.
    const channel = body.mobilenumber ? body.channel : undefined
    if (phone) await sendOtp(c.env, { phone, purpose: body.otptype, ip, locale: c.get('locale'), ...(channel ? { channel } : {}) })
    else if (!(await addressLimiter(c.env, ip).hit(serverLimits.otp.sendsPerIpPerHour, 3600)).allowed)
      throw new CommerceError(429, 'otp_rate_limited')
    const shown = body.mobilenumber ? shownMobile(phone!).replace(/^(\d{3})\d{4}/, '$1****') : (body.email ?? '')
    return c.json({ success: true, successmsg: m.account_otp_sent({ phone: shown }, { locale: c.get('locale') }), errormsg: '' })
  })

  .post('/customer/v2/otpVerfiy', validate('json', otpVerifyBody), async (c) => {
    const body = c.req.valid('json')
    if (!/^\d{6}$/.test(body.otpcode)) throw new CommerceError(400, 'otp_invalid')
    let phone = body.mobilenumber ? internationalMobile(body.mobilenumber) : null
    if (!phone && body.email) phone = (await accountStore(c.env.DB).customerByEmail(body.email))?.customer.mobile ?? null
    if (!phone) throw new CommerceError(400, 'otp_invalid')
    await verifyOtp(c.env, phone, body.otptype, body.otpcode)
    if (body.otptype === 'login') return c.json({ success: true, errormsg: '', ...(await loginByCode(c.env, phone)) })
    return c.json({ success: true, errormsg: '', token: await issuePhoneVerification(c.env, phone), user: null })
  })

  .post('/customer/register', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json')
    const errors = registrationErrors(body)
    if (Object.keys(errors).length > 0) {
      return c.json({ ...commerceErrorBody(c.get('locale'), 'bad_request', undefined, Object.values(errors)), fields: errors }, 400)
    }
    await requireBotCheck(
      c.env,
      body.recaptchaToken,
      clientIp((n) => c.req.header(n)),
    )
    const signedIn = await register(c.env, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email.trim(),
      phone: internationalMobile(body.phone_number)!,
      password: body.password,
      verification: body.token,
    })
    return c.json({ success: true, message: m.account_registered({}, { locale: c.get('locale') }), ...signedIn })
  })

  .post('/customer/login', validate('json', loginBody), async (c) => {
    const body = c.req.valid('json')
    await requireBotCheck(
      c.env,
      body.recaptchaToken,
      clientIp((n) => c.req.header(n)),
    )
    return c.json(await loginWithPassword(c.env, body.username.trim(), body.password))
  })

  .post('/customer/forgot/send-token', validate('json', forgotSendBody), async (c) => {
    const body = c.req.valid('json')
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, body.recaptchaToken, ip)
    await sendPasswordReset(c.env, body.email, ip, c.get('locale'))
    return c.json({ data: { status: true } })
  })

  // The emailed code checked before the new password is asked for (docs/product.md, "Accounts"): a right code is
  // exchanged for the token the confirmation takes. Wrong codes count as the confirmation's do.
  .post('/customer/forgot/verify', validate('json', forgotCheckBody), async (c) => {
    const body = c.req.valid('json')
    return c.json({ data: { resetToken: await checkPasswordReset(c.env, body.email, body.resetToken) } })
  })

  .post('/customer/forgot/confirm', validate('json', forgotConfirmBody), async (c) => {
    const body = c.req.valid('json')
    // The spec's call with the code itself passes the bot check; a token from the check above needs none: its code was
    // sent after one, and a Turnstile token is good for one check only.
    if (/^\d{6}$/.test(body.resetToken)) {
      await requireBotCheck(
        c.env,
        body.recaptchaToken,
        clientIp((n) => c.req.header(n)),
      )
    }
    const weak = passwordErrors(body.newPassword)
    if (weak) throw new CommerceError(400, 'bad_request', undefined, [weak])
    if (body.newPassword !== body.confirmPassword) throw new CommerceError(400, 'bad_request', undefined, ['PasswordsMustMatch'])
    await confirmPasswordReset(c.env, body.email, body.resetToken, body.newPassword)
    return c.json({ data: true, message: m.account_password_updated({}, { locale: c.get('locale') }) })
  })

  .get('/customer/checkifauth', (c) => {
    const customer = c.get('customer')
    if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
    return c.json({ authenticated: true, user: sessionUser(customer) })
  })

  .post('/customer/logout', async (c) => {
    const mage = c.req.header('mage')
    if (mage) await revokeCustomerToken(c.env.DB, mage)
    return c.json({ success: true })
  })

  .get('/dev/outbox', validate('query', type({ recipient: 'string <= 254' })), async (c) => {
    // Exists only in development and tests: it shows the codes the embedded SMS sender "sent".
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'bad_request')
    const { recipient } = c.req.valid('query')
    return c.json({ messages: await eventStore(c.env.DB).outboxFor(recipient) })
  })
