/**
 * The payment pages' routes (docs/decisions/0014, 0015, 0019): the way back from each provider's page, each provider's
 * webhook, and the embedded providers' hosted pages, which answer only in development and on this machine
 * (worker/http/environment.ts). The shopper returns to the order confirmation, or on failure to
 * `/?success=false&reason=...&order_id=<order number>` (docs/product.md, "Screens"'s query triggers).
 */
import { Hono } from 'hono'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { formFields } from '../validate'
import { devRouteAllowed } from '../../http/environment'
import { orderStore, type OrderRow } from '../../storage/order-store'
import { isOrderSignature } from '../sandbox-link'
import { moyasarWebhook, settleHostedPayment, tabbyWebhook, tamaraWebhook } from '../hosted-payments'
import { cancelOrder } from '../orders'
import { paymentProviders, providerFor } from '../payments'
import type { PaymentProvider } from '../../integrations/payment-provider'
import { paymentStore } from '../../storage/payment-store'
import { invoicePage, payInvoice } from '../../integrations/moyasar-sandbox'
import { answerTabbySession, tabbySessionPage } from '../../integrations/tabby-sandbox'
import { answerTamaraCheckout, tamaraCheckoutPage } from '../../integrations/tamara-sandbox'
import { orderNumber, paymentCodes } from '../../../src/domain/order'

const returning = paymentProviders

export const paymentRoutes = new Hono<CommerceEnv>()
  // Back from a provider's page (docs/decisions/0014, 0015, 0019), with how it ended (`outcome`) and, from Moyasar, the
  // payment (`id`), each checked with the provider. The link is signed for the buyer: nobody else can end their payment.
  .get('/payments/:provider{moyasar|tabby|tamara}/return', async (c) => {
    const provider = returning[c.req.param('provider') as keyof typeof returning]
    const increment = c.req.query('order') ?? ''
    const signed = orderNumber.test(increment) && (await isOrderSignature(c.env, increment, c.req.query('sig')))
    const methods = paymentCodes.filter((code) => providerFor[code] === provider)
    const order = signed ? await orderStore(c.env.DB).hostedPayment(increment, methods) : null
    if (!order) throw new CommerceError(404, 'order_not_found')
    const outcome = c.req.query('outcome') === 'cancel' ? 'cancel' : c.req.query('outcome') === 'failure' ? 'failure' : 'success'
    const wasOpen = order.status === 'pending_payment'
    const now = await hostedReturn(c.env, provider, order, c.req.query('id') ?? c.req.query('payment_id'), outcome)
    const prefix = c.req.query('lang') === 'en' ? '/en' : ''
    if (now.status === 'processing') return c.redirect(`${prefix}/checkout?order=${now.increment_id}`, 303)
    const reason = wasOpen ? 'declined' : 'expired'
    return c.redirect(`${prefix}/?success=false&reason=${reason}&order_id=${now.increment_id}`, 303)
  })

  // The providers' webhooks: each checked by its secret, then the payment read from the provider and settled.
  .post('/payments/moyasar/webhook', (c) => moyasarWebhook(c.env, c.req.raw))
  .post('/payments/tabby/webhook', (c) => tabbyWebhook(c.env, c.req.raw))
  .post('/payments/tamara/webhook', (c) => tamaraWebhook(c.env, c.req.raw))

  // The embedded Moyasar's hosted invoice page (development only).
  .get('/payments/moyasar-sandbox/invoices/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const html = await invoicePage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar')
    if (!html) throw new CommerceError(404, 'order_not_found')
    return c.html(html)
  })
  .post('/payments/moyasar-sandbox/invoices/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const form = await formFields(c)
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : '')
    const card = { name: text(form.name), number: text(form.number) }
    const outcome = await payInvoice(c.env, c.req.param('id'), card, (webhook) => moyasarWebhook(c.env, webhook))
    if (!outcome) throw new CommerceError(404, 'order_not_found')
    if (outcome.redirect) return c.redirect(outcome.redirect, 303)
    // The page again with the gateway's message, as Moyasar's page shows a declined card (a page, not an error).
    const html = await invoicePage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar', outcome.message)
    return c.html(html ?? '')
  })

  // The embedded Tabby's hosted page (development only).
  .get('/payments/tabby-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const html = await tabbySessionPage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar')
    if (!html) throw new CommerceError(404, 'order_not_found')
    return c.html(html)
  })
  .post('/payments/tabby-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const form = await formFields(c)
    const answer = {
      action: form.action === 'confirm' ? ('confirm' as const) : ('cancel' as const),
      code: typeof form.code === 'string' ? form.code.trim() : '',
    }
    const next = await answerTabbySession(c.env, c.req.param('id'), answer, (webhook) => tabbyWebhook(c.env, webhook))
    if (!next) throw new CommerceError(404, 'order_not_found')
    if ('redirect' in next) return c.redirect(next.redirect, 303)
    const html = await tabbySessionPage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar', true)
    return c.html(html ?? '')
  })

  // The embedded Tamara's checkout page (development only), opened only with the signature its buyer was given.
  .get('/payments/tamara-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const html = await tamaraCheckoutPage(c.env, c.req.param('id'), c.req.query('sig'), c.req.query('locale') === 'en_US' ? 'en' : 'ar')
    if (!html) throw new CommerceError(404, 'order_not_found')
    return c.html(html)
  })
  .post('/payments/tamara-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const form = await formFields(c)
    const action = form.action === 'approve' ? 'approve' : form.action === 'decline' ? 'decline' : 'cancel'
    const next = await answerTamaraCheckout(c.env, c.req.param('id'), c.req.query('sig'), action, (notification) =>
      tamaraWebhook(c.env, notification),
    )
    if (!next) throw new CommerceError(404, 'order_not_found')
    return c.redirect(next, 303)
  })

/**
 * The shopper back from the provider's page: a payment id (after paying) is checked with the provider; `cancel` or
 * `failure` gives the order up unless the provider says it was paid meanwhile. Answers the order as it is now.
 */
async function hostedReturn(
  env: Env,
  provider: PaymentProvider,
  order: OrderRow,
  paymentId: string | undefined,
  outcome: 'success' | 'cancel' | 'failure',
): Promise<OrderRow> {
  const record = await paymentStore(env.DB).forOrder(order.id)
  if (!record || record.provider !== provider.name || order.status !== 'pending_payment') return order
  // Moyasar names the payment made on its invoice; Tabby's payment and Tamara's order are the ones started for the order,
  // whatever the browser says.
  const id = provider.name === 'moyasar' ? paymentId : record.checkout_id
  if (id) {
    const settled = await settleHostedPayment(env, provider, id).catch((error: unknown) => {
      if (error instanceof Error && 'status' in error && error.status === 404) return null
      throw error
    })
    if (settled?.id === order.id && settled.status !== 'pending_payment') return settled
  }
  if (outcome !== 'success') {
    // Gone back from the provider's page: a payment made meanwhile still counts.
    const paid = await provider.paymentOf(env, record.checkout_id)
    const settled = paid ? await settleHostedPayment(env, provider, paid) : null
    if (settled && settled.status !== 'pending_payment') return settled
    await cancelOrder(env, order.id, 'unpaid')
  }
  return (await orderStore(env.DB).byId(order.id)) ?? order
}
