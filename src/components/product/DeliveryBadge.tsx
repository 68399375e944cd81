/** The delivery badge of a product for the shopper's city (docs/product.md, "Rules", src/domain/delivery.ts). */
import { useAtomValue } from 'jotai'
import { Icon } from '../ui/Icon'
import { deliveryBadge, type DeliveryBadge as Badge, type DeliveryFields } from '../../domain/delivery'
import { m } from '../../paraglide/messages.js'
import { regionIdAtom } from '../../state/shopper'
import { useFrameData } from '../frame/frame-data'

export const deliveryText: Record<Badge, () => string> = {
  in_showrooms: m.delivery_in_showrooms,
  within_24_hours: m.delivery_within_24_hours,
  fast: m.delivery_fast,
  standard: m.delivery_standard,
  big_item_elsewhere: m.delivery_big_item_elsewhere,
}

// One icon for every badge (the words say which): each extra icon is first-load JS on every listing.
const tone: Record<Badge, string> = {
  in_showrooms: 'text-muted',
  within_24_hours: 'text-[#00683a]',
  fast: 'text-[#00683a]',
  standard: 'text-muted',
  big_item_elsewhere: 'text-sale',
}

export function useDeliveryBadge(product: DeliveryFields): Badge {
  const region = useAtomValue(regionIdAtom)
  const fastIds = useFrameData()?.fastDeliveryRegionIds ?? []
  return deliveryBadge(product, region, fastIds)
}

/**
 * The badge, and under it the first day a delivery can arrive when `dated` (in stock in the city): the product page's
 * first date, made by the server in the frame (docs/product.md, "Product card"), so a card formats nothing.
 */
export function DeliveryBadge({ product, dated }: { product: DeliveryFields; dated: boolean }) {
  const region = useAtomValue(regionIdAtom)
  const frame = useFrameData()
  const badge = deliveryBadge(product, region, frame?.fastDeliveryRegionIds ?? [])
  const first = dated && badge !== 'big_item_elsewhere' ? frame?.firstDelivery[region] : undefined
  return (
    <>
      <p className={`flex h-5 items-center gap-1 text-xs font-semibold ${tone[badge]}`}>
        <Icon name="truck" className="size-3.5 shrink-0" />
        <span className="truncate">{deliveryText[badge]()}</span>
      </p>
      <p className="h-5 truncate text-xs">{first && <time dateTime={first.Date}>{m.delivery_arrives({ date: first.label })}</time>}</p>
    </>
  )
}
