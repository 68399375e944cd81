/**
 * A left-to-right code (a voucher number, a coupon code) inside a sentence of either direction: wrapped in
 * Unicode's first-strong isolate, so "GIFT-3HWD-6TNB" keeps its order inside Arabic text instead of its hyphens
 * and brackets being reordered by the surrounding right-to-left run (docs/product.md, "Languages, numbers and text").
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`
}
