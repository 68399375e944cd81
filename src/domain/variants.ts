/**
 * Choosing a configurable product's variant (docs/decisions/0020-variants-are-products.md): the page shows the variant
 * the options name, the cart sells it. Pure, so the page, the cart and the tests share one rule.
 */

/** The variant standing for exactly these option values, if the product has one. */
export function variantMatching<V extends { values: Record<string, number> }>(variants: readonly V[], values: Record<string, number>): V | undefined {
  const codes = Object.keys(values)
  return variants.find((v) => Object.keys(v.values).length === codes.length && codes.every((code) => v.values[code] === values[code]))
}

/**
 * The variant a choice of one option leads to: of those with the chosen value, the one keeping most of the other
 * current choices (so Silver after 512 GB stays 512 GB when a Silver 512 GB exists), the one in stock first on a tie.
 */
export function variantAfterChoice<V extends { values: Record<string, number>; in_stock: boolean }>(
  variants: readonly V[],
  current: Record<string, number>,
  code: string,
  value: number,
): V | undefined {
  let best: V | undefined
  let bestScore = -1
  for (const variant of variants) {
    if (variant.values[code] !== value) continue
    const kept = Object.entries(current).filter(([c, v]) => c !== code && variant.values[c] === v).length
    const score = kept * 2 + (variant.in_stock ? 1 : 0)
    if (score > bestScore) [best, bestScore] = [variant, score]
  }
  return best
}

/** The variant a page shows: the one its address names, else the one the product opens on, else none. */
export function shownVariant<V extends { sku: string }>(
  variants: readonly V[],
  requested: string | undefined,
  opening: string | null,
): V | undefined {
  return variants.find((v) => v.sku === requested) ?? variants.find((v) => v.sku === opening)
}

/** The parent's specifications with the variant's own values in their place (a variant sends only those that differ). */
export function specificationsWith(base: readonly { name: string; value: string }[], own: readonly { name: string; value: string }[]) {
  return base.map((spec) => own.find((o) => o.name === spec.name) ?? spec)
}

/** A variant's rows that differ from the parent's: all the page needs of it. */
export function specificationsDiffering(base: readonly { name: string; value: string }[], own: readonly { name: string; value: string }[]) {
  return own.filter((spec) => !base.some((b) => b.name === spec.name && b.value === spec.value))
}
