/**
 * Reviews from verified buyers (docs/product.md, "Reviews"): what a review may say, what holds it for a person to read
 * first, and a product's numbers (average, count, distribution). Every review waits for approval; a held one carries
 * why, so the console shows it first and says what the check found.
 */
import type { Locale } from '../../app.config'
import { normaliseSearchText, searchLanguage, searchWords } from './search-text'

export type ReviewStatus = 'pending' | 'approved' | 'rejected'
export type HeldFor = 'link' | 'phone' | 'abuse'
export type ReviewSort = 'helpful' | 'newest'

/** A product's approved reviews counted: `by[0]` is the one-star count, `by[4]` the five-star. */
export interface ReviewTotals {
  count: number
  average: number
  by: [number, number, number, number, number]
}

export const noReviews: ReviewTotals = { count: 0, average: 0, by: [0, 0, 0, 0, 0] }

/** The totals from the stored counts (worker/storage/review-store.ts); the average to one decimal, as cards show it. */
export function reviewTotals(row: { count: number; stars: number; by: readonly number[] } | null): ReviewTotals {
  if (!row || row.count <= 0) return noReviews
  const by = [0, 1, 2, 3, 4].map((i) => row.by[i] ?? 0) as ReviewTotals['by']
  return { count: row.count, average: Math.round((row.stars / row.count) * 10) / 10, by }
}

/** A bar's width: the share of the reviews with that many stars, in whole percent. */
export const shareOf = (totals: ReviewTotals, stars: 1 | 2 | 3 | 4 | 5) =>
  totals.count ? Math.round(((totals.by[stars - 1] ?? 0) / totals.count) * 100) : 0

const link = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|sa|io|me|ly|co)\b)/i
/** Seven or more digits in a run, however spaced or dashed: a mobile or a landline (digits already folded). */
const phone = /(\d[\s\-.]*){7,}/

/**
 * Words that hold a review for a person, in both languages, compared after the store's search normalisation (so
 * "حمار" and "حمـار" or "ḥmār" spellings with tashkeel are the same word). Small on purpose: it holds, it never
 * rejects, and staff read every review anyway.
 */
const abuseWords = new Set(
  [
    'حمار',
    'كلب',
    'حيوان',
    'غبي',
    'حقير',
    'نصاب',
    'نصابين',
    'حرامي',
    'حراميه',
    'لعنه',
    'تفو',
    'زق',
    'idiot',
    'stupid',
    'scam',
    'scammers',
    'thieves',
    'fuck',
    'shit',
    'bastard',
  ].map(normaliseSearchText),
)

/** Why a review is held before anyone reads it: a link, a phone number, an abuse word; null when nothing was found. */
export function heldFor(text: string): HeldFor | null {
  const folded = normaliseSearchText(text)
  if (link.test(folded)) return 'link'
  if (phone.test(folded)) return 'phone'
  if (searchWords(text).some((word) => abuseWords.has(word))) return 'abuse'
  return null
}

/** The language a review is shown under: what its words are written in, else the page's. */
export const reviewLanguage = (text: string, page: Locale): Locale => searchLanguage(text, page)

/** The name shown with a review: the first name and the first letter of the last ("Noura A."), from the order. */
export function authorName(full: string | null | undefined): string {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return ''
  const first = parts[0]!
  const last = parts.length > 1 ? parts.at(-1)![0] : ''
  return last ? `${first} ${last}.` : first
}
