/**
 * The guest order lookup (docs/product.md, "Accounts"), on the account page of a shopper who is not signed in: an
 * order number and the mobile the order was placed with show the order with its timeline. A wrong pair and a made-up
 * number get the same answer, and lookups are limited. The number comes filled in from `?order=` (the order's email,
 * the confirmation's "Track your order"), and the mobile from the confirmation's history entry.
 */
import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { foldDigits } from '../../domain/digits'
import { orderNumber, type OrderDetail, type OrderLookupHistoryState } from '../../domain/order'
import { localMobile } from '../../domain/phone'
import { m } from '../../paraglide/messages.js'
import { useLookupOrder } from '../../queries/orders'
import { failureMessage } from '../../queries/server-action'
import { FormField } from '../ui/FormField'
import { MobileField } from '../ui/MobileField'
import { OrderPage } from './OrderPage'
import { SubmitButton } from '../ui/SubmitButton'
import { submittedFields } from '../../lib/form-fields'

/**
 * The account page of a shopper who is not signed in: its title, the way home, and the order lookup. Reached for one
 * order (`?order=`: the email, the confirmation's "Track your order"), the lookup is the whole page, under its own title.
 */
export function TrackOrder({ increment: given }: { increment: string | null }) {
  const lookup = useLookupOrder()
  const carriedMobile = useRouterState({ select: (state) => (state.location.state as OrderLookupHistoryState).lookupMobile })
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [errors, setErrors] = useState<{ increment?: string; mobile?: string; form?: string }>({})
  if (order) return <OrderPage order={order} reorder={false} />
  const Heading = given ? 'h1' : 'h2'
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-10">
      {!given && (
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-2xl font-bold">{m.profile_title()}</h1>
          <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
            {m.not_found_home()}
          </Link>
        </div>
      )}
      <section aria-labelledby="lookup-heading">
        <Heading id="lookup-heading" className={given ? 'text-2xl font-bold' : 'text-xl font-bold'}>
          {m.order_lookup_title()}
        </Heading>
        <p className="mt-2 text-sm text-muted">{m.order_lookup_text()}</p>
        <form
          noValidate
          className="mt-6 space-y-4 rounded-2xl bg-white p-5"
          onSubmit={async (event) => {
            const field = submittedFields(event)
            const increment = foldDigits(field('increment')).trim().toUpperCase()
            const mobile = field('mobile')
            const found = {
              increment: orderNumber.test(increment) ? undefined : m.order_lookup_invalid_number(),
              mobile: localMobile(mobile) ? undefined : m.checkout_error_mobile(),
            }
            setErrors(found)
            const first = found.increment ? 'increment' : found.mobile ? 'mobile' : null
            if (first) return event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
            const result = await lookup.mutateAsync({ increment, mobile })
            if (result.data) return setOrder(result.data)
            setErrors({ form: result.status === 404 ? m.order_lookup_not_found() : failureMessage(result, m.error_network) })
          }}
        >
          <FormField
            label={m.order_lookup_number()}
            name="increment"
            dir="ltr"
            autoComplete="off"
            placeholder="MJ…"
            defaultValue={given ?? ''}
            error={errors.increment}
          />
          <MobileField defaultValue={given && carriedMobile ? carriedMobile : ''} error={errors.mobile} />
          {errors.form && (
            <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
              {errors.form}
            </p>
          )}
          <SubmitButton busy={lookup.isPending}>{m.order_lookup_submit()}</SubmitButton>
        </form>
      </section>
    </div>
  )
}
