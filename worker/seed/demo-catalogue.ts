/**
 * The deterministic demo catalogue: categories and products with a spread of every state the
 * storefront must show (discount inside and outside its window, pre-order, out of stock in some
 * cities, not for sale, big items, fast and 24-hour delivery, labels, fees, options, BNPL).
 * The same options always give the same rows; every listing has a name of its own in each language
 * (worker/seed/catalogue-check.ts), at any size.
 */
import { appConfig, regionIds } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { createRandom } from './random'
import { finishOf, inColourAr, type ProductLine, type SubCategoryTemplate, taxonomy, type Text } from './taxonomy'
import { drawingPath } from '../../src/domain/product'
import type { CategoryRow, FeeOptionRow, FeeRow, ProductRow, StockRow } from '../../src/domain/catalogue'

export interface Catalogue {
  categories: CategoryRow[]
  products: ProductRow[]
  productCategories: { product_id: number; category_id: number }[]
  stock: StockRow[]
  fees: FeeRow[]
  feeOptions: FeeOptionRow[]
}

export interface CatalogueOptions {
  /** How many listings to make (a configurable product's variants come on top); the demo store makes the shares' 646. */
  products?: number
  seed?: number
}

/** Category ids start above Magento's root (1) and default category (2). */
const firstCategoryId = 3
const firstProductId = 1001

// Fixed windows, so the seed is the same on every run: one long current window, one past.
const currentWindow = { from: '2026-01-01T00:00:00+03:00', to: '2030-12-31T23:59:59+03:00' }
const pastWindow = { from: '2025-10-22T14:00:00+03:00', to: '2025-10-23T19:00:00+03:00' }
const futureWindow = { from: '2031-01-01T00:00:00+03:00', to: '2031-02-01T00:00:00+03:00' }

const labelStyles = [
  { text: { en: 'New', ar: 'جديد' }, style: 'background:#0f766e;color:#fff', position: 'top-left' },
  { text: { en: 'Best seller', ar: 'الأكثر مبيعًا' }, style: 'background:#b45309;color:#fff', position: 'top-right' },
  { text: { en: 'Online exclusive', ar: 'حصري أونلاين' }, style: 'background:#7c3aed;color:#fff', position: 'bottom-left' },
] as const

const messages = [
  { key: 'warranty', icon: 'shield', en: '2-year official warranty', ar: 'ضمان رسمي لمدة سنتين' },
  { key: 'returns', icon: 'return', en: 'Free returns within 7 days', ar: 'إرجاع مجاني خلال 7 أيام' },
  { key: 'installments', icon: 'card', en: 'Split into 4 interest-free payments', ar: 'قسّمها على 4 دفعات بدون فوائد' },
  // Shown only where it is true: the shopper's city has a showroom and holds the product (worker/storage/product-store.ts).
  { key: 'pickup', icon: 'store', en: 'Pick up from a showroom in your city', ar: 'استلمه من معرض في مدينتك' },
] as const

/** The options a line is sold in and its colours: its own, or its kind's. */
const variantsOf = (template: SubCategoryTemplate, line: ProductLine) => line.variants ?? template.variants
const coloursOf = (template: SubCategoryTemplate, line: ProductLine) => line.colours ?? template.colours

/**
 * A line's price at one of its options (docs/product.md, "Demo catalogue and pictures"): its own price for the first,
 * rising by its steps or its kind's, so a bigger storage or size never costs less; the colour never changes it. An
 * earlier model year costs less (`priceFactor`).
 */
export function priceOf(template: SubCategoryTemplate, line: ProductLine, variantIndex: number, priceFactor = 1): number {
  const step = (line.variantSteps ?? template.variantSteps)?.[variantIndex] ?? 1 + 0.12 * variantIndex
  return roundPrice(line.price * step * priceFactor)
}

/** A line's drawing: its style, a TV's with its size (a 75-inch set is drawn wider than a 55-inch one). */
function styleOf(template: SubCategoryTemplate, line: ProductLine, variant: Text): string {
  return template.kind === 'tv' ? `${line.drawing}${Number.parseInt(variant.en, 10)}` : line.drawing
}

