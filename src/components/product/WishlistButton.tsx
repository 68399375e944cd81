/** The wishlist heart (docs/product.md, "Screens" and "Rules"): toggles the sku in wishListInLocalStorage, with a toast. */
import { useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { afterNextPaint } from '../../lib/after-next-paint'
import { toggleWishlist } from '../../lib/compare'
import { m } from '../../paraglide/messages.js'
import { wishlistAtom } from '../../state/shopper'
import { useStoredMember } from '../../state/hydrated'
import { pushToastAtom } from '../../state/toasts'

interface WishlistButtonProps {
  sku: string
  name: string
  className?: string
  /** Told when the product is added (the product page reports it after a search). */
  onAdded?: () => void
}

export function WishlistButton({ sku, name, className = '', onAdded }: WishlistButtonProps) {
  const wishlist = useStoredMember(wishlistAtom, sku)
  const pushToast = useSetAtom(pushToastAtom)
  const saved = wishlist.member
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? m.wishlist_remove({ name }) : m.wishlist_add({ name })}
      onClick={() => {
        const { list, outcome } = toggleWishlist(wishlist.list(), sku)
        wishlist.set(list)
        // The heart fills in the tap's frame; the toast and the search report follow once it is painted
        // (docs/architecture.md, "Taps").
        afterNextPaint(() => {
          if (outcome === 'added') onAdded?.()
          pushToast({ kind: 'success', message: outcome === 'added' ? m.toast_wishlist_added() : m.toast_wishlist_removed() })
        })
      }}
      className={`group flex size-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm hover:text-sale aria-pressed:text-sale ${className}`}
    >
      {/* Both hearts are drawn from the start and the tap only shows the other one: a heart switched to a new mask
          image made the browser load that image in the tap's frame, 40-50 ms of it on a mid-tier phone (docs/architecture.md, "Taps"). */}
      <span className="relative size-5">
        <Icon name="heart" className="size-5 group-aria-pressed:opacity-0" />
        <Icon name="heart-filled" className="absolute inset-0 size-5 opacity-0 group-aria-pressed:opacity-100" />
      </span>
    </button>
  )
}
