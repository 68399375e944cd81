/**
 * Stock states (docs/product.md, "Rules"): in stock; pre-order (back_orders 101, the button reads Pre-order);
 * out of stock (disabled); not for sale ('Available on stores').
 */
import { appConfig } from '../../app.config'

export type StockState = 'in_stock' | 'preorder' | 'out_of_stock' | 'not_for_sale'

interface StockFields {
  back_orders: number
  not_for_sale: boolean
  /** In stock in the shopper's region. */
  in_stock: boolean
}

export function stockState(product: StockFields): StockState {
  if (product.not_for_sale) return 'not_for_sale'
  if (product.back_orders === appConfig.backOrdersPreorderCode) return 'preorder'
  return product.in_stock ? 'in_stock' : 'out_of_stock'
}
