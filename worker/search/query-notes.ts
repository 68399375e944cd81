/**
 * What the search page tells the shopper about how the query was read (docs/architecture.md, "Search relevance"),
 * from what both the embedded service and Algolia answer: the words dropped to find something (queryAfterRemoval),
 * and a "did you mean" when the best hit matched a word of the query only through a typo (its highlighted name).
 */
import { normaliseSearchText, searchWords } from '../../src/domain/search-text'
import { wordForms } from './plurals'
import { allowedTypos, typoDistance } from './typos'

/** The typed words a search dropped, from Algolia's queryAfterRemoval ("iphone 17 pro <em>max</em>"). */
export function droppedWords(queryAfterRemoval: string | undefined): string[] {
  if (!queryAfterRemoval) return []
  return [...queryAfterRemoval.matchAll(/<em>(.*?)<\/em>/g)].flatMap((match) => match[1]!.split(/\s+/)).filter(Boolean)
}

/**
 * The query with each word the best hit matched only through a typo replaced by the word it matched (samsnug ->
 * samsung), or null when every word matched as typed. `highlighted` is the hit's name with matches in <em>.
 */
export function didYouMean(query: string, highlighted: string | undefined): string | null {
  if (!highlighted) return null
  const matched = [...highlighted.matchAll(/<em>(.*?)<\/em>/g)].map((match) => match[1]!)
  const matchedNormal = matched.map((word) => normaliseSearchText(word))
  let changed = false
  const words = query
    .trim()
    .split(/\s+/)
    .map((typed) => {
      const [word] = searchWords(typed)
      if (word === undefined || searchWords(typed).length !== 1) return typed
      // Matched as typed (or as the start of a word), or as its other number (laptops: laptop): nothing to correct.
      const forms = [word, ...wordForms(word)]
      if (matchedNormal.some((m) => forms.some((form) => m.startsWith(form)))) return typed
      const allowed = allowedTypos(word)
      const closest = matched
        .map((original, i) => ({ original, distance: typoDistance(word, matchedNormal[i]!, allowed) }))
        .filter((candidate) => candidate.distance > 0 && candidate.distance <= allowed)
        .sort((a, b) => a.distance - b.distance)[0]
      if (!closest) return typed
      changed = true
      return closest.original.toLowerCase()
    })
  return changed ? words.join(' ') : null
}
