/**
 * When the home popup may open (issue 28, "No friction": it opened over the search box while the shopper typed).
 * Never over a field that has focus, and not within 10 s of the shopper's last input (a key, a tap, a click, a scroll,
 * or the cookie banner's answer; issue 42: it covered the page 3 s after the answer, and a shopper's first scroll): a
 * shopper already doing something is not interrupted by a promotion.
 */
export const quietAfterInputMs = 10_000

export interface PopupMoment {
  now: number
  /** When the popup would open for a shopper who does nothing: the page's delay after the cookie banner's answer. */
  dueAt: number
  /** The shopper's latest input on the page, if any yet. */
  lastInputAt: number | undefined
  fieldFocused: boolean
}

/** 0: open now; a number: ask again in that many ms; 'field-focused': ask again once the field loses focus. */
export function popupWait({ now, dueAt, lastInputAt, fieldFocused }: PopupMoment): number | 'field-focused' {
  if (fieldFocused) return 'field-focused'
  const quietUntil = lastInputAt === undefined ? dueAt : Math.max(dueAt, lastInputAt + quietAfterInputMs)
  return Math.max(0, quietUntil - now)
}

/** A control that takes typing or a choice: what a popup must not cover while it has focus. */
export function isField(element: { tagName: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!element) return false
  if (element.isContentEditable) return true
  const tag = element.tagName.toLowerCase()
  if (tag === 'textarea' || tag === 'select') return true
  return tag === 'input' && !['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'hidden'].includes(element.type ?? 'text')
}
