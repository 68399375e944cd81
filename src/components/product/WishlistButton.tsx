/**
 * The wishlist heart (docs/product.md, "Screens" and "Favourites and compare"): toggles the sku in
 * wishListInLocalStorage, with a toast; while a customer is signed in the change is written to their account too
 * (src/queries/wishlist.ts, loaded with the first such tap).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom, useStore } from 'jotai'
import { appConfig } from '../../../app.config'
import { Icon } from '../ui/Icon'
import { afterNextPaint } from '../../lib/after-next-paint'
import { toggleWishlist } from '../../lib/compare'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { sessionQueries } from '../../queries/session'
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
  const queryClient = useQueryClient()
  const store = useStore()
  const saved = wishlist.member
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? m.wishlist_remove({ name }) : m.wishlist_add({ name })}
      onClick={() => {
        const { list, outcome } = toggleWishlist(wishlist.list(), sku)
        if (outcome === 'full') return pushToast({ kind: 'error', message: m.wishlist_full({ count: appConfig.limits.wishlistMax }) })
        wishlist.set(list)
        // The heart fills in the tap's frame; the toast, the search report and the account's copy follow once it is
        // painted (docs/architecture.md, "Taps").
        afterNextPaint(() => {
          if (outcome === 'added') onAdded?.()
          pushToast({ kind: 'success', message: outcome === 'added' ? m.toast_wishlist_added() : m.toast_wishlist_removed() })
          if (queryClient.getQueryData(sessionQueries.current().queryKey)) {
            void import('../../queries/wishlist').then(({ writeWishlistChange }) => writeWishlistChange(store, currentLocale(), sku, outcome))
          }
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
