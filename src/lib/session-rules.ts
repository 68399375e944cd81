/** Session expiry (docs/product.md, "Rules"): a session with 3 days or less left is reset and the shopper signed out. */
import { appConfig } from '../../app.config'

export function sessionNeedsReset(expiresIso: string, now: Date): boolean {
  const expires = Date.parse(expiresIso)
  if (Number.isNaN(expires)) return true
  return expires - now.getTime() <= appConfig.cookies.sessionResetDaysLeft * 24 * 60 * 60 * 1000
}
