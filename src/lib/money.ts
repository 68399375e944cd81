/**
 * The one money formatter (DESIGN.md section 4): Western digits in both languages, prices rounded
 * to whole riyals, fee prices with one decimal. The riyal sign and its placement live in <Price>.
 */
import { appConfig } from '../../app.config'

/** U+20C1 SAUDI RIYAL SIGN (never U+FDFC, the old ligature). */
export const riyalSign = '\u20C1'

const formatters = new Map<number, Intl.NumberFormat>()

function formatter(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals)
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    formatters.set(decimals, f)
  }
  return f
}

/** "1,299" for a price; "149.5" for a fee (spec section 9). */
export function formatAmount(amount: number, decimals: number = appConfig.money.priceDecimals): string {
  if (!Number.isFinite(amount)) throw new RangeError(`not a price: ${amount}`)
  return formatter(decimals).format(amount)
}

export function formatFeeAmount(amount: number): string {
  return formatAmount(amount, appConfig.money.feePriceDecimals)
}

/** The VAT part of a VAT-inclusive amount (15% included), to two decimals. */
export function vatIncluded(amountInclVat: number): number {
  const rate = appConfig.money.vatRate
  return Math.round((amountInclVat - amountInclVat / (1 + rate)) * 100) / 100
}
