import type { StockState } from '../../domain/stock'
import { m } from '../../paraglide/messages.js'

/** The words for a stock state in the page's language. */
export const stockLabel: Record<StockState, () => string> = {
  in_stock: m.product_in_stock,
  preorder: m.product_preorder,
  out_of_stock: m.product_out_of_stock,
  not_for_sale: m.product_available_on_stores,
}
