/** Region ids (docs/product.md, "Validation" and "Limits"): stored only when exactly 4 digits. */
import { appConfig } from '../../app.config'

const fourDigits = new RegExp(`^\\d{${appConfig.regions.idDigits}}$`)

export function isStorableRegionId(value: unknown): value is string {
  return typeof value === 'string' && fourDigits.test(value)
}

/** The region to use: the stored one when valid, else the default (1101). */
export function effectiveRegionId(stored: string | undefined | null): string {
  return isStorableRegionId(stored) ? stored : String(appConfig.regions.defaultId)
}
