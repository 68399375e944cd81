/**
 * The one money formatter (docs/product.md, "Languages, numbers and text"): Western digits in both languages, prices rounded
 * to whole riyals, fee prices with one decimal. The riyal sign and its placement live in <Price>.
 */
import { appConfig } from '../../app.config'

/** "1,299" for a price; "149.5" for a fee (docs/product.md, "Limits"). */
export function formatAmount(amount: number, decimals: number = appConfig.money.priceDecimals): string {
  if (!Number.isFinite(amount)) throw new RangeError(`not a price: ${amount}`)
  // What Intl.NumberFormat('en-US') prints (the unit test compares them), written out because a
  // tab's first NumberFormat loads ICU's number data: 14-38 ms of main thread during hydration.
  const [whole, fraction] = roundHalfExpand(Math.abs(amount), decimals)
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  const sign = amount < 0 && /[1-9]/.test(whole + fraction) ? '-' : ''
  return sign + (decimals > 0 ? `${grouped}.${fraction}` : grouped)
}

/**
 * Rounds a non-negative amount to `decimals` places as Intl does: on its shortest decimal form
 * (150304.65 -> 150304.7), half away from zero. toFixed would round the binary value (150304.6).
 */
function roundHalfExpand(amount: number, decimals: number): [whole: string, fraction: string] {
  const shortest = String(amount)
  if (shortest.includes('e')) {
    const [whole, fraction = ''] = amount.toFixed(decimals).split('.')
    return [whole!, fraction]
  }
  const [whole, fraction = ''] = shortest.split('.') as [string, string | undefined]
  const kept = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0')) + (fraction.charAt(decimals) >= '5' ? 1n : 0n)
  const digits = kept.toString().padStart(decimals + 1, '0')
  return [digits.slice(0, digits.length - decimals), digits.slice(digits.length - decimals)]
}

/** The VAT part of a VAT-inclusive amount (15% included), to two decimals. */
export function vatIncluded(amountInclVat: number): number {
  const rate = appConfig.money.vatRate
  return Math.round((amountInclVat - amountInclVat / (1 + rate)) * 100) / 100
}
