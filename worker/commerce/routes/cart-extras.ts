/**
 * The rest of the cart's Direct API: product fees (service lines), gift vouchers, the AC replacement
 * discount, ERP vouchers, the availability check before checkout, and merging a guest cart into the
 * customer's cart after sign-in.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig } from '../../../app.config'
import { serverLimits } from '../../../config/server-limits'
import { internationalMobile } from '../../../src/domain/phone'
import { cartView } from '../../../src/domain/cart'
import { cartFor, cartLineFor, cartStub, createCart, openCart, refusal } from '../carts'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { validate } from '../validate'
import { countedVoucherTry } from '../voucher-tries'
import { clientIp } from '../../http/client-ip'
import { productStore } from '../../storage/product-store'
import { voucherStore } from '../../storage/voucher-store'
import { erpVoucherBody, giftVoucherPin, itemId, productFee, qty, sku, voucherCode } from '../../../src/domain/schemas'

const redeemBody = type({ voucher: voucherCode, pin: giftVoucherPin, quoteId: 'string <= 64', amount: '0 < number <= 100000', isMask: '0 | 1' })
const reverseBody = type({ quoteId: 'string <= 64', isMask: '0 | 1' })
const replacementBody = type({ itemId, quoteId: 'string <= 64', action: "'add' | 'remove'", isMask: '0 | 1' })
const availabilityBody = type({ cartItems: type({ sku, qty }).array().atMostLength(appConfig.cart.maxLines) })
const mergeBody = type({ storeId: '1 <= number.integer <= 100', customerId: 'number.integer >= 1' })

/** The body's quote must be the one in the header: a caller cannot act on a cart it does not hold. */
function sameQuote(header: string | undefined, body: string) {
  if (header !== body) throw new CommerceError(400, 'bad_request', undefined, ['quoteId does not match the quote header'])
}

