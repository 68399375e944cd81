/** The header's icon links: the outside customer portal (when there is one), favourites and cart, with count badges. */
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { currentLocale } from '../../lib/i18n'
import { cartQueries } from '../../queries/cart'
import { openModalAtom, wishlistAtom } from '../../state/shopper'

/** The header's round icon buttons: 36 px on small phones (so the row fits 360 px), 40 px from sm up. */
export const iconButton =
  'relative inline-flex size-9 sm:size-10 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink'

/**
 * The count on an icon. Always in the page, hidden at 0: the first favourite or cart line then changes its text and
 * visibility instead of inserting a node beside the icon in the tap's frame (docs/architecture.md, "Taps").
 */
function Badge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className={`absolute -top-0.5 -end-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] font-bold leading-5 text-accent-ink ${count > 0 ? '' : 'invisible'}`}
    >
      {count > 99 ? '99+' : count > 0 ? count : ''}
    </span>
  )
}

/** The retailer's outside customer portal, named as such (the store's own account is the user icon); none unless configured. */
export function PortalLink() {
  const portal = appConfig.store.customerPortalUrl
  if (!portal) return null
  return (
    <a
      href={portal}
      target="_blank"
      rel="noopener noreferrer"
      className={iconButton}
      aria-label={m.header_portal_new_tab()}
      title={m.header_portal()}
    >
      <Icon name="id-card" className="size-6" />
    </a>
  )
}

export function FavouritesLink() {
  const count = useAtomValue(wishlistAtom).length
  return (
    <Link to="/user/favourites" className={iconButton} aria-label={m.header_favourites_count({ count })} title={m.header_favourites()}>
      <Icon name="heart" className="size-6" />
      <Badge count={count} />
    </Link>
  )
}

/** Small screens go straight to /cart; wider ones open the cart panel (docs/product.md, "Screens"). */
export function CartLink() {
  const { data: cart } = useQuery(cartQueries.current(currentLocale()))
  const setOpenModal = useSetAtom(openModalAtom)
  const count = cart?.totals.items_qty ?? 0
  return (
    <Link
      to="/cart"
      onClick={(event) => {
        if (window.matchMedia(`(min-width: ${appConfig.layout.mdPx}px)`).matches) {
          event.preventDefault()
          setOpenModal('cart')
        }
      }}
      className={iconButton}
      aria-label={m.header_cart_count({ count })}
      title={m.header_cart()}
    >
      <Icon name="shopping-cart" className="size-6" />
      <Badge count={count} />
    </Link>
  )
}
