/**
 * Recent searches (docs/product.md, "Screens", "Validation" and "Limits"): kept in savedSearchWords, most recent first, at most 6,
 * only terms of 2 or more characters, one entry per term however it was written.
 */
import { appConfig } from '../../app.config'
import { normaliseSearchText } from '../domain/search-text'

export function withSavedSearch(saved: readonly string[], term: string): string[] {
  const text = term.trim().replace(/\s+/g, ' ')
  if (text.length < appConfig.limits.savedSearchMinChars) return [...saved]
  const key = normaliseSearchText(text)
  return [text, ...saved.filter((s) => normaliseSearchText(s) !== key)].slice(0, appConfig.limits.recentSearchesMax)
}
