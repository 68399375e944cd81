/** The short-address lookup at checkout (docs/product.md, "Checkout"), over src/server/national-address.functions.ts. */
import { m } from '../paraglide/messages.js'
import { lookUpShortAddress } from '../server/national-address.functions'
import { useServerAction } from './server-action'

export const useShortAddressLookup = () =>
  useServerAction((shortAddress: string, locale) => lookUpShortAddress({ data: { locale, shortAddress } }), {
    fallbackError: () => m.checkout_short_address_unavailable(),
  })
