/** Session expiry (docs/product.md, "Rules"): a session with 3 days or less left is reset and the shopper signed out. */
import { appConfig } from '../../app.config'
import { daysToMs } from '../domain/time'

export function sessionNeedsReset(expiresIso: string, now: Date): boolean {
  const expires = Date.parse(expiresIso)
  if (Number.isNaN(expires)) return true
  return expires - now.getTime() <= daysToMs(appConfig.cookies.sessionResetDaysLeft)
}
