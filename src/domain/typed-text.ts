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

/**
 * A person's name as people write them, in any script: letters and their marks, spaces, apostrophes, hyphens and the
 * dot of an initial ("A. Al-Harbi"), with the joiners Arabic keyboards type. Nothing else: a name is shown on the
 * operator's screens and invoices, and one holding a link, markup or a line break ("Your refund is waiting:
 * https://evil.example (Support)") turned the store's own messages into a stranger's (issue 43, M2). A dot followed by
 * a letter reads as a web address ("evil.example"), so it is refused too.
 */
const personNameCharacters = /^(?:[\p{L}\p{M} '\u2019.-]|\u200C|\u200D)+$/u

/** Whether `text` is written like a person's name (above): letters, at least one, and no web address. */
export function isPersonName(text: string): boolean {
  return personNameCharacters.test(text) && /\p{L}/u.test(text) && !/\.\p{L}/u.test(text) && isReadableText(text)
}
