/**
 * A customer's page in the console (docs/product.md, "The merchant console"): the account, its verified mobiles,
 * addresses, orders (each to its order's page), an open cart, and the messages sent to them with how each ended.
 * Support may send a sign-in code again (the shopper's own limits) and an order's message again (its order's route).
 * A closed account shows only that it was closed.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { appConfig } from '../../app.config'
import { deliveryText, messageSubject } from '../components/ops/OrderMoney'
import { methodText, opsErrorText, statusText } from '../components/ops/ops-text'
import { Price } from '../components/Price'
import { formatRiyadhTime } from '../domain/dates'
import type { PaymentCode } from '../domain/order'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { opsQueries, useResendMessage, type OpsError } from '../queries/ops'
import { customerQueries, useSendCode, type CustomerMessage } from '../queries/ops-customers'

export const Route = createFileRoute('/ops/customers/$id')({ component: CustomerPage })

const box = 'rounded-2xl bg-white p-4'

/** What a message that is not an order's was: a code, a cart reminder, a payment link. */
const templateText: Record<string, () => string> = {
  otp: m.ops_message_template_otp,
  cart_reminder: m.ops_message_template_cart_reminder,
  cart_payment_link: m.ops_message_template_cart_payment_link,
}

function CustomerPage() {
  const id = Number(Route.useParams().id)
  const locale = currentLocale()
  const me = useQuery(opsQueries.me()).data
  const mayResend = Boolean(me?.permissions.includes('orders.resend'))
  const detail = useQuery(customerQueries.customer(id))
  const data = detail.data
  if (detail.isError)
    return (
      <p role="alert" className="text-sale">
        {opsErrorText(detail.error)}
      </p>
    )
  if (!data) return <p className="text-muted">{m.cart_loading()}</p>
  if (data.closed_at !== null)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">
          {m.ops_customers()} · <span dir="ltr">#{data.id}</span>
        </h1>
        <p className={`${box} text-muted`}>{m.ops_customer_closed({ date: formatRiyadhTime(data.closed_at, locale) })}</p>
      </div>
    )
  const { customer } = data
  return (
    <div className="space-y-4">
      <div className={`${box} flex flex-wrap items-center gap-x-4 gap-y-2`}>
        <h1 className="me-auto text-2xl font-bold">
          <bdi>
            {customer.firstname} {customer.lastname}
          </bdi>
        </h1>
        <a href={`tel:+966${customer.mobile.slice(1)}`} dir="ltr" className="font-semibold text-brand">
          {customer.mobile}
        </a>
        <bdi dir="ltr" className="break-all text-sm">
          {customer.email}
        </bdi>
        {customer.created_at && (
          <span className="text-xs text-muted">{m.ops_customer_since({ date: formatRiyadhTime(customer.created_at, locale) })}</span>
        )}
        {mayResend && <SendCode id={data.id} />}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="mobiles" className={box}>
          <h2 id="mobiles" className="mb-2 font-bold">
            {m.ops_customer_verified_mobiles()}
          </h2>
          <ul className="space-y-1 text-sm">
            <li dir="ltr" className="text-start">
              {customer.mobile}
            </li>
            {data.verified_mobiles
              .filter((p) => p.mobile !== customer.mobile)
              .map((p) => (
                <li key={p.mobile} className="flex justify-between gap-2">
                  <span dir="ltr">{p.mobile}</span>
                  <span className="text-muted">{formatRiyadhTime(p.verified_at, locale)}</span>
                </li>
              ))}
          </ul>
        </section>
        <section aria-labelledby="addresses" className={box}>
          <h2 id="addresses" className="mb-2 font-bold">
            {m.ops_customer_addresses()}
          </h2>
          {data.addresses.length === 0 ? (
            <p className="text-sm text-muted">{m.ops_customer_none()}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.addresses.map((address) => (
                <li key={address.id}>
                  <bdi>
                    {address.building} {address.street}، {address.district} {address.postalCode}
                  </bdi>
                  {address.is_default && <span className="ms-2 rounded-full bg-brand/10 px-2 text-xs font-semibold">{m.ops_customer_default()}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="orders" className={box}>
        <h2 id="orders" className="mb-2 font-bold">
          {m.ops_orders()}
        </h2>
        {data.orders.length === 0 ? (
          <p className="text-sm text-muted">{m.ops_customer_none()}</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {data.orders.map((order) => (
              <li key={order.order}>
                <Link
                  to="/ops/orders/$number"
                  params={{ number: order.order }}
                  className="grid grid-cols-2 gap-1 py-2 hover:text-brand md:grid-cols-[10rem_1fr_8rem_8rem_8rem]"
                >
                  <span className="font-bold" dir="ltr">
                    {order.order}
                  </span>
                  <span className="text-muted">{formatRiyadhTime(order.placed_at, locale)}</span>
                  <span>{methodText[order.payment_method as PaymentCode]?.() ?? order.payment_method}</span>
                  <Price amount={order.grand_total} decimals={appConfig.money.totalDecimals} />
                  <span className="font-semibold">{statusText(order.status)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.cart && (
        <section aria-labelledby="cart" className={`${box} flex flex-wrap items-center gap-3 text-sm`}>
          <h2 id="cart" className="me-auto font-bold">
            {m.ops_customer_open_cart()}
          </h2>
          <span>{m.ops_carts_items({ count: data.cart.lines })}</span>
          <Price amount={data.cart.value} decimals={appConfig.money.totalDecimals} />
          <span className="text-muted">{m.ops_carts_left_at({ time: formatRiyadhTime(data.cart.updated_at, locale) })}</span>
          <Link to="/ops/carts" className="font-semibold text-brand">
            {m.ops_carts()}
          </Link>
        </section>
      )}
      <section aria-labelledby="messages" className={box}>
        <h2 id="messages" className="mb-2 font-bold">
          {m.ops_customer_messages()}
        </h2>
        {data.messages.length === 0 ? (
          <p className="text-sm text-muted">{m.ops_customer_none()}</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {data.messages.map((message) => (
              <MessageRow key={message.id} message={message} mayResend={mayResend} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** A sign-in code to the account's mobile, through the shopper's own code path and limits. */
function SendCode({ id }: { id: number }) {
  const send = useSendCode()
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null)
  return (
    <div className="flex w-full flex-wrap items-center gap-3 md:w-auto">
      <button
        type="button"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(id, {
            onSuccess: (result) => setSaid({ text: m.ops_customer_code_sent({ mobile: result.to }), problem: false }),
            onError: (error) => setSaid({ text: error.status === 429 ? m.ops_customer_code_wait() : opsErrorText(error), problem: true }),
          })
        }
        className="min-h-11 rounded-full border border-brand px-4 font-semibold text-brand disabled:opacity-60"
      >
        {m.ops_customer_send_code()}
      </button>
      {said && (
        <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'text-sm text-sale' : 'text-sm'}>
          {said.text}
        </p>
      )}
    </div>
  )
}

/** One message with how it ended; an order's own finished message may be sent again, as on the order's page. */
function MessageRow({ message, mayResend }: { message: CustomerMessage; mayResend: boolean }) {
  const locale = currentLocale()
  const resend = useResendMessage(message.order ?? '')
  const [said, setSaid] = useState<string | null>(null)
  const subject = message.order ? messageSubject(message.id, message.template) : (templateText[message.template]?.() ?? message.template)
  const channel = { sms: m.ops_message_sms, whatsapp: m.ops_message_whatsapp, email: m.ops_message_email }[message.channel]()
  const refused = (error: OpsError) => (error.issues.includes('resend_limit') ? m.ops_message_resend_limit() : opsErrorText(error))
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1.5">
      <span>
        {channel} · {subject}
        {message.order && (
          <>
            {' · '}
            <Link to="/ops/orders/$number" params={{ number: message.order }} dir="ltr" className="text-brand">
              {message.order}
            </Link>
          </>
        )}
      </span>
      <span className="flex items-center gap-3">
        <span className={message.status === 'dead' || message.status === 'expired' ? 'font-semibold text-sale' : 'text-muted'}>
          {deliveryText[message.status]?.() ?? message.status} · {formatRiyadhTime(message.updated_at, locale)}
        </span>
        {mayResend && message.resendable && (
          <button
            type="button"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { id: message.id, seen: message.resends },
                {
                  onSuccess: (result) => setSaid(result.outcome === 'sent' ? m.ops_message_resent() : m.ops_message_resent_already()),
                  onError: (error) => setSaid(refused(error)),
                },
              )
            }
            aria-label={m.ops_message_resend_label({ channel, subject })}
            className="min-h-9 shrink-0 whitespace-nowrap rounded-full border border-brand px-3 font-semibold text-brand disabled:opacity-60"
          >
            {m.ops_message_resend()}
          </button>
        )}
      </span>
      {said && (
        <p role="status" className="w-full text-sm">
          {said}
        </p>
      )}
    </li>
  )
}
