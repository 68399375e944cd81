/**
 * What a console screen reading one order shows before it has the order: a wait, or the refusal in the staff member's
 * words (src/components/ops/ops-text.ts). The order's page and its packing slip share it.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { m } from '../../paraglide/messages.js'
import { opsErrorText } from './ops-text'

/** The wait or the error while `query` has no data; null once it has. */
export function OrderQueryState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <p className="py-10 text-center text-muted">{m.cart_loading()}</p>
  if (query.isError)
    return (
      <p role="alert" className="py-10 text-center text-sale">
        {opsErrorText(query.error)}
      </p>
    )
  return null
}
