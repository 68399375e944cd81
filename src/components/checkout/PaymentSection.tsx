/** The cart's payment methods (docs/product.md, "Checkout"); those the cart cannot use are shown as such. */
import { m } from '../../paraglide/messages.js'
import type { PaymentCode } from '../../queries/checkout'
import { OptionRadio } from '../ui/OptionRadio'

// The type is spelt out: a `keyof typeof methodLabels` kept the labels (and their messages) out of the page's
// split chunk, in every page's first load.
const methodLabels: Record<PaymentCode, () => string> = {
  cashondelivery: m.checkout_pay_cashondelivery,
  card: m.checkout_pay_card,
  tabby: m.checkout_pay_tabby,
  tamara: m.checkout_pay_tamara,
}

interface PaymentSectionProps {
  methods: { code: PaymentCode; is_available: boolean }[]
  chosen: PaymentCode | null
  onChoose: (code: PaymentCode) => void
}

export function PaymentSection({ methods, chosen, onChoose }: PaymentSectionProps) {
  return (
    <fieldset className="rounded-2xl bg-white p-5">
      <legend className="float-start mb-3 text-lg font-bold">{m.checkout_payment()}</legend>
      <div className="clear-both space-y-2">
        {methods.map((p) => (
          <OptionRadio
            key={p.code}
            name="payment"
            value={p.code}
            disabled={!p.is_available}
            checked={chosen === p.code}
            onChange={() => onChoose(p.code)}
          >
            <span className="flex-1 font-medium">{methodLabels[p.code]()}</span>
            {!p.is_available && <span className="text-xs text-muted">{m.checkout_pay_unavailable()}</span>}
          </OptionRadio>
        ))}
      </div>
    </fieldset>
  )
}

export const paymentLabel = (code: PaymentCode) => methodLabels[code]()
