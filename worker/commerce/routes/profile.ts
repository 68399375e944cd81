/**
 * The signed-in customer's own account (docs/product.md, "Accounts" and "Calls"): the name, a new email or mobile
 * confirmed by a code sent to it, the password, and the favourites kept with the account. Every call needs the
 * customer's token; a refused call changes nothing.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig } from '../../../app.config'
import { isEmail, nameErrors, newPasswordErrors } from '../../../src/domain/account-rules'
import { internationalMobile, shownMobile } from '../../../src/domain/phone'
import { sku } from '../../../src/domain/schemas'
import { m } from '../../../src/paraglide/messages.js'
import { clientIp } from '../../http/client-ip'
import { wishlistStore } from '../../storage/wishlist-store'
import { changeEmail, changeMobile, changeName, changePassword, sendEmailChangeCode, sendMobileChangeCode, sessionUser } from '../accounts'
import type { CommerceEnv } from '../context'
import type { Customer } from '../customers'
import { CommerceError, commerceErrorBody } from '../errors'
import { botTokenFromHeader, requireBotCheck } from '../human-check'
import { validate } from '../validate'

const nameBody = type({ firstname: 'string <= 60', lastname: 'string <= 60' })
const emailBody = type({ email: 'string <= 254' })
const emailCodeBody = type({ email: 'string <= 254', otpcode: 'string <= 12' })
const mobileBody = type({ mobilenumber: 'string <= 20' })
const mobileCodeBody = type({ mobilenumber: 'string <= 20', otpcode: 'string <= 12' })
const passwordBody = type({ currentPassword: 'string <= 128', newPassword: 'string <= 128', confirmPassword: 'string <= 128' })
const wishlistBody = type({ skus: sku.array().atMostLength(appConfig.limits.wishlistMax) })

function signedIn(customer: Customer | null): Customer {
  if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
  return customer
}

/** A new email as registration takes it (src/domain/account-rules.ts), else a 400 before anything is counted or sent. */
function checkedEmail(typed: string): string {
  const email = typed.trim()
  if (!isEmail(email)) throw new CommerceError(400, 'bad_request', undefined, ['InvalidEmail'])
  return email
}

function checkedMobile(typed: string): string {
  const phone = internationalMobile(typed)
  if (!phone) throw new CommerceError(400, 'bad_request', undefined, ['mobilenumber must be a Saudi mobile number'])
  return phone
}

const checkedCode = (code: string) => {
  if (!/^\d{6}$/.test(code)) throw new CommerceError(400, 'otp_invalid')
  return code
}

const checkedSku = (value: string) => {
  if (!sku.allows(value)) throw new CommerceError(404, 'product_not_found')
  return value
}

export const profileRoutes = new Hono<CommerceEnv>()
  .put('/customer/me', validate('json', nameBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    const errors = nameErrors(body)
    if (Object.keys(errors).length > 0) {
      return c.json({ ...commerceErrorBody(c.get('locale'), 'bad_request', undefined, Object.values(errors)), fields: errors }, 400)
    }
    return c.json({ user: sessionUser(await changeName(c.env, customer, body)) })
  })

  // Each code send passes the bot check before anything else runs, as the sign-in code's does (docs/product.md, "Limits").
  .post('/customer/me/email/code', validate('json', emailBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, botTokenFromHeader(c.req.header('recaptcha')), ip)
    const email = checkedEmail(c.req.valid('json').email)
    await sendEmailChangeCode(c.env, customer, email, ip, c.get('locale'))
    return c.json({ success: true, message: m.account_code_sent_email({ email: email.toLowerCase() }, { locale: c.get('locale') }) })
  })

  .post('/customer/me/email', validate('json', emailCodeBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    return c.json({ user: sessionUser(await changeEmail(c.env, customer, checkedEmail(body.email), checkedCode(body.otpcode))) })
  })

  .post('/customer/me/mobile/code', validate('json', mobileBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, botTokenFromHeader(c.req.header('recaptcha')), ip)
    const phone = checkedMobile(c.req.valid('json').mobilenumber)
    await sendMobileChangeCode(c.env, customer, phone, ip, c.get('locale'))
    return c.json({ success: true, message: m.account_otp_sent({ phone: shownMobile(phone) }, { locale: c.get('locale') }) })
  })

  .post('/customer/me/mobile', validate('json', mobileCodeBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    return c.json({ user: sessionUser(await changeMobile(c.env, customer, checkedMobile(body.mobilenumber), checkedCode(body.otpcode))) })
  })

  // The new password's rules first: a refused form counts no try of the current one.
  .post('/customer/me/password', validate('json', passwordBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    const { password, confirmation } = newPasswordErrors(body.newPassword, body.confirmPassword)
    const fields = { ...(password && { newPassword: password }), ...(confirmation && { confirmPassword: confirmation }) }
    if (Object.keys(fields).length > 0) {
      return c.json({ ...commerceErrorBody(c.get('locale'), 'bad_request', undefined, Object.values(fields)), fields }, 400)
    }
    await changePassword(c.env, customer, c.req.header('mage')!, body.currentPassword, body.newPassword)
    return c.json({ success: true, message: m.account_password_updated({}, { locale: c.get('locale') }) })
  })

  .get('/customer/wishlist', async (c) => {
    const customer = signedIn(c.get('customer'))
    return c.json({ skus: await wishlistStore(c.env.DB).list(customer.id) })
  })

  // On sign-in: the browser's list joins the account's, and the browser then keeps the answer.
  .post('/customer/wishlist/merge', validate('json', wishlistBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const skus = await wishlistStore(c.env.DB).merge(customer.id, c.req.valid('json').skus, appConfig.limits.wishlistMax, new Date())
    return c.json({ skus })
  })

  .put('/customer/wishlist/:sku', async (c) => {
    const customer = signedIn(c.get('customer'))
    const store = wishlistStore(c.env.DB)
    const outcome = await store.add(customer.id, checkedSku(c.req.param('sku')), appConfig.limits.wishlistMax, new Date())
    if (outcome === 'unknown') throw new CommerceError(404, 'product_not_found')
    if (outcome === 'full') throw new CommerceError(409, 'wishlist_full', { count: appConfig.limits.wishlistMax })
    return c.json({ skus: await store.list(customer.id) })
  })

  .delete('/customer/wishlist/:sku', async (c) => {
    const customer = signedIn(c.get('customer'))
    const store = wishlistStore(c.env.DB)
    await store.remove(customer.id, checkedSku(c.req.param('sku')))
    return c.json({ skus: await store.list(customer.id) })
  })