function picturesOf(template: SubCategoryTemplate, line: ProductLine, variant: Text, colour: Text, count: number): string {
  const style = styleOf(template, line, variant)
  return JSON.stringify(Array.from({ length: count }, (_, view) => drawingPath(template.kind, style, finishOf(colour), view)))
}

/** Discounts a store in Riyadh runs on these goods: never so deep that a flagship falls under a mid-range line. */
const discountPercents = [5, 10, 15, 20]

function roundPrice(value: number): number {
  // Retail prices end in 9 (1,299 not 1,287).
  return Math.max(9, Math.round(value / 10) * 10 - 1)
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const words = (...parts: string[]) => parts.filter(Boolean).join(' ')

/**
 * How many listings each leaf category holds for a catalogue of `target`: its share of the seeded store's
 * (worker/seed/taxonomy.ts, `share`), largest remainders first, at least one each.
 */
function listingCounts(templates: readonly SubCategoryTemplate[], target: number): number[] {
  const total = templates.reduce((sum, t) => sum + t.share, 0)
  const exact = templates.map((t) => (t.share * target) / total)
  const counts = exact.map(Math.floor)
  const byRemainder = exact.map((value, i) => ({ i, left: value - Math.floor(value) })).sort((a, b) => b.left - a.left || a.i - b.i)
  const short = target - counts.reduce((a, b) => a + b, 0)
  for (let k = 0; k < short; k++) counts[byRemainder[k]!.i]!++
  return counts.map((count) => Math.max(1, count))
}

/** One listing of an edition: a line at an option and colour (a configurable line's opening variant). */
interface Slot {
  line: ProductLine
  lineIndex: number
  variantIndex: number
  colourIndex: number
}

/**
 * The listings one edition of a category holds, each line's in turn (a category's first row shows its lines, not one
 * line in every colour): every option and colour of a line once, or a configurable line once with all of them as
 * its variants. The options and colours are walked on the diagonal, so consecutive listings of a line differ in both.
 */
function slotsOf(template: SubCategoryTemplate): Slot[] {
  const perLine = template.lines.map((line, lineIndex) => {
    const [variants, colours] = [variantsOf(template, line).length, coloursOf(template, line).length]
    const slots: Slot[] = []
    for (let diagonal = 0; diagonal < colours; diagonal++) {
      for (let variantIndex = 0; variantIndex < variants; variantIndex++) {
        slots.push({ line, lineIndex, variantIndex, colourIndex: (variantIndex + diagonal) % colours })
        if (line.configurable) return slots
      }
    }
    return slots
  })
  const slots: Slot[] = []
  for (let turn = 0; slots.length < perLine.reduce((sum, s) => sum + s.length, 0); turn++) {
    for (const lineSlots of perLine) if (turn < lineSlots.length) slots.push(lineSlots[turn]!)
  }
  return slots
}

/** The model year of the catalogue's current models; an earlier one is in the name (docs/product.md). */
const currentModelYear = 2026
/** How many years back a category sold by model year goes (to 2019), each year's model cheaper than the next's. */
const earlierYears = 7
const earlierYearPrice = 0.92

/** What tells a listing from the current model of its line: a model year, a maker's model number, or both. */
interface Edition {
  year: number | null
  modelNumber: string | null
  priceFactor: number
}

/**
 * The `index`th edition of a line (0: the current model, named as the line is). A category sold by model year goes
 * back a year at a time; past 2019, and in categories whose generation is in the model's name (a Galaxy S25 has no
 * 2024 model), the maker's model number tells listings apart, as large retailers print it.
 */
function editionOf(template: SubCategoryTemplate, line: ProductLine, index: number): Edition | null {
  if (index === 0) return null
  if (!template.modelYears) return { year: null, modelNumber: modelNumberOf(line, index), priceFactor: 1 }
  const back = ((index - 1) % earlierYears) + 1
  const round = Math.floor((index - 1) / earlierYears)
  return { year: currentModelYear - back, modelNumber: round > 0 ? modelNumberOf(line, round) : null, priceFactor: earlierYearPrice ** back }
}

/** A maker's model number for a line: its brand's first letters, the model's number (or initials), a running number. */
function modelNumberOf(line: ProductLine, n: number): string {
  const parts = line.series.en.split(/[^A-Za-z0-9]+/).filter(Boolean)
  const numbered = parts.filter((part) => /\d/.test(part))
  const core = (numbered.length > 0 ? numbered.join('') : parts.map((part) => part[0]).join('')).toUpperCase()
  return `${slugify(line.brand.en).replace(/-/g, '').slice(0, 2).toUpperCase()}${core}-${String(n).padStart(2, '0')}`
}

const editionName = (edition: Edition | null) => {
  if (!edition) return { en: '', ar: '', slug: '' }
  const { year, modelNumber } = edition
  if (year !== null && modelNumber !== null)
    return { en: ` (${year}, model ${modelNumber})`, ar: ` (${year}، موديل ${modelNumber})`, slug: `${year}-${modelNumber}` }
  if (year !== null) return { en: ` (${year})`, ar: ` (${year})`, slug: `${year}` }
  return { en: ` (model ${modelNumber})`, ar: ` (موديل ${modelNumber})`, slug: modelNumber! }
}

interface Texts {
  nameEn: string
  nameAr: string
  /** JSON. */
  specifications: string
  description: Text
  rewriteUrl: string
}

/**
 * A product's name, description and specifications (docs/product.md, "Demo catalogue and pictures"). English names
 * say brand, model, option, what it is, then the colour; Arabic names say what it is first, then the brand, as Saudi
 * shops write them (جوال سامسونج جالاكسي S25 256 جيجابايت، أسود). What the line says of itself wins over its kind's.
 * What does not depend on the edition is made once per line, option and colour (`cache`): a large catalogue repeats it.
 */
function textsOf(
  template: SubCategoryTemplate,
  lineIndex: number,
  variant: Text,
  colour: Text,
  edition: Edition | null,
  cache: Map<string, CurrentTexts>,
): Texts {
  const key = `${template.urlKey}|${lineIndex}|${variant.en}|${colour.en}`
  let base = cache.get(key)
  if (!base) {
    base = currentTexts(template, lineIndex, variant, colour)
    cache.set(key, base)
  }
  if (!edition && !template.modelYears) return base
  const label = editionName(edition)
  const year = edition?.year ?? currentModelYear
  const rows = [
    ...(edition?.modelNumber
      ? [{ name: { en: 'Model number', ar: 'رقم الموديل' }, value: { en: edition.modelNumber, ar: edition.modelNumber } }]
      : []),
    ...(template.modelYears ? [{ name: { en: 'Model year', ar: 'سنة الموديل' }, value: { en: `${year}`, ar: `${year}` } }] : []),
  ]
  return {
    nameEn: `${base.nameEn}${label.en}`,
    nameAr: `${base.nameAr}${label.ar}`,
    // After the brand and the model.
    specifications: `[${base.brandAndModel},${JSON.stringify(rows).slice(1, -1)},${base.otherRows}]`,
    description: base.description,
    rewriteUrl: label.slug ? `${base.rewriteUrl}-${slugify(label.slug)}` : base.rewriteUrl,
  }
}

/** The current model's texts (no model year or number), and its specifications' rows as JSON either side of where those go. */
interface CurrentTexts extends Texts {
  brandAndModel: string
  otherRows: string
}

function currentTexts(template: SubCategoryTemplate, lineIndex: number, variant: Text, colour: Text): CurrentTexts {
  const line = template.lines[lineIndex]!
  const kind = { en: line.kind?.en ?? template.noun?.en ?? '', ar: line.kind?.ar ?? template.noun?.ar ?? '' }
  const option = { en: variant.en, ar: variant.ar ? words(template.optionWordAr ?? '', variant.ar) : '' }
  const variantLabel = template.variantLabel ?? { en: 'Option', ar: 'الخيار' }
  const lineSpecs = line.specs ?? []
  const kindSpecs = template.specs
    .filter((spec) => !lineSpecs.some((own) => own.name.en === spec.name.en))
    .map((spec, i) => ({ name: spec.name, value: spec.values[(lineIndex + i) % spec.values.length]! }))
  const brandAndModel = [
    { name: { en: 'Brand', ar: 'العلامة التجارية' }, value: line.brand },
    { name: { en: 'Model', ar: 'الموديل' }, value: line.series },
  ]
  const otherRows = [
    ...(variant.en ? [{ name: variantLabel, value: variant }] : []),
    { name: { en: 'Colour', ar: 'اللون' }, value: colour },
    ...lineSpecs,
    ...kindSpecs,
    { name: { en: 'Warranty', ar: 'الضمان' }, value: { en: '2 years', ar: 'سنتان' } },
  ]
  // Nothing here says the store sells or delivers it: a product not for sale has the same description.
  return {
    nameEn: `${words(line.brand.en, line.series.en, option.en, kind.en)}, ${colour.en}`,
    nameAr: `${words(kind.ar, line.brand.ar, line.series.ar, option.ar)}، ${colour.ar}`,
    specifications: JSON.stringify([...brandAndModel, ...otherRows]),
    brandAndModel: JSON.stringify(brandAndModel).slice(1, -1),
    otherRows: JSON.stringify(otherRows).slice(1, -1),
    description: {
      en: `${words(line.brand.en, line.series.en, kind.en)} in ${colour.en.toLowerCase()}${variant.en ? `, ${variant.en}` : ''}. An original ${line.brand.en} product with a 2-year official warranty; the price includes VAT.`,
      ar: `${words(kind.ar, line.brand.ar, line.series.ar, option.ar)} ${inColourAr(colour)}. منتج أصلي من ${line.brand.ar} بضمان رسمي لمدة سنتين، والسعر شامل ضريبة القيمة المضافة.`,
    },
    rewriteUrl: slugify(words(line.brand.en, line.series.en, variant.en, colour.en)),
  }
}

export function generateCatalogue(options: CatalogueOptions = {}): Catalogue {
  const random = createRandom(options.seed ?? 20261121)
  const categories: CategoryRow[] = []
  const subs: { row: CategoryRow; template: SubCategoryTemplate; parent: CategoryRow; hue: number }[] = []
  let nextCategoryId = firstCategoryId

  taxonomy.forEach((top, topIndex) => {
    const topRow: CategoryRow = {
      id: nextCategoryId++,
      parent_id: null,
      url_key: top.urlKey,
      name_ar: top.name.ar,
      name_en: top.name.en,
      position: topIndex,
      include_in_menu: top.includeInMenu === false ? 0 : 1,
      show_in_mega_menu: top.showInMegaMenu === false ? 0 : 1,
      show_animation: top.showAnimation ? 1 : 0,
      // No banner: the demo has no campaign per category, and an empty band of colour only pushed a phone's first
      // products 110 px down (issue 42). A merchant's import gives one with something to say.
      banner_desktop: null,
      banner_mobile: null,
    }
    categories.push(topRow)
    top.children.forEach((child, childIndex) => {
      const row: CategoryRow = {
        id: nextCategoryId++,
        parent_id: topRow.id,
        url_key: child.urlKey,
        name_ar: child.name.ar,
        name_en: child.name.en,
        position: childIndex,
        include_in_menu: 1,
        show_in_mega_menu: 1,
        show_animation: 0,
        banner_desktop: null,
        banner_mobile: null,
      }
      categories.push(row)
      subs.push({ row, template: child, parent: topRow, hue: top.hue })
    })
  })

  const offersCategory = categories.find((c) => c.url_key === 'offers')
  // The seeded store is the shares themselves (646 listings); a larger one keeps their proportions.
  const target = options.products ?? subs.reduce((sum, s) => sum + s.template.share, 0)
  const counts = listingCounts(
    subs.map((s) => s.template),
    target,
  )
  const products: ProductRow[] = []
  const productCategories: Catalogue['productCategories'] = []
  const stock: StockRow[] = []
  const fees: FeeRow[] = []
  const feeOptions: FeeOptionRow[] = []
  const feeIdByTitle = new Map<string, number>()
  let nextFeeOptionId = 1
  let n = 0
  const configurableParents: ConfigurableParent[] = []
  const texts = new Map<string, CurrentTexts>()
  const pictures = new Map<string, string>()
  const picturesFor = (template: SubCategoryTemplate, line: ProductLine, variant: Text, colour: Text, count: number) => {
    const key = `${template.urlKey}|${line.drawing}|${variant.en}|${colour.en}|${count}`
    let held = pictures.get(key)
    if (held === undefined) pictures.set(key, (held = picturesOf(template, line, variant, colour, count)))
    return held
  }

  subs.forEach(({ row: sub, template, parent, hue }, subIndex) => {
    const slots = slotsOf(template)
    for (let k = 0; k < counts[subIndex]!; k++, n++) {
      const id = firstProductId + n
      const { line, lineIndex, variantIndex, colourIndex } = slots[k % slots.length]!
      const edition = editionOf(template, line, Math.floor(k / slots.length))
      const lineVariants = variantsOf(template, line)
      const lineColours = coloursOf(template, line)
      const variant = lineVariants[variantIndex]!
      const colour = lineColours[colourIndex]!
      const variantLabel = template.variantLabel ?? { en: 'Option', ar: 'الخيار' }
      const named = textsOf(template, lineIndex, variant, colour, edition, texts)
      const price = priceOf(template, line, variantIndex, edition?.priceFactor)
      const discountPercent = random.pick(discountPercents)
      // Rounded to end in 9, and at least 10 riyals off: a 59-riyal plug's 5% would round back to 59.
      const special = Math.min(price - 10, roundPrice(price * (1 - discountPercent / 100)))

      // States spread over the catalogue by index so every category shows each of them.
      const discounted = n % 3 === 0
      const pastDiscount = n % 11 === 5
      const futureDiscount = n % 19 === 7
      const preorder = n % 23 === 4
      const notForSale = n % 29 === 9
      const outEverywhere = n % 17 === 3 && !preorder
      const fast = n % 4 === 1
      const within24 = n % 7 === 2
      const bigItem = Boolean(template.bigItems)
      const hasLabel = n % 5 === 0
      const configurable = Boolean(line.configurable)

      const window = discounted ? currentWindow : pastDiscount ? pastWindow : futureDiscount ? futureWindow : null
      const labelStyle = labelStyles[n % labelStyles.length]!
      const labels = hasLabel
        ? [
            {
              status: n % 10 === 5 ? '0' : '1',
              active_from: '2026-01-01 00:00:00',
              active_to: n % 15 === 0 ? '2026-02-01 00:00:00' : '2030-12-31 23:59:59',
              frontend_settings: {
                position: labelStyle.position,
                style: labelStyle.style,
                image_size: '64x24',
                image: null,
                label_text: labelStyle.text,
              },
            },
          ]
        : []
      const productMessages =
        n % 2 === 0
          ? [messages[n % messages.length]!, messages[(n + 1) % messages.length]!].map((m) => ({
              key: m.key,
              icon: m.icon,
              text: m.en,
              message_en: m.en,
              message_ar: m.ar,
            }))
          : []
      const configurables = configurable
        ? JSON.stringify([
            {
              attribute_code: 'color',
              label: { en: 'Colour', ar: 'اللون' },
              options: lineColours.map((c, i) => ({ value_index: i + 1, label: c })),
            },
            ...(lineVariants.length > 1
              ? [
                  {
                    attribute_code: 'variant',
                    label: variantLabel,
                    options: lineVariants.map((v, i) => ({ value_index: i + 1, label: v })),
                  },
                ]
              : []),
          ])
        : null

      products.push({
        entity_id: id,
        sku: `${slugify(line.brand.en).slice(0, 3).toUpperCase()}-${id}`,
        rewrite_url: `${named.rewriteUrl}-${id}`,
        type_id: configurable ? 'configurable' : 'simple',
        name_ar: named.nameAr,
        name_en: named.nameEn,
        description_ar: named.description.ar,
        description_en: named.description.en,
        brand_ar: line.brand.ar,
        brand_en: line.brand.en,
        price,
        special_price: window ? special : null,
        discounted_price_from: window?.from ?? null,
        discounted_price_to: window?.to ?? null,
        back_orders: preorder ? appConfig.backOrdersPreorderCode : 0,
        preorder_note_ar: preorder ? 'طلب مسبق: يُشحن خلال 14 يومًا' : null,
        preorder_note_en: preorder ? 'Pre-order: ships within 14 days' : null,
        not_for_sale: notForSale ? 1 : 0,
        fast_delivery: fast ? 1 : 0,
        big_items: bigItem ? 1 : 0,
        delivery_within_24_hours: within24 ? 1 : 0,
        eligible_for_tabby: price >= 100 && n % 2 === 0 ? 1 : 0,
        eligible_for_tamara: price >= 100 && n % 3 !== 2 ? 1 : 0,
        show_outofstock: 1,
        main_category_id: sub.id,
        image_kind: template.kind,
        image_hue: (hue + random.int(-25, 25) + 360) % 360,
        image_count: 1 + (n % 3),
        images: picturesFor(template, line, variant, colour, 1 + (n % 3)),
        popularity: random.int(0, 10_000),
        labels: JSON.stringify(labels),
        product_messages: JSON.stringify(productMessages),
        specifications: named.specifications,
        configurables,
        parent_id: null,
        variant_values: configurable ? JSON.stringify(valuesOf(template, line, variant, colour)) : null,
        created_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
      })
      if (configurable) configurableParents.push({ parent: products.at(-1)!, template, lineIndex, variant, colour, edition })

      productCategories.push({ product_id: id, category_id: parent.id }, { product_id: id, category_id: sub.id })
      if (window === currentWindow && offersCategory && n % 9 === 0) {
        productCategories.push({ product_id: id, category_id: offersCategory.id })
      }

      for (const regionId of regionIds) {
        // Big items are stocked only where they can be delivered; pre-orders hold no stock.
        const stocked = !outEverywhere && !preorder && (!bigItem || regionId === appConfig.regions.bigItemsOnlyId) && random.chance(0.82)
        const defaultRegionAlwaysStocked = regionId === appConfig.regions.defaultId && !outEverywhere && !preorder
        stock.push({ product_id: id, region_id: regionId, qty: stocked || defaultRegionAlwaysStocked ? random.int(1, 40) : 0 })
      }

      if (template.fee) {
        const feeKey = template.fee.title.en
        let feeId = feeIdByTitle.get(feeKey)
        if (feeId === undefined) {
          feeId = fees.length + 1
          feeIdByTitle.set(feeKey, feeId)
          fees.push({ fee_id: feeId, title_en: template.fee.title.en, title_ar: template.fee.title.ar })
        }
        // Priced in the fallback region everywhere, dearer in a few remote cities.
        feeOptions.push({
          fee_option_id: nextFeeOptionId++,
          fee_id: feeId,
          product_id: id,
          region_id: serverLimits.feeFallbackRegionId,
          price: template.fee.priceSar,
        })
        for (const remote of [1112, 1114, 1115]) {
          feeOptions.push({ fee_option_id: nextFeeOptionId++, fee_id: feeId, product_id: id, region_id: remote, price: template.fee.priceSar + 30 })
        }
      }
    }
  })

  // Variants come after every other product, from their own random stream: adding them moves no other product's id,
  // price or stock (docs/decisions/0020-variants-are-products.md).
  const variantRandom = createRandom((options.seed ?? 20261121) + 1)
  let nextVariantId = firstProductId + n
  // Rows by product, read once: filtering the whole stock per parent made a large catalogue take minutes.
  const byProduct = <T extends { product_id: number }>(rows: readonly T[]) => {
    const map = new Map<number, T[]>()
    for (const row of rows) {
      const held = map.get(row.product_id)
      if (held) held.push(row)
      else map.set(row.product_id, [row])
    }
    return map
  }
  const stockByProduct = byProduct(stock)
  const feesByProduct = byProduct(feeOptions)
  for (const { parent, template, lineIndex, variant: parentVariant, colour: parentColour, edition } of configurableParents) {
    const line = template.lines[lineIndex]!
    const parentStock = stockByProduct.get(parent.entity_id) ?? []
    const totals = new Map(parentStock.map((row) => [row.region_id, 0]))
    const parentFees = feesByProduct.get(parent.entity_id) ?? []
    const lineVariants = variantsOf(template, line)
    const lineColours = coloursOf(template, line)
    const variants = lineVariants.length > 1 ? lineVariants : [parentVariant]
    const colourStep = Math.round(360 / lineColours.length)
    const soldNowhere = parent.back_orders !== 0 || parentStock.every((row) => row.qty === 0)
    let variantNumber = 0
    for (const variant of variants) {
      for (const colour of lineColours) {
        const id = nextVariantId++
        const named = textsOf(template, lineIndex, variant, colour, edition, texts)
        // Prices rise with the variant (storage, size); the colour changes only the picture.
        const price = priceOf(template, line, lineVariants.indexOf(variant), edition?.priceFactor)
        const hueShift = (lineColours.indexOf(colour) - lineColours.indexOf(parentColour)) * colourStep
        products.push({
          ...parent,
          entity_id: id,
          sku: `${parent.sku}-${++variantNumber}`,
          rewrite_url: `${named.rewriteUrl}-${id}`,
          type_id: 'simple',
          name_ar: named.nameAr,
          name_en: named.nameEn,
          description_ar: named.description.ar,
          description_en: named.description.en,
          price,
          special_price: parent.special_price === null ? null : roundPrice((price * parent.special_price) / parent.price),
          image_hue: (parent.image_hue + hueShift + 720) % 360,
          images: picturesFor(template, line, variant, colour, parent.image_count),
          specifications: named.specifications,
          configurables: null,
          parent_id: parent.entity_id,
          variant_values: JSON.stringify(valuesOf(template, line, variant, colour)),
        })
        for (const row of parentStock) {
          // Pre-orders, products out everywhere and big items outside their city stay so in every variant.
          // The variant the parent was drawn as keeps the parent's own stock.
          const held = soldNowhere || (parent.big_items === 1 && row.region_id !== appConfig.regions.bigItemsOnlyId)
          const qty =
            variant === parentVariant && colour === parentColour ? row.qty : !held && variantRandom.chance(0.8) ? variantRandom.int(1, 20) : 0
          stock.push({ product_id: id, region_id: row.region_id, qty })
          totals.set(row.region_id, totals.get(row.region_id)! + qty)
        }
        for (const fee of parentFees) feeOptions.push({ ...fee, fee_option_id: nextFeeOptionId++, product_id: id })
      }
    }
    // A parent is in stock in a city when one of its variants is: its card says so (docs/decisions/0020-variants-are-products.md).
    for (const row of parentStock) row.qty = totals.get(row.region_id)!
  }

  return { categories, products, productCategories, stock, fees, feeOptions }
}

interface ConfigurableParent {
  parent: ProductRow
  template: SubCategoryTemplate
  lineIndex: number
  variant: Text
  colour: Text
  edition: Edition | null
}

/** The option values (value_index, from 1) that a variant of the template stands for. */
function valuesOf(template: SubCategoryTemplate, line: ProductLine, variant: Text, colour: Text): Record<string, number> {
  const variants = variantsOf(template, line)
  return {
    color: coloursOf(template, line).indexOf(colour) + 1,
    ...(variants.length > 1 ? { variant: variants.indexOf(variant) + 1 } : {}),
  }
}
