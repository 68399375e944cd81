/** The cart as the storefront receives it (the Direct API's CartView), for client code. */
export type { CartItemView, CartTotals, CartView } from '~/commerce/cart-model'
