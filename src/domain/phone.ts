/**
 * Saudi mobile numbers (docs/product.md, "Validation" and "Limits"): typed as 10 digits starting 05, sent as 966 + the
 * last 9 digits. Arabic-Indic and Persian digits are folded first (docs/product.md, "Languages, numbers and text").
 */
import { appConfig } from '../../app.config'
import { foldDigits } from './digits'

const second = appConfig.phone.secondDigitAllowed

/** The local form 05XXXXXXXX of a number typed any usual way (+966, 00966, 966, 05...), or null. */
export function localMobile(input: string): string | null {
  const digits = foldDigits(input).replace(/[\s\-().]/g, '')
  const local = digits.replace(/^(\+966|00966|966)/, '0')
  const pattern = new RegExp(`^05[${second}]\\d{7}$`)
  return pattern.test(local) ? local : null
}

/** The international form the backend receives: 966 + the last 9 digits. */
export function internationalMobile(input: string): string | null {
  const local = localMobile(input)
  return local ? `${appConfig.store.countryCallingCode}${local.slice(-9)}` : null
}

/** The local form 05XXXXXXXX of a number as it is stored and sent (966 + 9 digits), for showing and for matching what was typed. */
export function shownMobile(stored: string): string {
  return `0${stored.slice(-9)}`
}
