/** What every Direct API handler knows about its caller. */
import type { Locale } from '../../app.config'
import type { Customer } from './customers'

export interface CommerceEnv {
  Bindings: Env
  Variables: {
    /** The language of the caller's handshake token. */
    locale: Locale
    /** The customer of a valid mage header, or null for a guest. */
    customer: Customer | null
  }
}
