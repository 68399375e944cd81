/**
 * What a shopper would call a broken catalogue (docs/product.md, "Demo catalogue and pictures"): two listings of one
 * name in a language (the same product twice, at two prices), a name that says another kind of product than its
 * category sells (a projector named "Monitor"), or leaf categories that all hold the same count (a generator filling
 * quotas, not a shop); a description that speaks of the store (false for a product it does not sell) or says a
 * colour in Arabic without its article. Pure: it reads the generated rows, so `worker/seed/catalogue-check.test.ts` runs it at the
 * seeded size, 10,000 and 100,000 products without D1.
 */
import type { Catalogue } from './demo-catalogue'

/**
 * Words that say what a product is, and the leaf categories whose names may use them; `every` when each name in
 * its one category must (a projector is always called one). Whole words in both languages: names write the bare
 * singular (فرن is not فرنسية).
 */
interface KindWords {
  en: string[]
  ar: string[]
  in: readonly string[]
  every?: boolean
}

export const kindVocabulary: readonly KindWords[] = [
  { en: ['Smartphone'], ar: ['جوال'], in: ['smartphones'], every: true },
  { en: ['Tablet'], ar: ['جهاز لوحي'], in: ['tablets'] },
  { en: ['Smartwatch', 'Watch'], ar: ['ساعة'], in: ['smartwatches'], every: true },
  { en: ['Laptop', 'Notebook'], ar: ['لابتوب'], in: ['laptops'], every: true },
  { en: ['Monitor'], ar: ['شاشة'], in: ['monitors'], every: true },
  { en: ['Router'], ar: ['راوتر'], in: ['networking'] },
  { en: ['TV', 'Television'], ar: ['تلفزيون', 'تلفاز'], in: ['smart-tvs'], every: true },
  { en: ['Projector'], ar: ['بروجكتر', 'بروجكتور', 'جهاز عرض'], in: ['projectors'], every: true },
  { en: ['Headphones', 'Earbuds'], ar: ['سماعة'], in: ['headphones'], every: true },
  { en: ['Speaker'], ar: ['مكبر صوت'], in: ['speakers'], every: true },
  { en: ['Soundbar'], ar: ['ساوند بار', 'ساوندبار'], in: ['soundbars'], every: true },
  { en: ['Console'], ar: ['جهاز ألعاب'], in: ['consoles'], every: true },
  { en: ['Controller'], ar: ['يد تحكم'], in: ['controllers'], every: true },
  { en: ['Camera', 'Dash Cam', 'DashCam'], ar: ['كاميرا'], in: ['mirrorless', 'action-cameras', 'dash-cams', 'smart-home'] },
  { en: ['Drone'], ar: ['طائرة درون', 'درون'], in: ['action-cameras'] },
  { en: ['Refrigerator', 'Fridge'], ar: ['ثلاجة'], in: ['refrigerators'], every: true },
  { en: ['Washing Machine', 'Washer'], ar: ['غسالة'], in: ['washing-machines'], every: true },
  { en: ['Air Conditioner'], ar: ['مكيف'], in: ['air-conditioners'], every: true },
  { en: ['Vacuum'], ar: ['مكنسة'], in: ['vacuum-cleaners'], every: true },
  { en: ['Steam Iron', 'Steam Generator'], ar: ['مكواة', 'مولد بخار'], in: ['irons'], every: true },
  { en: ['Coffee'], ar: ['ماكينة قهوة'], in: ['coffee-machines'], every: true },
  { en: ['Air Fryer', 'Airfryer'], ar: ['قلاية'], in: ['air-fryers'], every: true },
  { en: ['Blender', 'Mixer'], ar: ['خلاط', 'عجانة'], in: ['blenders'], every: true },
  { en: ['Microwave', 'Oven'], ar: ['مايكروويف', 'فرن'], in: ['ovens-microwaves'], every: true },
  { en: ['Cookware'], ar: ['طقم أواني'], in: ['cookware'] },
  { en: ['Sofa', 'Seater', 'Recliner'], ar: ['كنبة', 'كرسي'], in: ['sofas'], every: true },
  { en: ['Bed', 'Mattress'], ar: ['سرير', 'مرتبة'], in: ['beds'], every: true },
  { en: ['Lamp'], ar: ['مصباح'], in: ['lighting'] },
  { en: ['Charger', 'Power Bank'], ar: ['شاحن', 'باور بانك'], in: ['chargers', 'car-chargers'] },
  { en: ['Shaver', 'Trimmer'], ar: ['ماكينة حلاقة', 'مشذب'], in: ['shavers'], every: true },
  { en: ['Hair Dryer', 'Styler'], ar: ['مجفف شعر', 'مصفف شعر'], in: ['hair-care'], every: true },
]

