/**
 * The payment marks the footer shows (docs/product.md, "Footer"): only those checkout can take here. The card's
 * networks need a card gateway; Apple Pay needs the real gateway's hosted page (the embedded one takes test cards
 * only); Tabby and Tamara need theirs; cash on delivery needs nothing.
 */
export interface OfferedGateways {
  /** A card gateway: Moyasar or the embedded one. */
  card: boolean
  /** The real Moyasar (its hosted page offers Apple Pay on a device that can pay). */
  hostedCardPage: boolean
  tabby: boolean
  tamara: boolean
}

const needs: Record<string, (offered: OfferedGateways) => boolean> = {
  mada: (o) => o.card,
  visa: (o) => o.card,
  mastercard: (o) => o.card,
  applepay: (o) => o.hostedCardPage,
  stcpay: (o) => o.hostedCardPage,
  tabby: (o) => o.tabby,
  tamara: (o) => o.tamara,
  cod: () => true,
}

/** The content's marks, in its order, without those this deployment cannot take (and any it does not know). */
export function offeredPaymentMarks(marks: readonly string[], offered: OfferedGateways): string[] {
  return marks.filter((mark) => needs[mark]?.(offered) ?? false)
}
