/** The wishlist heart (docs/product.md, "Screens" and "Rules"): toggles the sku in wishListInLocalStorage, with a toast. */
import { useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { toggleWishlist } from '../../lib/compare'
import { m } from '../../paraglide/messages.js'
import { wishlistAtom } from '../../state/shopper'
import { useStoredList } from '../../state/hydrated'
import { pushToastAtom } from '../../state/toasts'

interface WishlistButtonProps {
  sku: string
  name: string
  className?: string
  /** Told when the product is added (the product page reports it after a search). */
  onAdded?: () => void
}

export function WishlistButton({ sku, name, className = '', onAdded }: WishlistButtonProps) {
  const [wishlist, setWishlist] = useStoredList(wishlistAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const saved = wishlist.includes(sku)
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? m.wishlist_remove({ name }) : m.wishlist_add({ name })}
      onClick={() => {
        const { list, outcome } = toggleWishlist(wishlist, sku)
        setWishlist(list)
        if (outcome === 'added') onAdded?.()
        pushToast({ kind: 'success', message: outcome === 'added' ? m.toast_wishlist_added() : m.toast_wishlist_removed() })
      }}
      className={`flex size-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm hover:text-sale aria-pressed:text-sale ${className}`}
    >
      <Icon name={saved ? 'heart-filled' : 'heart'} className="size-5" />
    </button>
  )
}
