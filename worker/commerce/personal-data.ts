/**
 * A signed-in shopper's own data (docs/product.md, "Your data"; docs/decisions/0028-personal-data-kept.md): all the
 * store keeps about the account, as one document, and closing the account, confirmed by a code sent to its mobile as
 * a sign-in code is.
 */
import type { Locale } from '../../app.config'
import { shownMobile } from '../../src/domain/phone'
import { addressStore } from '../storage/address-store'
import { accountStore, type Customer } from '../storage/account-store'
import { orderStore } from '../storage/order-store'
import { privacyStore } from '../storage/privacy-store'
import { removePictures } from '../storage/review-picture-store'
import { sendOtp, verifyOtp } from './accounts'
import { cartStub } from './carts'
import { CommerceError } from './errors'
import { orderDetailView } from './orders'

/** Every order of the account, however many: the export is the whole record, not the dashboard's latest 50. */
const allOrders = Number.MAX_SAFE_INTEGER

/** Everything the store keeps about the account (the export's JSON and its readable page). */
export async function accountData(env: Env, customer: Customer, locale: Locale, now = new Date()) {
  const privacy = privacyStore(env.DB)
  const email = customer.email.toLowerCase()
  const [createdAt, addresses, phones, favourites, orderRows, messages, consents, newsletter] = await Promise.all([
    privacy.accountCreatedAt(customer.id),
    addressStore(env.DB).list(customer.id),
    privacy.verifiedPhones(customer.id),
    privacy.favourites(customer.id),
    orderStore(env.DB).forCustomer(customer.id, allOrders),
    privacy.messagesTo([customer.mobile, email]),
    privacy.consentsOf(customer.id),
    privacy.newsletterSince(email),
  ])
  const orders = []
  for (const row of orderRows) {
    const detail = await orderStore(env.DB).detail(row.id)
    if (detail) orders.push(orderDetailView(detail, locale))
  }
  return {
    exported_at: now.toISOString(),
    profile: {
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      mobile: shownMobile(customer.mobile),
      created_at: createdAt,
    },
    verified_mobiles: phones.map((p) => ({ mobile: shownMobile(p.phone), verified_at: p.verified_at })),
    addresses: addresses.map((a) => ({ id: a.id, ...a.address, is_default: a.is_default })),
    favourites,
    orders,
    messages,
    consents,
    newsletter: newsletter ? { subscribed_at: newsletter } : null,
  }
}

export type AccountData = Awaited<ReturnType<typeof accountData>>

/** An account with an order still on its way cannot close: delivery needs its address and mobile. */
async function refuseWhileOrdersOpen(env: Env, customer: Customer) {
  const open = await privacyStore(env.DB).openOrders(customer.id)
  if (open > 0) throw new CommerceError(409, 'account_orders_open', { count: open })
}

/** The code that confirms closing the account, by SMS to its mobile, under every rule of the sign-in code. */
export async function sendCloseCode(env: Env, customer: Customer, ip: string, locale: Locale) {
  await refuseWhileOrdersOpen(env, customer)
  await sendOtp(env, { phone: customer.mobile, purpose: 'account_close', ip, locale, customerId: customer.id })
}

/**
 * Closes the account once its code is right: the cart is emptied and forgets what was typed at checkout, then one
 * batch strips the orders of the buyer and deletes the account and what hangs on it (worker/storage/privacy-store.ts),
 * its review pictures' rows among them; their R2 objects go once that batch has committed.
 */
export async function closeAccount(env: Env, customer: Customer, code: string) {
  await refuseWhileOrdersOpen(env, customer)
  await verifyOtp(env, customer.mobile, 'account_close', code, { customerId: customer.id })
  const quote = await accountStore(env.DB).quoteOf(customer.id)
  if (quote) await cartStub(env, quote).forget()
  const { closed, pictureKeys } = await privacyStore(env.DB).closeAccount({
    id: customer.id,
    mobile: customer.mobile,
    email: customer.email.toLowerCase(),
  })
  await removePictures(env.REVIEW_PICTURES, pictureKeys)
  // An order placed between the check and the batch leaves everything as it was.
  if (!closed) throw new CommerceError(409, 'account_orders_open', { count: 1 })
}
