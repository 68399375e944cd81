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
      className={`flex size-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm hover:text-sale aria-pressed:text-sale ${className}`}
    >
      <Icon name={saved ? 'heart-filled' : 'heart'} className="size-5" />
    </button>
  )
}
