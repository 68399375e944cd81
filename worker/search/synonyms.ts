/**
 * Synonyms (docs/architecture.md, "Search relevance"): shoppers type a brand or product in either script, in the
 * spellings in use (Gulf ق or ج for g, ميكرويف), formal or colloquial (كمبيوتر محمول, براد, fridge), or abbreviated
 * (ps5, ac). Word groups match one another word for word; phrase groups replace a whole phrase (one word or several)
 * by each other phrase of the group; one-way synonyms widen a word without the reverse (شاشة may be a TV, a TV is not
 * a monitor). npm run search:push sends all three to Algolia.
 */
import { normaliseSearchText } from '../../src/domain/search-text'

export const synonymGroups: readonly (readonly string[])[] = [
  ['iphone', 'ايفون', 'آيفون'],
  ['apple', 'ابل', 'أبل'],
  ['samsung', 'سامسونج', 'سامسونغ'],
  ['galaxy', 'جالاكسي', 'جالكسي', 'غالاكسي'],
  ['huawei', 'هواوي'],
  ['xiaomi', 'شاومي', 'شاومى'],
  ['honor', 'هونر', 'اونر'],
  ['lenovo', 'لينوفو'],
  ['dell', 'ديل'],
  ['hp', 'اتش بي'],
  ['asus', 'اسوس', 'أسوس'],
  ['sony', 'سوني'],
  ['hisense', 'هايسنس'],
  ['macbook', 'ماك', 'ماكبوك'],
  ['ipad', 'ايباد', 'آيباد'],
  ['playstation', 'ps', 'بلايستيشن', 'بلاي ستيشن', 'بلستيشن', 'بلاستيشن'],
  ['tv', 'television', 'تلفزيون', 'تلفاز'],
  // The catalogue writes بروجكتر (worker/seed/taxonomy.ts); shoppers also write بروجكتور, or the English word.
  ['projector', 'بروجكتر', 'بروجكتور'],
  ['laptop', 'notebook', 'لابتوب', 'لاب'],
  ['phone', 'smartphone', 'mobile', 'cellphone', 'جوال', 'هاتف', 'موبايل'],
  ['headphones', 'earphones', 'headset', 'سماعه', 'سماعات'],
  ['earbuds', 'buds', 'airpods'],
  ['fridge', 'refrigerator', 'ثلاجه', 'براد'],
  ['microwave', 'mw', 'مايكروويف', 'ميكرويف', 'مايكرويف'],
  ['vacuum', 'hoover'],
  ['sofa', 'couch'],
  ['router', 'wifi', 'راوتر'],
  ['wireless', 'bluetooth', 'لاسلكيه', 'بلوتوث'],
  ['drone', 'درون'],
  ['watch', 'ساعه'],
  ['charger', 'شاحن'],
  ['w', 'watt', 'واط'],
]

/** Letters as Arabic names them, read as the letter when a model's number follows (اس 25: s25). */
export const letterNames: Readonly<Record<string, string>> = { اس: 's', اي: 'a', جي: 'g', اكس: 'x' }

/** A word widened to others, never the reverse. */
export const oneWaySynonyms: Readonly<Record<string, readonly string[]>> = {
  // A screen may be a TV; a TV is not a monitor or a projector.
  شاشه: ['تلفزيون'],
  // A hair dryer: what the catalogue calls one (مجفف شعر), not the stylers beside it (مصفف شعر).
  سشوار: ['مجفف'],
}

/** Phrases that mean the same, each as its words; a query holding one is also read with each of the others. */
export const phraseSynonymGroups: readonly (readonly string[])[] = [
  ['laptop', 'كمبيوتر محمول', 'حاسب محمول', 'حاسوب محمول', 'نوت بوك', 'لابتوب'],
  ['washer', 'washers', 'washing machine'],
  ['cell phone', 'smartphone'],
  ['ac', 'aircon', 'air conditioner'],
  ['power bank', 'powerbank', 'باور بانك', 'شاحن متنقل', 'بطاريه متنقله'],
  ['router', 'wi fi', 'واي فاي', 'راوتر'],
  ['ps5', 'playstation 5', 'بي اس 5', 'بلايستيشن 5'],
  ['بي اس', 'بلايستيشن'],
  ['بلي ستيشن', 'بلايستيشن'],
  ['شاشه تلفزيون', 'تلفزيون'],
  ['hair dryer', 'سشوار'],
]

const byWord = new Map<string, string[]>()
for (const group of synonymGroups) {
  const words = [...new Set(group.map(normaliseSearchText))]
  for (const word of words) byWord.set(word, [...new Set([...(byWord.get(word) ?? []), ...words])])
}
for (const [word, widened] of Object.entries(oneWaySynonyms)) byWord.set(word, [...new Set([word, ...(byWord.get(word) ?? []), ...widened])])

/** A normalised word and the words that mean the same (the word itself first). */
export function synonymsOf(word: string): string[] {
  const group = byWord.get(word)
  return group ? [word, ...group.filter((w) => w !== word)] : [word]
}

/** Each phrase group as lists of normalised words. */
const phraseGroups = phraseSynonymGroups.map((group) => group.map((phrase) => phrase.split(' ').map(normaliseSearchText)))

/**
 * The other phrases for the words of a query starting at `at`: for each phrase of a group found there, how many words
 * it covers and each replacement (its words).
 */
export function phraseSynonymsAt(words: readonly string[], at: number): { length: number; replacement: string[] }[] {
  const found: { length: number; replacement: string[] }[] = []
  for (const group of phraseGroups) {
    for (const phrase of group) {
      if (phrase.length > words.length - at || phrase.some((word, i) => words[at + i] !== word)) continue
      for (const other of group) if (other !== phrase) found.push({ length: phrase.length, replacement: other })
    }
  }
  return found
}
