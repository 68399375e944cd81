/**
 * The buy-now-pay-later info modal of one provider (docs/product.md, "Screens"): how it works, its plan for this
 * price (docs/product.md, "Limits": Tabby in 4 payments, Tamara in 3), and the order totals the provider accepts. It
 * opens only where the provider takes the product or the cart (src/domain/installments.ts `bnplRefusal`).
 */
import { useAtom } from 'jotai'
import { appConfig } from '../../../app.config'
import { providerPlan, type BnplProvider } from '../../domain/installments'
import { m } from '../../paraglide/messages.js'
import { openModalAtom } from '../../state/shopper'
import { Price } from '../Price'
import { Dialog } from '../ui/Dialog'

const planText: Record<number, () => string> = {
  2: m.installment_split2,
  3: m.installment_split3,
  4: m.installment_split4,
}

interface InstallmentDialogProps {
  provider: BnplProvider
  name: string
  price: number
  /** What the price is of: a product (its page) or the cart (checkout). */
  subject?: 'product' | 'cart'
}

export function InstallmentDialog({ provider, name, price, subject = 'product' }: InstallmentDialogProps) {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const limits = appConfig.payments[provider]
  return (
    <Dialog open={openModal === provider} onClose={() => setOpenModal(null)} title={m.installment_dialog_title({ provider: name })}>
      <div className="grid gap-4 px-5 pb-5 text-sm">
        <ol className="grid list-decimal gap-1 ps-5">
          <li>{m.installment_step_choose({ provider: name })}</li>
          <li>{m.installment_step_first()}</li>
          <li>{m.installment_step_rest()}</li>
        </ol>
        <table className="w-full text-start">
          <caption className="mb-2 text-start font-semibold">
            {subject === 'cart' ? m.installment_plans_caption_cart() : m.installment_plans_caption()}
          </caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2 text-start font-medium">
                {m.installment_plan_column()}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {m.installment_today_column()}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {m.installment_monthly_column()}
              </th>
            </tr>
          </thead>
          <tbody>
            {[providerPlan(provider, price)].map((plan) => (
              <tr key={plan.count} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 text-start font-semibold">
                  {planText[plan.count]?.() ?? plan.count}
                </th>
                <td className="py-2">
                  <Price amount={plan.first} decimals={appConfig.money.totalDecimals} />
                </td>
                <td className="py-2">
                  <Price amount={plan.later} decimals={appConfig.money.totalDecimals} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-muted">
          {m.installment_limits({ provider: name })} <Price amount={limits.minSar} /> – <Price amount={limits.maxSar} />
        </p>
        <p className="text-muted">{m.installment_no_fees()}</p>
      </div>
    </Dialog>
  )
}
