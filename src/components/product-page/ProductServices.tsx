/**
 * Services sold with the product (product fees, docs/product.md, "Calls" and "Limits"): a title in the page's
 * language and a price with one decimal for the shopper's region, chosen before adding to the cart.
 */
import type { ProductFee } from '../../domain/product-fees'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'

interface ProductServicesProps {
  fees: ProductFee[]
  chosen: number[]
  onToggle: (feeId: number) => void
}

export function ProductServices({ fees, chosen, onToggle }: ProductServicesProps) {
  if (fees.length === 0) return null
  return (
    <fieldset className="rounded-xl border border-line bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{m.product_services_title()}</legend>
      <ul className="grid gap-2">
        {fees.map((fee) => (
          <li key={fee.fee_id}>
            <label className="flex cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" checked={chosen.includes(fee.fee_id)} onChange={() => onToggle(fee.fee_id)} className="size-4 accent-brand" />
              <span className="flex-1">{fee.title}</span>
              <Price amount={fee.price} decimals={appConfig.money.feePriceDecimals} className="font-semibold" />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
