/**
 * Singular and plural as one word, at query time (docs/architecture.md, "Search relevance"), as Algolia's
 * `ignorePlurals` does for Arabic and English: a query word also matches its other number. Sound plurals follow
 * rules (Arabic ـات, ـون/ـين; English -s, -es, -ies); broken plurals come from the list below, kept beside the
 * synonyms: the catalogue's product words, normalised (src/domain/search-text.ts). The Arabic article is also
 * optional (مكاوي finds المكاوي, زامل finds الزامل). The engine keeps only the forms its index holds.
 */

/** Broken plurals of the catalogue's product words: [singular, plural], normalised. */
export const brokenPlurals: readonly (readonly [string, string])[] = [
  ['جهاز', 'اجهزه'],
  ['شاحن', 'شواحن'],
  ['حامل', 'حوامل'],
  ['مكواه', 'مكاوي'],
  ['مرتبه', 'مراتب'],
  ['سرير', 'اسره'],
  ['مصباح', 'مصابيح'],
  ['فرن', 'افران'],
  ['مكنسه', 'مكانس'],
  ['هاتف', 'هواتف'],
  ['لعبه', 'العاب'],
  ['اناء', 'اواني'],
  ['قطعه', 'قطع'],
  ['ماكينه', 'مكائن'],
  ['كنبه', 'كنب'],
  ['كرسي', 'كراسي'],
  ['مكبر', 'مكبرات'],
  ['منفذ', 'منافذ'],
]

const otherNumber = new Map<string, string[]>()
for (const [singular, plural] of brokenPlurals) {
  otherNumber.set(singular, [...(otherNumber.get(singular) ?? []), plural])
  otherNumber.set(plural, [...(otherNumber.get(plural) ?? []), singular])
}

const arabic = /[\u0600-\u06FF]/
/** The article joined to "and", "with" or "for" (والدرون, بالشعر, للتلفزيون). */
const joinedArticles = ['وال', 'بال', 'لل']

function arabicForms(word: string): string[] {
  const forms: string[] = [...(otherNumber.get(word) ?? [])]
  if (word.length >= 5 && word.endsWith('ات')) {
    const stem = word.slice(0, -2)
    forms.push(stem, `${stem}ه`)
  } else if (word.length >= 5 && (word.endsWith('ون') || word.endsWith('ين'))) {
    forms.push(word.slice(0, -2))
  } else if (word.endsWith('ه')) {
    forms.push(`${word.slice(0, -1)}ات`)
  } else if (word.length >= 3) {
    forms.push(`${word}ات`, `${word}ون`, `${word}ين`)
  }
  return forms
}

function englishForms(word: string): string[] {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return []
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`]
  if (word.endsWith('ses') || word.endsWith('xes') || word.endsWith('ches') || word.endsWith('shes')) return [word.slice(0, -2), word.slice(0, -1)]
  if (word.endsWith('ss')) return [`${word}es`]
  if (word.endsWith('s')) return [word.slice(0, -1)]
  if (word.endsWith('y') && !/[aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ies`, `${word}s`]
  return [`${word}s`, `${word}es`]
}

/** The other forms a normalised word may take in the catalogue (its other number, with or without the article). */
export function wordForms(word: string): string[] {
  if (!arabic.test(word)) return englishForms(word)
  const bare = word.startsWith('ال') && word.length >= 5 ? word.slice(2) : word
  const forms = new Set([bare, ...arabicForms(bare)])
  for (const form of [...forms]) forms.add(`ال${form}`)
  forms.delete(word)
  return [...forms]
}

/**
 * A word with the article joined to "and", "with" or "for" before it and its other number (درون: والدرون). Further
 * from the word than its plain forms (للتلفزيون is "for the TV", not a TV): the engine tries them only for a word
 * that finds nothing otherwise.
 */
export function joinedArticleForms(word: string): string[] {
  if (!arabic.test(word)) return []
  const bare = word.replace(/^(وال|بال|لل|ال)(?=.{3})/, '')
  return [bare, ...arabicForms(bare)].flatMap((form) => joinedArticles.map((prefix) => `${prefix}${form}`)).filter((form) => form !== word)
}