export const cartExtrasRoutes = new Hono<CommerceEnv>()
  .post('/cart/productFees', validate('json', productFee), async (c) => {
    const { item_id, fee_id } = c.req.valid('json')
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const line = state.lines.find((l) => l.item_id === item_id && l.parent_item_id === null)
    if (!line) throw new CommerceError(404, 'item_not_found')
    // The fee's price in the cart's region, else the fallback region's (docs/product.md, "Services").
    const option = await productStore(c.env.DB).feeOption(line.product_id, fee_id, state.region_id)
    if (!option) throw new CommerceError(404, 'product_not_found', { fee_id })
    const result = await stub.addFee(item_id, {
      sku: `FEE-${fee_id}`,
      product_id: line.product_id,
      name_ar: option.title_ar,
      name_en: option.title_en,
      image: line.image,
      price: option.price,
      special_price: null,
      discounted_price_from: null,
      discounted_price_to: null,
      big_items: false,
      back_orders: 0,
      eligible_for_tabby: line.eligible_for_tabby,
      eligible_for_tamara: line.eligible_for_tamara,
      category_names: [],
      options_ar: null,
      options_en: null,
      fee_id,
      fee_option_id: option.fee_option_id,
    })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ error: false, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/cart/productFees', validate('json', productFee), async (c) => {
    const { item_id, fee_id } = c.req.valid('json')
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const fee = state.lines.find((l) => l.parent_item_id === item_id && l.fee_id === fee_id)
    if (!fee) throw new CommerceError(404, 'item_not_found')
    const result = await stub.removeLine(fee.item_id)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ error: false, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/gota-gift/redeem-voucher', validate('json', redeemBody), async (c) => {
    const body = c.req.valid('json')
    sameQuote(c.req.header('quote'), body.quoteId)
    const stub = await cartFor(c.env, body.quoteId, c.get('customer'))
    const store = voucherStore(c.env.DB)
    // One answer for a wrong voucher and a wrong pin: nothing to learn by trying.
    const voucher = await countedVoucherTry(
      c.env,
      'gift',
      [`gift-voucher:${body.voucher}`],
      clientIp((n) => c.req.header(n)),
      async () => {
        const found = await store.giftVoucher(body.voucher)
        return found && found.pin === body.pin ? found : null
      },
    )
    if (!voucher) throw new CommerceError(400, 'voucher_invalid')
    // More than the balance uses the whole balance (the cart shows what is used and what is left).
    const result = await stub.setVoucher('gift_voucher', {
      voucher: voucher.voucher,
      amount: Math.min(body.amount, voucher.balance),
      balance: voucher.balance,
    })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ success: true, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/gota-gift/reverse-voucher', validate('json', reverseBody), async (c) => {
    const body = c.req.valid('json')
    sameQuote(c.req.header('quote'), body.quoteId)
    const stub = await cartFor(c.env, body.quoteId, c.get('customer'))
    const result = await stub.setVoucher('gift_voucher', null)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ success: true, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/customer/acReplacementDiscount', validate('json', replacementBody), async (c) => {
    const body = c.req.valid('json')
    sameQuote(c.req.header('quote'), body.quoteId)
    const { stub, state } = await openCart(c.env, body.quoteId, c.get('customer'))
    if (body.action === 'add') {
      // Only a line whose product replaces an old air conditioner qualifies (docs/product.md, "Rules").
      const line = state.lines.find((l) => l.item_id === body.itemId && l.parent_item_id === null)
      if (!line) throw new CommerceError(404, 'item_not_found')
      const product = await productStore(c.env.DB).cartProduct(line.sku, state.region_id)
      if (!product || !appConfig.money.replacementDiscountCategories.includes(product.category_url_key)) {
        throw new CommerceError(400, 'replacement_not_eligible')
      }
    }
    const result = await stub.setReplacementDiscount(body.itemId, body.action === 'add')
    if (!result.ok) throw refusal(result.reason)
    return c.json({ success: true, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/cart/erp/validate', validate('json', erpVoucherBody), async (c) => {
    const { phoneno, voucher } = c.req.valid('json')
    const found = await erpVoucher(
      c.env,
      phoneno,
      voucher,
      clientIp((n) => c.req.header(n)),
    )
    // A spent voucher is named as spent (issue 28: "no voucher was sent to this mobile" was the wrong reason): only
    // the right voucher and mobile together learn it, and it is counted as a try like any other.
    if (found?.spent) throw new CommerceError(409, 'voucher_spent')
    return c.json({ valid: Boolean(found), amount: found?.amount ?? 0 })
  })

  .post('/cart/erp/apply', validate('json', erpVoucherBody), async (c) => {
    const { phoneno, voucher } = c.req.valid('json')
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
    const found = await erpVoucher(
      c.env,
      phoneno,
      voucher,
      clientIp((n) => c.req.header(n)),
    )
    if (!found) throw new CommerceError(400, 'voucher_invalid')
    if (found.spent) throw new CommerceError(409, 'voucher_spent')
    const result = await stub.setVoucher('erp_voucher', { voucher: found.voucher, amount: found.amount })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ error: false, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  // Not in the Direct API's list: the cart lets a shopper take an ERP voucher off again.
  .delete('/cart/erp', async (c) => {
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.setVoucher('erp_voucher', null)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ error: false, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/cart/availableToCheckoutV2', validate('json', availabilityBody), async (c) => {
    const { cartItems } = c.req.valid('json')
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const items = await Promise.all(
      cartItems.map(async (item) => {
        try {
          const { available } = await cartLineFor(c.env, item.sku, state.region_id, undefined)
          return { sku: item.sku, available: available === null || available >= item.qty, qty_available: available }
        } catch (error) {
          if (!(error instanceof CommerceError)) throw error
          // A configurable line was added with its options; only its stock matters here.
          if (error.code === 'options_required') return { sku: item.sku, available: true, qty_available: null }
          return { sku: item.sku, available: false, qty_available: 0 }
        }
      }),
    )
    return c.json({ available: items.every((i) => i.available), items })
  })

  .post('/cart/mergeMaskedQuote', validate('json', mergeBody), async (c) => {
    const { customerId } = c.req.valid('json')
    const customer = c.get('customer')
    if (!customer || customer.id !== customerId) throw new CommerceError(401, 'unauthorized', { resources: 'cart' })
    const guest = await openCart(c.env, c.req.header('quote'), null)
    if (guest.state.is_mask !== 1) throw new CommerceError(400, 'bad_request', undefined, ['the quote header must name a guest cart'])
    const target = await createCart(c.env, customer, guest.state.region_id, c.get('locale'))
    // An empty account cart takes the guest cart's city with its lines (docs/product.md, "Accounts", "The city
    // follows the account"): they were priced and stocked there.
    if (target.lines.length === 0 && guest.state.lines.length > 0 && target.region_id !== guest.state.region_id) {
      await cartStub(c.env, target.quote_id).setRegion(guest.state.region_id)
    }
    const result = await cartStub(c.env, target.quote_id).mergeFrom(guest.state.quote_id, guest.state.lines, {
      maxQty: appConfig.cart.maxQtyPerLine,
      maxLines: appConfig.cart.maxLines,
    })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ quoteId: target.quote_id, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

/**
 * The ERP voucher issued to this mobile (spent or not), as one counted try against the voucher, the mobile from this
 * address, and the mobile from every address (at a much higher count, so a stranger's guesses never lock out its owner).
 */
async function erpVoucher(env: Env, phone: string, voucher: string, ip: string) {
  const international = internationalMobile(phone)
  if (!international) throw new CommerceError(400, 'bad_request', undefined, ['phoneno must be a Saudi mobile number'])
  const subjects = [
    `erp-voucher:${voucher}`,
    `erp-phone-ip:${international}:${ip}`,
    { subject: `erp-phone:${international}`, freeWrongTries: serverLimits.voucherTries.freeWrongTriesPerMobile },
  ]
  return countedVoucherTry(env, 'erp', subjects, ip, () => voucherStore(env.DB).erpVoucherFor(voucher, international))
}
