/** Arabic-Indic and Persian digits folded to Western ones (docs/product.md, "Languages, numbers and text"), wherever a shopper types a number. */
const arabicIndic = '٠١٢٣٤٥٦٧٨٩'
const persian = '۰۱۲۳۴۵۶۷۸۹'

export function foldDigits(text: string): string {
  return text.replace(/[٠-٩۰-۹]/g, (d) => String(arabicIndic.includes(d) ? arabicIndic.indexOf(d) : persian.indexOf(d)))
}
