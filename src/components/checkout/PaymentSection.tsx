/**
 * The cart's payment methods (docs/product.md, "Checkout"); those the cart cannot use are shown as such. Tabby and
 * Tamara each open their information modal, as on the product page (its code loads when first opened).
 */
import { appConfig } from '../../../app.config'
import { useAtomValue, useSetAtom } from 'jotai'
import { Suspense, type ReactNode } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { m } from '../../paraglide/messages.js'
import type { PaymentCode, PaymentMethod, UnavailableReason } from '../../domain/order'
import { Price } from '../Price'
import { openModalAtom } from '../../state/shopper'

// The providers' names are this page's own messages: sharing the product page's would split them into a chunk of
// their own, loaded by every product page (first-load budget, docs/architecture.md).
const providerNames = { tabby: m.checkout_pay_tabby_name, tamara: m.checkout_pay_tamara_name }

const InstallmentDialog = lazyPart(() => import('../product-page/InstallmentDialog').then((module) => module.InstallmentDialog))
import { OptionRadio, useChoiceFirst } from '../ui/OptionRadio'
import { useFrameData } from '../frame/frame-data'

// The type is spelt out: a `keyof typeof methodLabels` kept the labels (and their messages) out of the page's
// split chunk, in every page's first load.
const methodLabels: Record<PaymentCode, () => string> = {
  cashondelivery: m.checkout_pay_cashondelivery,
  card: m.checkout_pay_card,
  tabby: m.checkout_pay_tabby,
  tamara: m.checkout_pay_tamara,
  free: m.checkout_pay_free,
}

/** Why a method cannot pay for this cart, in the shopper's words; a limit as every price is shown (the riyal sign). */
function unavailableText(why: UnavailableReason): ReactNode {
  switch (why.reason) {
    case 'not_offered':
      return m.checkout_pay_not_offered()
    case 'preorder':
      return m.checkout_pay_not_preorder()
    case 'not_eligible':
      return m.checkout_pay_not_eligible()
    case 'below_minimum':
      return (
        <>
          {m.checkout_pay_from()} <Price amount={why.amount} decimals={appConfig.money.totalDecimals} />
        </>
      )
    case 'above_maximum':
      return (
        <>
          {m.checkout_pay_up_to()} <Price amount={why.amount} decimals={appConfig.money.totalDecimals} />
        </>
      )
  }
}

interface PaymentSectionProps {
  methods: PaymentMethod[]
  chosen: PaymentCode | null
  onChoose: (code: PaymentCode) => void
  /** The total the instalment plans are worked out on. */
  total: number
}

export function PaymentSection({ methods, chosen, onChoose, total }: PaymentSectionProps) {
  const setOpenModal = useSetAtom(openModalAtom)
  const open = useAtomValue(openModalAtom)
  const [shown, choose] = useChoiceFirst(chosen, onChoose)
  // The gateway's page takes Apple Pay and STC Pay too where it offers them: named, so a shopper who pays that way
  // knows to choose the card (issue 42).
  const wallets = useFrameData()?.cardWallets === true
  const label = (code: PaymentCode) => (code === 'card' && wallets ? m.checkout_pay_card_wallets() : methodLabels[code]())
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
            checked={shown === p.code}
            onChange={() => choose(p.code)}
          >
            <span className="flex-1 font-medium">{label(p.code)}</span>
            {p.unavailable_reason && <span className="text-xs text-muted">{unavailableText(p.unavailable_reason)}</span>}
            {/* A provider's plans only where it can pay for this cart (issue 42, item 2): the reason says the rest. */}
            {(p.code === 'tabby' || p.code === 'tamara') && p.is_available && (
              <button
                type="button"
                // Inside the label: without this a click on the button would also choose the method.
                onClick={(event) => {
                  event.preventDefault()
                  setOpenModal(p.code as 'tabby' | 'tamara')
                }}
                className="text-xs font-semibold text-brand underline-offset-2 hover:underline"
              >
                {m.checkout_pay_about({ provider: providerNames[p.code]() })}
              </button>
            )}
          </OptionRadio>
        ))}
      </div>
      {(open === 'tabby' || open === 'tamara') && (
        <Suspense fallback={null}>
          <InstallmentDialog provider={open} name={providerNames[open]()} price={total} subject="cart" />
        </Suspense>
      )}
    </fieldset>
  )
}

export const paymentLabel = (code: PaymentCode) => methodLabels[code]()
