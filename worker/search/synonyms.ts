/**
 * Transliteration synonyms (issue 5): shoppers type a brand or product in either script, or the
 * Arabic spellings in use. Each group is a set of normalised words that match one another.
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
  ['playstation', 'بلايستيشن', 'بلاي ستيشن'],
  ['tv', 'تلفزيون', 'تلفاز', 'شاشه'],
  ['laptop', 'لابتوب', 'لاب'],
  ['phone', 'smartphone', 'mobile', 'جوال', 'هاتف', 'موبايل'],
  ['headphones', 'سماعه', 'سماعات'],
  ['watch', 'ساعه'],
  ['charger', 'شاحن'],
]

const byWord = new Map<string, string[]>()
for (const group of synonymGroups) {
  const words = [...new Set(group.map(normaliseSearchText))]
  for (const word of words) byWord.set(word, words)
}

/** A normalised word and the words that mean the same (the word itself first). */
export function synonymsOf(word: string): string[] {
  const group = byWord.get(word)
  return group ? [word, ...group.filter((w) => w !== word)] : [word]
}
