/**
 * Text one person types and another reads (a name, an address, a courier's note): it must show what it says.
 * Direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder what follows them, so
 * "Sara \u202Egnp.exe" reads as "Sara exe.png" in an order email or the operator's screen; a value of only invisible
 * characters (zero-width spaces, direction marks) looks empty where it is shown. The marks U+200E/U+200F and the
 * joiners stay allowed inside real words: Arabic keyboards type them.
 */
const directionControls = /[\u202A-\u202E\u2066-\u2069]/

/** Whether typed text shows what it says: no direction controls, and (unless empty) a letter or a digit. */
export function isReadableText(text: string): boolean {
  if (directionControls.test(text)) return false
  return text === '' || /[\p{L}\p{N}]/u.test(text)
}
