/**
 * Recent searches (docs/product.md, "Screens", "Validation" and "Limits"): kept in savedSearchWords, most recent first, at most 6,
 * only terms of 2 or more characters, one entry per term however it was written.
 */
import { appConfig } from '../../app.config'
import { normaliseSearchText } from '../domain/search-text'

/** The longest term kept: the search page reads at most 200 characters of a query. */
const savedSearchMaxChars = 200

export function withSavedSearch(saved: readonly string[], term: string): string[] {
  const text = term.trim().replace(/\s+/g, ' ')
  if (text.length < appConfig.limits.savedSearchMinChars) return [...saved]
  const key = normaliseSearchText(text)
  return [text, ...saved.filter((s) => normaliseSearchText(s) !== key)].slice(0, appConfig.limits.recentSearchesMax)
}

/** What local storage holds, read as terms: anything malformed (another shape, bad JSON) is dropped, never thrown. */
export function savedSearchesFrom(raw: string | null): string[] {
  let value: unknown
  try {
    value = raw === null ? [] : JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (term): term is string =>
        typeof term === 'string' && term.trim().length >= appConfig.limits.savedSearchMinChars && term.length <= savedSearchMaxChars,
    )
    .slice(0, appConfig.limits.recentSearchesMax)
}

/**
 * savedSearchWords in local storage, read through savedSearchesFrom: a value another version or a hand edit left there
 * cannot break the search box. Storage that refuses (private mode, full) only means nothing is remembered.
 */
export const savedSearchStorage: {
  getItem: (key: string, initial: string[]) => string[]
  setItem: (key: string, terms: string[]) => void
  removeItem: (key: string) => void
} = {
  getItem: (key) => {
    try {
      return savedSearchesFrom(localStorage.getItem(key))
    } catch {
      return []
    }
  },
  setItem: (key, terms) => {
    try {
      localStorage.setItem(key, JSON.stringify(terms))
    } catch {
      // Storage full or refused (private mode): the list lives for this page only.
    }
  },
  removeItem: (key) => {
    try {
      localStorage.removeItem(key)
    } catch {
      // Storage refused: there is nothing kept to remove.
    }
  },
}
