/** Secrets compared without telling anything by the time it takes (webhook tokens: ./moyasar.ts, ./tabby.ts). */

/** Compares every byte whatever the first difference; only a different length answers early. */
export function sameText(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  if (a.byteLength !== b.byteLength) return false
  let difference = 0
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}
