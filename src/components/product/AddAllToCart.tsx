/**
 * "Add all to cart" under a list of products (favourites, compare): the spec's multi-add, one of each product that can
 * go in the cart straight from a list (issue 42, item 7). Products with options to choose, sold out, for pre-order or
 * not sold online stay out, as their card's own button says; with no city chosen yet, the city popup opens first.
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { stockState } from '../../domain/stock'
import type { ProductSummary } from '../../domain/product'
import { m } from '../../paraglide/messages.js'
import { useAddAllToCart } from '../../queries/cart-add-all'
import { chosenRegionIdAtom, openModalAtom } from '../../state/shopper'
import { Icon } from '../ui/Icon'

/** What one tap may add from a list: a product without options, in stock in the shopper's city. */
export function addableFromList(product: Pick<ProductSummary, 'type_id' | 'not_for_sale' | 'back_orders' | 'in_stock'>): boolean {
  return product.type_id !== 'configurable' && stockState(product) === 'in_stock'
}

export function AddAllToCart({ products }: { products: readonly ProductSummary[] }) {
  const region = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const addAll = useAddAllToCart()
  const skus = products.filter(addableFromList).map((product) => product.sku)
  if (skus.length === 0) return null
  return (
    <button
      type="button"
      disabled={addAll.isPending}
      onClick={() => (region ? addAll.mutate({ skus, regionId: region }) : setOpenModal('city'))}
      className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-accent px-5 text-sm font-bold text-accent-ink hover:brightness-95 disabled:opacity-70"
    >
      <Icon name="shopping-cart" className="size-5 shrink-0" />
      {m.list_add_all({ count: skus.length })}
    </button>
  )
}
