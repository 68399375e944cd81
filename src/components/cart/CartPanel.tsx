/** The cart panel (docs/product.md, "Screens" modals): the lines and the total, closing on an outside click. */
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { cartQueries } from '../../queries/cart'
import { openModalAtom } from '../../state/shopper'
import { Dialog } from '../ui/Dialog'
import { CartLines } from './CartLines'
import { savingsAnchor } from './CartSavings'
import { CartSummary } from './CartSummary'
import { CheckoutButton } from './CheckoutButton'

export function CartPanel() {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const { data: cart } = useQuery(cartQueries.current(currentLocale()))
  const close = () => setOpenModal(null)
  const items = cart?.cartItems ?? []
  return (
    <Dialog open={openModal === 'cart'} onClose={close} title={m.cart_panel_title()}>
      <div className="px-5 pb-5">
        {items.length === 0 ? (
          <p className="py-8 text-center text-muted">{m.cart_empty()}</p>
        ) : (
          <>
            <CartLines items={items} compact />
            <div className="mt-3 border-t border-line pt-3">{cart && <CartSummary cart={cart} />}</div>
            <Link to="/cart" hash={savingsAnchor} onClick={close} className="mt-3 block text-sm font-semibold text-brand underline">
              {m.cart_savings_link()}
            </Link>
            {cart && <CheckoutButton cart={cart} onGo={close} className="mt-4" />}
            <Link to="/cart" onClick={close} className="mt-2 block rounded-full border border-brand px-4 py-2.5 text-center font-semibold text-brand">
              {m.cart_view_cart()}
            </Link>
          </>
        )}
      </div>
    </Dialog>
  )
}
