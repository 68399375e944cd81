/**
 * The signed-in customer's own data (docs/product.md, "Your data" and "Calls"): `GET /customer/me/data`, everything
 * kept about the account; `POST /customer/me/close/code`, a code to the account's mobile (behind the bot check, as
 * every code is); `POST /customer/me/close {otpcode}`, the account closed with it. A refused call changes nothing.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { otpCode } from '../../../src/domain/schemas'
import { shownMobile } from '../../../src/domain/phone'
import { m } from '../../../src/paraglide/messages.js'
import { clientIp } from '../../http/client-ip'
import type { CommerceEnv } from '../context'
import type { Customer } from '../customers'
import { CommerceError } from '../errors'
import { botTokenFromHeader, requireBotCheck } from '../human-check'
import { accountData, closeAccount, sendCloseCode } from '../personal-data'
import { validate } from '../validate'

const closeBody = type({ otpcode: otpCode })

function signedIn(customer: Customer | null): Customer {
  if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
  return customer
}

export const personalDataRoutes = new Hono<CommerceEnv>()
  .get('/customer/me/data', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json(await accountData(c.env, signedIn(c.get('customer')), c.get('locale')))
  })

  .post('/customer/me/close/code', async (c) => {
    const customer = signedIn(c.get('customer'))
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, botTokenFromHeader(c.req.header('recaptcha')), ip)
    await sendCloseCode(c.env, customer, ip, c.get('locale'))
    return c.json({ success: true, message: m.account_otp_sent({ phone: shownMobile(customer.mobile) }, { locale: c.get('locale') }) })
  })

  .post('/customer/me/close', validate('json', closeBody), async (c) => {
    await closeAccount(c.env, signedIn(c.get('customer')), c.req.valid('json').otpcode)
    return c.json({ success: true, message: m.account_closed({}, { locale: c.get('locale') }) })
  })