/**
 * A name as a shopper tells it from another: lower case, the hamza's seats, ة and ى folded, no tashkeel or tatweel, as
 * src/domain/search-text.ts folds them but without its Unicode normalisations (which the generator's names need
 * not, and which took most of the check's time at 100,000 products).
 */
function foldName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .trim()
}

/** Each language's kind words and phrases (at most two words), folded, to the kind (its index in kindVocabulary). */
const kindOfWords = (language: 'en' | 'ar') =>
  new Map(kindVocabulary.flatMap((kind, k) => kind[language].map((words) => [foldName(words), k] as const)))
const kindWords = { en: kindOfWords('en'), ar: kindOfWords('ar') }

/** The kinds a folded name says, by its whole words and pairs of words (فرن is not فرنسية). */
function kindsIn(name: string, language: 'en' | 'ar'): Set<number> {
  const kinds = new Set<number>()
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  words.forEach((word, i) => {
    for (const phrase of [word, `${word} ${words[i + 1]}`]) {
      const kind = kindWords[language].get(phrase)
      if (kind !== undefined) kinds.add(kind)
    }
  })
  return kinds
}

/** What a description would say of the store (its name, selling or delivering), in each language. */
const sellerWords = { en: /\bMatjar\b|\bsells?\b|\bdeliver/i, ar: /متجر|يبيع|يوصل|توصيل/ }

/** Every problem found, each naming the products or categories it is about; none for a catalogue a shop could have. */
export function catalogueProblems(catalogue: Catalogue): string[] {
  const problems: string[] = []
  const categoryOf = new Map(catalogue.categories.map((c) => [c.id, c]))

  const languages = ['en', 'ar'] as const
  const nameOf = (p: Catalogue['products'][number], language: 'en' | 'ar') => (language === 'en' ? p.name_en : p.name_ar)
  const folded = languages.map((language) => catalogue.products.map((p) => foldName(nameOf(p, language))))

  // One name, one listing: a name may be shared only by a configurable product and its own variants (its page opens
  // on the variant its name says: docs/decisions/0020-variants-are-products.md).
  languages.forEach((language, l) => {
    const listingOf = new Map<string, number>()
    catalogue.products.forEach((p, i) => {
      const listing = p.parent_id ?? p.entity_id
      const held = listingOf.get(folded[l]![i]!)
      if (held === undefined) listingOf.set(folded[l]![i]!, listing)
      else if (held !== listing) problems.push(`two listings named "${nameOf(p, language)}" (${language}): ${held} and ${listing}`)
    })
  })

  // Names say what their category sells: no word of another kind, and the kind's own word where it has one.
  const leafCounts = new Map<string, number>()
  const everyOf = new Map(kindVocabulary.flatMap((kind, k) => (kind.every ? [[kind.in[0]!, k] as const] : [])))
  catalogue.products.forEach((p, i) => {
    if (p.parent_id !== null) return
    const category = categoryOf.get(p.main_category_id)?.url_key ?? '?'
    leafCounts.set(category, (leafCounts.get(category) ?? 0) + 1)
    languages.forEach((language, l) => {
      const kinds = kindsIn(folded[l]![i]!, language)
      for (const k of kinds) {
        const kind = kindVocabulary[k]!
        if (!kind.in.includes(category)) problems.push(`"${nameOf(p, language)}" in ${category} names ${kind.in.join(' or ')}`)
      }
      const own = everyOf.get(category)
      if (own !== undefined && !kinds.has(own))
        problems.push(`"${nameOf(p, language)}" in ${category} does not say what it is (${kindVocabulary[own]![language].join(', ')})`)
    })
  })

  // A description is the product's, the same whether the store sells it or not: it says nothing of who sells or
  // delivers it (a product not for sale is neither). Arabic says the colour with its article (باللون الأسود, never
  // باللون أسود) or as the colour of a thing (بلون التيتانيوم الطبيعي).
  for (const p of catalogue.products) {
    if (sellerWords.en.test(p.description_en) || sellerWords.ar.test(p.description_ar))
      problems.push(`the description of ${p.entity_id} speaks of the store: "${p.description_ar}" / "${p.description_en}"`)
    const bare = /باللون (?!ال)[^\s.،]+/.exec(p.description_ar)
    if (bare) problems.push(`the description of ${p.entity_id} says "${bare[0]}" without the article`)
  }

  // A shop holds more of some things than others: more phones than projectors.
  const counts = [...leafCounts.values()]
  if (counts.length > 1 && new Set(counts).size === 1) problems.push(`every leaf category holds ${counts[0]} products`)
  const [phones, projectors] = [leafCounts.get('smartphones') ?? 0, leafCounts.get('projectors') ?? 0]
  if (phones <= projectors) problems.push(`${phones} smartphones against ${projectors} projectors`)
  return problems
}
