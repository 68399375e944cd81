/**
 * The checkout calls of the Direct API (docs/product.md, "Checkout" and "Calls"): shipping methods with their dates,
 * choosing one, keeping the shopper's details on the cart, and verifying the mobile by code (telephone, verify mobile).
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { cartView } from '../../../src/domain/cart'
import { internationalMobile } from '../../../src/domain/phone'
import { shippingCodes } from '../../../src/domain/shipping'
import { checkoutDetails, otpCode } from '../../../src/domain/schemas'
import { m } from '../../../src/paraglide/messages.js'
import { clientIp } from '../../http/client-ip'
import { accountStore } from '../../storage/account-store'
import { sendOtp, verifyOtp } from '../accounts'
import { openCart, refusal } from '../carts'
import { availableMethod, checkedDetails, shippingFor } from '../checkout'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { validate } from '../validate'

const shippingBody = type({ code: type.enumerated(...shippingCodes) })
const telephoneBody = type({ mobilenumber: 'string <= 20' })
const verifyBody = type({ mobilenumber: 'string <= 20', otpcode: otpCode })

function saudiMobile(value: string): string {
  const phone = internationalMobile(value)
  if (!phone) throw new CommerceError(400, 'checkout_invalid', { field: 'mobile' }, ['mobile'])
  return phone
}

export const checkoutRoutes = new Hono<CommerceEnv>()
  .get('/shipping-methods', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ shipping_methods: await shippingFor(c.env, state, c.get('locale'), new Date()) })
  })

  .put('/shipping-method', validate('json', shippingBody), async (c) => {
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    await availableMethod(c.env, state, c.req.valid('json').code, c.get('locale'), new Date())
    const result = await stub.setShippingMethod(c.req.valid('json').code)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  // Keeps the shopper's details on the cart once every field passes (a guest's address lives with the cart).
  .put('/checkout', validate('json', checkoutDetails), async (c) => {
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const method = await availableMethod(c.env, state, state.shipping_method ?? 'standard', c.get('locale'), new Date())
    const result = await stub.setCheckout(checkedDetails(c.req.valid('json'), state, method))
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  // Sends a code to the mobile the order will be placed with (the one-time-code rules and limits of accounts.ts).
  .post('/telephone', validate('json', telephoneBody), async (c) => {
    const phone = saudiMobile(c.req.valid('json').mobilenumber)
    await openCart(c.env, c.req.header('quote'), c.get('customer'))
    await sendOtp(c.env, { phone, purpose: 'checkout', ip: clientIp((n) => c.req.header(n)), locale: c.get('locale') })
    const shown = `0${phone.slice(-9)}`
    return c.json({ success: true, successmsg: m.account_otp_sent({ phone: shown }, { locale: c.get('locale') }), errormsg: '' })
  })

  // A right code marks the number verified for this cart and, for a customer, for their account.
  .post('/verify-mobile', validate('json', verifyBody), async (c) => {
    const body = c.req.valid('json')
    const phone = saudiMobile(body.mobilenumber)
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    await verifyOtp(c.env, phone, 'checkout', body.otpcode)
    const customer = c.get('customer')
    if (customer) await accountStore(c.env.DB).addCustomerPhone(customer.id, phone, new Date())
    const result = await stub.addVerifiedPhone(phone)
    if (!result.ok) throw refusal(result.reason)
    const view = cartView(result.state, c.get('locale'), new Date())
    return c.json({ success: true, errormsg: '', mobiles: view.mobiles, cart: view })
  })
