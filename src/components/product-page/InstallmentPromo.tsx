/**
 * The instalment promo under the price (docs/product.md, "Screens" and "Limits"): the smallest monthly payment of the
 * plans on offer, and the buy-now-pay-later providers that take this product at this price, each
 * opening its info modal. Which providers and which limits are checkout's own (the frame's `instalments`,
 * docs/decisions/0019-tamara-for-real.md): a provider this deployment does not offer shows nothing.
 */
import { appConfig } from '../../../app.config'
import { useAtomValue, useSetAtom } from 'jotai'
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { bnplOffered, noBnplOffers, providerPlan, type BnplProvider } from '../../domain/installments'
import { m } from '../../paraglide/messages.js'
import { openModalAtom } from '../../state/shopper'
import { Price } from '../Price'
import { useFrameData } from '../frame/frame-data'

const providerName: Record<BnplProvider, () => string> = {
  tabby: m.bnpl_tabby,
  tamara: m.bnpl_tamara,
}

const InstallmentDialog = lazyPart(() => import('./InstallmentDialog').then((module) => module.InstallmentDialog))

/** The provider's info modal, its code loaded when it first opens. */
export function LazyInstallmentDialog({ price }: { price: number }) {
  const open = useAtomValue(openModalAtom)
  if (open !== 'tabby' && open !== 'tamara') return null
  return (
    <Suspense fallback={null}>
      <InstallmentDialog provider={open} name={providerName[open]()} price={price} />
    </Suspense>
  )
}

interface InstallmentPromoProps {
  price: number
  eligible: Record<BnplProvider, boolean>
}

export function InstallmentPromo({ price, eligible }: InstallmentPromoProps) {
  const setOpenModal = useSetAtom(openModalAtom)
  const offers = useFrameData()?.instalments ?? noBnplOffers
  const providers = (Object.keys(providerName) as BnplProvider[]).filter((p) => bnplOffered(offers[p], eligible[p], price))
  if (providers.length === 0) return null
  // The smallest monthly payment among the providers that take this product: the plan with the most payments.
  const plan = providers.map((provider) => providerPlan(provider, price)).reduce((a, b) => (b.count > a.count ? b : a))
  const longest = plan.count
  return (
    <div className="rounded-xl border border-line bg-white p-4 text-sm">
      {/* Two lines kept on a phone: another variant's longer amount would wrap and push the options under the finger. */}
      <p className="max-sm:min-h-[2lh]">
        {m.installment_promo({ count: longest })} <Price amount={plan.later} decimals={appConfig.money.totalDecimals} className="font-bold" />
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            onClick={() => setOpenModal(provider)}
            className="rounded-full border border-line px-3 py-1 font-semibold text-brand hover:border-brand"
          >
            {m.installment_learn_more({ provider: providerName[provider]() })}
          </button>
        ))}
      </div>
    </div>
  )
}
