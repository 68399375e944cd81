/**
 * Typo tolerance as Algolia counts it (docs/architecture.md, "Search relevance"): no typo in a word under 4 letters,
 * one from 4, two from 8; a swap of two neighbouring letters is one typo, and a wrong first letter costs two (shoppers
 * rarely miss the first letter, so a word that differs there is more likely another word).
 */

export const typoRules = { oneTypoFrom: 4, twoTyposFrom: 8 } as const

export function allowedTypos(word: string): number {
  if (word.length >= typoRules.twoTyposFrom) return 2
  return word.length >= typoRules.oneTypoFrom ? 1 : 0
}

/**
 * The typos between two words: insertions, deletions, substitutions and swaps of neighbours each count one (the
 * optimal string alignment distance), a change to the first letter two. Stops counting past `max`.
 */
let table = new Int32Array(1024)

export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows = a.length + 1
  const cols = b.length + 1
  // One table reused by every call: the engine asks this of thousands of words per query.
  if (table.length < rows * cols) table = new Int32Array(rows * cols * 2)
  const d = table
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    let best = Infinity
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : i === 1 && j === 1 ? 2 : 1
      let value = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[(i - 2) * cols + j - 2]! + 1)
      d[i * cols + j] = value
      if (value < best) best = value
    }
    if (best > max) return max + 1
  }
  return d[a.length * cols + b.length]!
}
