/**
 * The retailer's catalogue file (docs/catalogue-import.md): CSV or JSON read into one shape, each product and category
 * checked with arktype and then against the rest of the file and the store (known regions, categories, SKUs, url
 * keys). Every problem is kept with where it is (CSV: line and column; JSON: item index and field path) and all of them
 * are answered together, so a retailer fixes the file once. Nothing here touches D1: a file with any problem never
 * reaches the SQL (worker/storage/catalogue-sql.ts, `importStatements`).
 */
import { type } from 'arktype'
import { regionIds } from '../../app.config'
import { productSlug, categorySlug, type ImageKind } from '../../src/domain/catalogue'
import { isPictureAddress } from '../../src/domain/pictures'
import { sku as skuPattern } from '../../src/domain/schemas'
import { imageKinds } from '../media/drawing-styles'

/** Where a problem is: a CSV line and column, or a JSON item and field path. */
export interface ImportProblem {
  /** "line 4, column price" or "products[2].name.ar". */
  where: string
  /** In English: the command prints it as it is. */
  message: string
  /** What the message says, for the console to say it in the staff member's language (./import-problem-text.ts). */
  reason?: ImportReason
}

/**
 * Every reason a file is refused, in English with its {values}: the command prints these words. The console says
 * the same reasons in the staff member's language from messages/*.json `import_problem_*` (./import-problem-text.ts,
 * whose test holds the English there to these words).
 */
export const importReasons = {
  csv_text_after_quote: 'text after a closing quote: a quote inside a quoted field is written twice ("")',
  csv_quote_unquoted: 'a quote inside an unquoted field: quote the whole field and write the quote twice ("")',
  csv_quote_unclosed: 'a quoted field is never closed (a missing ")',
  region_pair: '"{part}" is not REGION=AMOUNT (e.g. 1101=5)',
  option_values_count: '{ar} values against {en} in option_values_en',
  variant_pair: '"{part}" is not OPTION=VALUE (e.g. color=Silver)',
  missing: 'is missing',
  invalid: '{problem}',
  category_twice: 'category "{key}" is listed twice',
  no_category: 'no category has the url key "{key}"',
  category_loop: 'the category is its own ancestor ({chain})',
  remove_unknown: 'no product with SKU "{sku}" to remove',
  sku_twice: 'SKU "{sku}" is listed twice (first at {first})',
  variant_categories: "a variant belongs to no category: it is listed under its parent's",
  missing_for_new: 'is missing: a new product (a SKU the store does not have) needs it',
  url_key_taken_row: 'url key "{key}" is taken by another row ({first})',
  url_key_taken_store: 'url key "{key}" belongs to the store\'s product {owner}',
  must_be_arabic: 'must be written in Arabic',
  unknown_region_of: "unknown region {region} (the store's regions: {regions})",
  unknown_region: 'unknown region {region}',
  service_price: 'a service needs a price in at least one region',
  option_twice: 'option "{code}" is listed twice',
  special_price_range: 'must be more than 0 and less than the price ({price})',
  window_without_price: 'a discount window needs a special_price',
  not_calendar_day: '"{value}" is not a day of the calendar',
  window_backwards: 'the discount ends ({to}) before it starts ({from})',
  variant_has_options: 'a variant has no options of its own: its parent has them',
  own_variant: 'a product cannot be its own variant',
  parent_is_variant: '"{parent}" is a variant itself: name the configurable product it belongs to',
  no_parent: 'no configurable product (one with options) has the SKU "{parent}", in the file or the store',
  no_option: '{parent} has no option "{code}" (its options: {options})',
  option_value_missing: 'a value of option "{code}" is missing ({values})',
  not_option_value: '"{value}" is not a value of option "{code}" ({values})',
  variant_repeated: '{parent} already has a variant with these values ({first})',
  file_empty: 'the file is empty: the first line names the columns',
  column_missing: 'column {column} is missing',
  unknown_column: 'unknown column "{name}"',
  column_twice: 'the column is named twice',
  field_count: '{fields} fields where the header names {columns} columns (a comma inside a field needs quotes)',
  not_json: 'not JSON: {error}',
  must_be_array: 'must be an array',
} as const

type ReasonValues = Record<string, string | number>
export interface ImportReason {
  key: keyof typeof importReasons
  values: ReasonValues
}
type Said = Pick<ImportProblem, 'message' | 'reason'>
/** A problem the CSV's conversion found in a column, before the row's place is known. */
type Converted = Said & { column: string }

/** A reason's words with its values in place. */
export const reasonWords = (key: keyof typeof importReasons, values: ReasonValues) =>
  importReasons[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

function said(key: keyof typeof importReasons, values: ReasonValues = {}): Said {
  return { message: reasonWords(key, values), reason: { key, values } }
}

/** A gallery of more is a page of its own; the product page shows five thumbnails a row. */
const maxPictures = 10

/**
 * A character no text of the file may hold (docs/catalogue-import.md, "Characters"), and why: control characters (Cc,
 * U+0000-U+001F and U+007F-U+009F: a NUL passed the check and then failed the load), direction controls that reorder
 * what a shopper reads ("Charger \u202Egnp.exe" shows as "Charger exe.png"), zero-width characters and separators
 * nobody can see in a name. Only a description may break lines, with an ordinary line break (and hold a tab).
 */
const refusedCharacter = /[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u2028\u2029]/u
const inDescriptions = new Set(['\n', '\r', '\t'])

/** What is wrong with a text's characters, with the first refused one by its code and place (1 = the first). */
export function textCharacterProblem(value: string, lines: 'one' | 'several'): string | null {
  let at = 0
  for (const character of value) {
    at++
    if (!refusedCharacter.test(character) || (lines === 'several' && inDescriptions.has(character))) continue
    const code = codeOf(character)
    const oneLine = 'only a description may have several lines'
    if (character === '\n' || character === '\r') return `holds a line break (${code}) at character ${at}: ${oneLine}`
    if (character === '\u2028' || character === '\u2029')
      return `holds a ${character === '\u2028' ? 'line' : 'paragraph'} separator (${code}) at character ${at}: ${lines === 'one' ? oneLine : 'break lines with an ordinary line break'}`
    if (/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(character))
      return `holds an invisible direction control (${code}) at character ${at}, which reorders the text around it: remove it`
    if (/[\u200B-\u200D\u2060\uFEFF]/.test(character)) return `holds an invisible zero-width character (${code}) at character ${at}: remove it`
    return `holds a control character (${code}) at character ${at}: remove it`
  }
  return null
}

const codeOf = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/** A value as a message shows it: a refused character by its code, never as itself (a terminal would act on it). */
const shown = (value: string) => value.replace(new RegExp(refusedCharacter.source, 'gu'), (character) => `<${codeOf(character)}>`)

/** Text as written, its characters checked before its ends are trimmed. */
const checkedText = (lines: 'one' | 'several') =>
  type('string')
    .narrow((value, ctx) => {
      const problem = textCharacterProblem(value, lines)
      return problem === null || ctx.reject({ problem })
    })
    // A function: piped into type('string.trim'), the length after it is checked only once the rest of the row is valid.
    .pipe((value) => value.trim())
const text = checkedText('one').to('0 < string <= 300')
const bilingual = type({ ar: text, en: text })
/** One row must fit one SQL statement (D1: 100 KB): 20,000 characters of Arabic are 40 KB a language. */
const longText = checkedText('several').to('0 < string <= 20000')
const longBilingual = type({ ar: longText, en: longText })
/** A date (and time) in Asia/Riyadh as a retailer writes it: 2026-12-01 or 2026-12-01 18:30. */
const riyadhDatePattern = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/
const riyadhDate = type('string').narrow(
  (value, ctx) => riyadhDatePattern.test(value) || ctx.mustBe('a date in Riyadh time: YYYY-MM-DD or YYYY-MM-DD HH:MM'),
)
const money = type('0 <= number <= 10000000').narrow(
  (value, ctx) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 || ctx.mustBe('an amount in riyals with at most 2 decimals'),
)
const regionMap = (value: 'number.integer >= 0' | 'number >= 0') => type({ '[string]': value })
const picture = type('string').narrow(
  (value, ctx) => isPictureAddress(value) || ctx.mustBe('an https:// address on a public host or a path under /media/ on this store'),
)

export const importedProduct = type({
  sku: skuPattern,
  'url_key?': type('string').narrow((value, ctx) => productSlug.test(value) || ctx.mustBe('lower-case letters, digits and dashes')),
  name: bilingual,
  description: longBilingual,
  brand: bilingual,
  categories: text.array().narrow((value, ctx) => value.length > 0 || ctx.mustBe('at least one category url key')),
  price: money.narrow((value, ctx) => value > 0 || ctx.mustBe('more than 0')),
  'special_price?': money.or('null'),
  'special_from?': riyadhDate.or('null'),
  'special_to?': riyadhDate.or('null'),
  stock: regionMap('number.integer >= 0'),
  'images?': picture.array().atMostLength(maxPictures),
  'services?': type({ title: bilingual, prices: regionMap('number >= 0') }).array(),
  'options?': type({
    code: /^[a-z][a-z0-9_]{0,39}$/,
    label: bilingual,
    values: bilingual.array().atLeastLength(1),
  }).array(),
  'specifications?': type({ name: bilingual, value: bilingual }).array(),
  'fast_delivery?': 'boolean',
  'big_items?': 'boolean',
  'delivery_within_24_hours?': 'boolean',
  'not_for_sale?': 'boolean',
  'eligible_for_tabby?': 'boolean',
  'eligible_for_tamara?': 'boolean',
  'preorder?': 'boolean',
  /** Kept in the store but shown to no shopper (docs/catalogue-import.md, "CSV columns"). */
  'hidden?': 'boolean',
  'preorder_note?': bilingual,
  /** Units in a city at or below which the product is low there; null: the store's default. */
  'low_stock?': 'number.integer >= 0 | null',
  'popularity?': 'number.integer >= 0',
  'drawing?': type.enumerated(...imageKinds),
  'remove?': 'false',
  /** A variant of a configurable product (docs/decisions/0020-variants-are-products.md): its parent's SKU... */
  'parent_sku?': skuPattern,
  /** ...and the value it stands for of each of the parent's options, by option code: {"color": "Silver"}. */
  'variant?': { '[string]': text },
})
export type ImportedProduct = typeof importedProduct.infer

/** A new variant: a whole product but for its categories, which are its parent's (variants are listed under it). */
const importedVariant = importedProduct.omit('categories').and({ parent_sku: skuPattern, variant: { '[string]': text } })

/** A row for a product the store has: what it leaves out, the product keeps. */
const productUpdate = importedProduct.partial().and({ sku: skuPattern })
export type ProductUpdate = typeof productUpdate.infer

/** A row that takes a product off the store: only its SKU counts. */
const removal = type({ sku: skuPattern, remove: 'true' })

export const importedCategory = type({
  url_key: type('string').narrow((value, ctx) => categorySlug.test(value) || ctx.mustBe('lower-case letters, digits and dashes')),
  'parent?': 'string | null',
  name: bilingual,
  'position?': 'number.integer >= 0',
  'include_in_menu?': 'boolean',
})
export type ImportedCategory = typeof importedCategory.infer

/** A variant as written to the store: its parent and the value index it stands for of each option (decision 0020). */
export interface ImportedVariant {
  sku: string
  parent_sku: string
  values: Record<string, number>
}

/**
 * The file once read and checked: what to upsert (whole new products, updates of the store's), which SKUs to remove,
 * and which of the upserted products are variants of which parent.
 */
export interface CatalogueFile {
  categories: ImportedCategory[]
  products: ProductUpdate[]
  removals: string[]
  variants: ImportedVariant[]
}

/** A configurable product's option as the store or the file has it: its values in order (value_index = position + 1). */
export interface OptionValues {
  code: string
  values: { ar: string; en: string }[]
}

/** What the store holds already (read before the import): names the file may refer to or must not take. */
export interface StoreKeys {
  /** sku -> rewrite_url of every product. */
  products: Map<string, string>
  /** url_key of every category. */
  categories: Set<string>
  /** The options of each configurable product of the store, by SKU: what its variants choose from. */
  configurables?: Map<string, OptionValues[]>
  /** The SKUs of the store's variants: a variant cannot be a parent. */
  variants?: Set<string>
}

/** A date written in Riyadh time as the stored form (docs/product.md, "Rules": windows are instants with an offset). */
export function riyadhInstant(value: string, end: 'start' | 'end'): string {
  const [date, time] = value.split(' ')
  return `${date}T${time ? `${time}:00` : end === 'start' ? '00:00:00' : '23:59:59'}+03:00`
}

function validCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number)
  const date = new Date(Date.UTC(y!, m! - 1, d!))
  const [hh, mm] = (value.split(' ')[1] ?? '00:00').split(':').map(Number)
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d && hh! < 24 && mm! < 60
}

const arabicLetter = /[\u0600-\u06FF]/

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined)
const objectOf = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

// ---------------------------------------------------------------------------------------------------------------------
// CSV

/** One record of a CSV file: its fields and the line it starts on (quoted fields may span lines). */
interface CsvRecord {
  line: number
  fields: string[]
}

/** RFC 4180: comma-separated, fields in double quotes may hold commas, newlines and doubled quotes. */
export function parseCsv(source: string): { records: CsvRecord[]; problems: ImportProblem[] } {
  const input = source.replace(/^\uFEFF/, '')
  const records: CsvRecord[] = []
  const problems: ImportProblem[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let quoted = false
  let wasQuoted = false
  let i = 0
  const endField = () => {
    fields.push(wasQuoted ? field : field.trim())
    field = ''
    wasQuoted = false
  }
  const endRecord = () => {
    endField()
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields })
    fields = []
  }
  while (i < input.length) {
    const c = input[i]!
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        // After a closing quote only a separator or the end of the record may follow.
        const next = input[i]
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          problems.push({ where: `line ${line}`, ...said('csv_text_after_quote') })
          while (i < input.length && input[i] !== ',' && input[i] !== '\n' && input[i] !== '\r') i++
        }
        continue
      }
      if (c === '\n') line++
      field += c
      i++
      continue
    }
    if (c === '"') {
      if (field.trim() !== '') {
        // Kept as it is, so the rest of the record still splits where the writer meant.
        problems.push({ where: `line ${line}`, ...said('csv_quote_unquoted') })
        field += c
        i++
        continue
      }
      quoted = true
      wasQuoted = true
      field = ''
      i++
      continue
    }
    if (c === ',') {
      endField()
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      endRecord()
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
      continue
    }
    field += c
    i++
  }
  if (quoted) problems.push({ where: `line ${recordLine}`, ...said('csv_quote_unclosed') })
  else endRecord()
  return { records, problems }
}

/** The columns of a products CSV (docs/catalogue-import.md, "CSV columns"). */
export const productColumns = {
  // A file of updates names only the columns it changes; a new product's row must fill these (checked per row).
  required: ['sku'],
  newProduct: ['name_ar', 'name_en', 'description_ar', 'description_en', 'brand_ar', 'brand_en', 'categories', 'price', 'stock'],
  optional: [
    'url_key',
    'special_price',
    'special_from',
    'special_to',
    'images',
    'service_ar',
    'service_en',
    'service_prices',
    'option_code',
    'option_label_ar',
    'option_label_en',
    'option_values_ar',
    'option_values_en',
    'fast_delivery',
    'big_items',
    'delivery_within_24_hours',
    'not_for_sale',
    'eligible_for_tabby',
    'eligible_for_tamara',
    'preorder',
    'hidden',
    'preorder_note_ar',
    'preorder_note_en',
    'low_stock',
    'popularity',
    'drawing',
    'parent_sku',
    'variant',
    'remove',
  ],
} as const

export const categoryColumns = { required: ['url_key', 'name_ar', 'name_en'], optional: ['parent', 'position', 'include_in_menu'] } as const

const list = (value: string) =>
  value
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
const number = (value: string): number | string => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value)
const boolean = (value: string): boolean | string => {
  const v = value.toLowerCase()
  return ['yes', 'true', '1'].includes(v) ? true : ['no', 'false', '0'].includes(v) ? false : value
}

/** `1101=5|1102=0` as {1101: 5, 1102: 0}; a part without `=` is a problem of the column. */
function regionValues(value: string, column: string, problems: Converted[]): Record<string, number | string> {
  const out: Record<string, number | string> = {}
  for (const part of list(value)) {
    const [region, amount, ...rest] = part.split('=').map((s) => s.trim())
    if (!region || amount === undefined || amount === '' || rest.length > 0) {
      problems.push({ column, ...said('region_pair', { part }) })
      continue
    }
    out[region] = number(amount)
  }
  return out
}

/**
 * A products CSV row in the JSON item's shape; values that are not what they should be are kept for arktype to name.
 * A column the file has sets its field (empty: none, no, or nothing); a column it leaves out leaves the field out, so
 * a product the store has keeps it (docs/catalogue-import.md, "Upsert by SKU; how a product is removed").
 */
function productFromCsv(row: Record<string, string>, problems: Converted[]): Record<string, unknown> {
  const has = (...columns: string[]) => columns.some((column) => column in row)
  const item: Record<string, unknown> = { sku: row.sku ?? '' }
  const pair = (prefix: string) => ({ ar: row[`${prefix}_ar`] ?? '', en: row[`${prefix}_en`] ?? '' })
  if (row.remove && boolean(row.remove) === true) return { sku: row.sku, remove: true }
  if (row.remove) item.remove = boolean(row.remove)
  if (row.url_key) item.url_key = row.url_key
  for (const text of ['name', 'description', 'brand']) if (has(`${text}_ar`, `${text}_en`)) item[text] = pair(text)
  if (has('categories')) item.categories = list(row.categories!)
  if (has('price')) item.price = row.price === '' ? undefined : number(row.price!)
  if (has('special_price')) item.special_price = row.special_price ? number(row.special_price) : null
  if (has('special_from')) item.special_from = row.special_from || null
  if (has('special_to')) item.special_to = row.special_to || null
  if (has('stock')) item.stock = regionValues(row.stock!, 'stock', problems)
  if (has('images')) item.images = list(row.images!)
  if (has('service_ar', 'service_en', 'service_prices')) {
    item.services =
      row.service_en || row.service_ar || row.service_prices
        ? [{ title: pair('service'), prices: regionValues(row.service_prices ?? '', 'service_prices', problems) }]
        : []
  }
  if (has('option_code', 'option_values_ar', 'option_values_en')) {
    const ar = list(row.option_values_ar ?? '')
    const en = list(row.option_values_en ?? '')
    if (ar.length !== en.length) problems.push({ column: 'option_values_ar', ...said('option_values_count', { ar: ar.length, en: en.length }) })
    item.options =
      row.option_code || en.length > 0 || ar.length > 0
        ? [{ code: row.option_code ?? '', label: pair('option_label'), values: en.map((v, i) => ({ en: v, ar: ar[i] ?? '' })) }]
        : []
  }
  for (const flag of [
    'fast_delivery',
    'big_items',
    'delivery_within_24_hours',
    'not_for_sale',
    'eligible_for_tabby',
    'eligible_for_tamara',
    'preorder',
    'hidden',
  ]) {
    if (has(flag)) item[flag] = row[flag] ? boolean(row[flag]!) : false
  }
  if (row.preorder_note_ar || row.preorder_note_en) item.preorder_note = pair('preorder_note')
  if (has('low_stock')) item.low_stock = row.low_stock ? number(row.low_stock) : null
  if (row.popularity) item.popularity = number(row.popularity)
  if (row.drawing) item.drawing = row.drawing
  if (row.parent_sku) item.parent_sku = row.parent_sku
  if (row.variant) item.variant = optionValues(row.variant, problems)
  return item
}

/** `color=Silver|storage=512 GB` as {color: 'Silver', storage: '512 GB'}; a part without `=` is a problem of the column. */
function optionValues(value: string, problems: Converted[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of list(value)) {
    const at = part.indexOf('=')
    const code = part.slice(0, at).trim()
    const chosen = part.slice(at + 1).trim()
    if (at <= 0 || !chosen) {
      problems.push({ column: 'variant', ...said('variant_pair', { part }) })
      continue
    }
    out[code] = chosen
  }
  return out
}

function categoryFromCsv(row: Record<string, string>): Record<string, unknown> {
  const item: Record<string, unknown> = { url_key: row.url_key, name: { ar: row.name_ar ?? '', en: row.name_en ?? '' } }
  if (row.parent) item.parent = row.parent
  if (row.position) item.position = number(row.position)
  if (row.include_in_menu) item.include_in_menu = boolean(row.include_in_menu)
  return item
}

/** The CSV column a field of the JSON shape came from, to name it in a problem. */
export function csvColumnOf(path: readonly PropertyKey[]): string {
  const [head, second, third, fourth] = path.map(String)
  if (['name', 'description', 'brand', 'preorder_note'].includes(head!) && second) return `${head}_${second}`
  if (head === 'services') return third === 'title' && fourth ? `service_${fourth}` : 'service_prices'
  if (head === 'options') {
    if (third === 'label' && fourth) return `option_label_${fourth}`
    if (third === 'values') return `option_values_${String(path[4] ?? 'en')}`
    return 'option_code'
  }
  return head ?? 'sku'
}

/** A whole-path name for JSON: products[2].name.ar. */
function jsonPath(root: string, index: number, path: readonly PropertyKey[]): string {
  return `${root}[${index}]${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`
}

// ---------------------------------------------------------------------------------------------------------------------
// Reading and checking

interface Located<T> {
  value: T
  where: (path: readonly PropertyKey[]) => string
}

function checkShape<T>(
  schema: { (data: unknown): unknown },
  input: unknown,
  where: (path: readonly PropertyKey[]) => string,
  problems: ImportProblem[],
  missing: Said = said('missing'),
): T | null {
  const out = schema(input)
  if (out instanceof type.errors) {
    for (const error of out) {
      // "(was a string)" says less than the value itself, which a retailer can find in the file.
      const problem = typeof error.data === 'string' ? error.problem.replace('(was a string)', `(was "${error.data}")`) : error.problem
      problems.push({ where: where(error.path), ...(error.code === 'required' ? missing : said('invalid', { problem })) })
    }
    return null
  }
  return out as T
}

function checkRows(
  rawProducts: { item: unknown; where: (path: readonly PropertyKey[]) => string; conversion: Converted[] }[],
  rawCategories: { item: unknown; where: (path: readonly PropertyKey[]) => string }[],
  store: StoreKeys,
  problems: ImportProblem[],
): CatalogueFile {
  const categories: Located<ImportedCategory>[] = []
  for (const { item, where } of rawCategories) {
    const category = checkShape<ImportedCategory>(importedCategory, item, where, problems)
    if (category) categories.push({ value: category, where })
  }
  const fileCategories = new Map<string, Located<ImportedCategory>>()
  for (const category of categories) {
    const key = category.value.url_key
    if (fileCategories.has(key)) problems.push({ where: category.where(['url_key']), ...said('category_twice', { key }) })
    else fileCategories.set(key, category)
  }
  const knownCategory = (key: string) => fileCategories.has(key) || store.categories.has(key)
  for (const { value, where } of categories) {
    if (value.parent && !knownCategory(value.parent)) problems.push({ where: where(['parent']), ...said('no_category', { key: value.parent }) })
    // A loop of parents would make the category tree endless (the store's own parents are not in the file's reach).
    const seen = new Set([value.url_key])
    for (let parent = value.parent; parent && fileCategories.has(parent); parent = fileCategories.get(parent)!.value.parent) {
      if (seen.has(parent)) {
        problems.push({ where: where(['parent']), ...said('category_loop', { chain: [...seen, parent].join(' > ') }) })
        break
      }
      seen.add(parent)
    }
  }

  const products: ProductUpdate[] = []
  const removals: string[] = []
  const variantRows: { row: Record<string, unknown>; where: (path: readonly PropertyKey[]) => string }[] = []
  const seenSku = new Map<string, string>()
  const seenUrlKey = new Map<string, string>()
  const regions = new Set<string>(regionIds.map(String))
  const urlOwners = new Map([...store.products].map(([sku, rewriteUrl]) => [rewriteUrl, sku]))
  for (const { item, where, conversion } of rawProducts) {
    for (const { column, ...problem } of conversion) problems.push({ where: where([column]), ...problem })
    const record = item as { sku?: unknown; remove?: unknown }
    if (record.remove === true) {
      const removed = checkShape<{ sku: string }>(removal, item, where, problems)
      if (!removed) continue
      if (!store.products.has(removed.sku)) problems.push({ where: where(['sku']), ...said('remove_unknown', { sku: removed.sku }) })
      if (seenSku.has(removed.sku))
        problems.push({ where: where(['sku']), ...said('sku_twice', { sku: removed.sku, first: seenSku.get(removed.sku)! }) })
      seenSku.set(removed.sku, where(['sku']))
      removals.push(removed.sku)
      continue
    }
    const before = problems.length
    const isNew = !store.products.has(stringOf(record.sku) ?? '')
    const isVariant = stringOf((item as { parent_sku?: unknown }).parent_sku) !== undefined
    if (isVariant && (item as { categories?: unknown }).categories !== undefined && arrayOf((item as { categories?: unknown }).categories).length > 0)
      problems.push({ where: where(['categories']), ...said('variant_categories') })
    const missingForNew = said('missing_for_new')
    const given = isVariant ? withoutEmptyCategories(item) : item
    const product = isNew
      ? checkShape<ImportedProduct>(isVariant ? importedVariant : importedProduct, given, where, problems, missingForNew)
      : checkShape<ProductUpdate>(productUpdate, given, where, problems)
    const problem = (path: readonly PropertyKey[], reason: Said) => problems.push({ where: where(path), ...reason })
    // The checks across fields, rows and the store run on a row whatever its shape, so one pass names every problem.
    const row = (product ?? item) as Record<string, unknown>
    const sku = stringOf(row.sku)
    const name = objectOf(row.name)
    const price = typeof row.price === 'number' ? row.price : null

    if (sku) {
      const firstAt = seenSku.get(sku)
      if (firstAt) problem(['sku'], said('sku_twice', { sku, first: firstAt }))
      else seenSku.set(sku, where(['sku']))
    }
    const nameEn = stringOf(name.en)
    // A product of the store keeps its url key unless its row gives one.
    if (sku && (isNew ? nameEn : stringOf(row.url_key))) {
      const urlKey = productUrlKey({ sku, url_key: stringOf(row.url_key), name: { en: nameEn ?? '', ar: '' } })
      const urlFirstAt = seenUrlKey.get(urlKey)
      if (urlFirstAt) problem(['url_key'], said('url_key_taken_row', { key: urlKey, first: urlFirstAt }))
      else seenUrlKey.set(urlKey, where(['url_key']))
      const owner = urlOwners.get(urlKey)
      if (owner !== undefined && owner !== sku) problem(['url_key'], said('url_key_taken_store', { key: urlKey, owner }))
    }
    for (const field of ['name', 'description'] as const) {
      const arabic = stringOf(objectOf(row[field]).ar)?.trim()
      if (arabic && !arabicLetter.test(arabic)) problem([field, 'ar'], said('must_be_arabic'))
    }
    arrayOf(row.categories).forEach((key, i) => {
      if (typeof key === 'string' && key.trim() && !knownCategory(key.trim())) problem(['categories', i], said('no_category', { key }))
    })
    for (const region of Object.keys(objectOf(row.stock))) {
      if (!regions.has(region)) problem(['stock', region], said('unknown_region_of', { region, regions: regionIds.join(', ') }))
    }
    arrayOf(row.services).forEach((service, i) => {
      const prices = objectOf(objectOf(service).prices)
      for (const region of Object.keys(prices)) {
        if (!regions.has(region)) problem(['services', i, 'prices', region], said('unknown_region', { region }))
      }
      if (Object.keys(prices).length === 0) problem(['services', i, 'prices'], said('service_price'))
    })
    const codes = arrayOf(row.options).map((option) => objectOf(option).code)
    codes.forEach((code, i) => {
      if (codes.indexOf(code) !== i) problem(['options', i, 'code'], said('option_twice', { code: String(code) }))
    })

    const special = typeof row.special_price === 'number' ? row.special_price : null
    if (special !== null && price !== null && !(special > 0 && special < price))
      problem(['special_price'], said('special_price_range', { price: String(price) }))
    const from = stringOf(row.special_from)
    const to = stringOf(row.special_to)
    // An update that leaves the special price out keeps the store's, which its new window may go with.
    if (row.special_price === null || (isNew && row.special_price === undefined)) {
      if (from || to) problem([from ? 'special_from' : 'special_to'], said('window_without_price'))
    }
    const dateOk = (value: string | undefined) => value !== undefined && riyadhDatePattern.test(value) && validCalendarDate(value)
    for (const [key, value] of [
      ['special_from', from],
      ['special_to', to],
    ] as const) {
      if (value && riyadhDatePattern.test(value) && !validCalendarDate(value)) problem([key], said('not_calendar_day', { value }))
    }
    if (dateOk(from) && dateOk(to) && Date.parse(riyadhInstant(from!, 'start')) >= Date.parse(riyadhInstant(to!, 'end')))
      problem(['special_to'], said('window_backwards', { from: String(from), to: String(to) }))
    if (isVariant) variantRows.push({ row, where })
    if (product && problems.length === before) products.push(product)
  }
  const variants = checkVariants(variantRows, rawProducts, store, problems)
  const valid = new Set(variants.map((v) => v.sku))
  return {
    categories: categories.map((c) => c.value),
    products: products.filter((p) => !p.parent_sku || valid.has(p.sku)),
    removals,
    variants,
  }
}

/** A CSV row of a variant names its categories column empty (the file has the column for other rows): nothing given. */
function withoutEmptyCategories(item: unknown): unknown {
  const { categories, ...rest } = item as Record<string, unknown>
  return Array.isArray(categories) && categories.length === 0 ? rest : item
}

/**
 * The variants of the file against their parents (docs/decisions/0020-variants-are-products.md): a parent is a
 * configurable product of the file or the store, not a variant itself; a variant names one of the values of every
 * option of its parent (in English or Arabic, as the parent's values are written), has no options of its own, and
 * stands for a combination no other variant of the parent has.
 */
function checkVariants(
  rows: { row: Record<string, unknown>; where: (path: readonly PropertyKey[]) => string }[],
  rawProducts: { item: unknown }[],
  store: StoreKeys,
  problems: ImportProblem[],
): ImportedVariant[] {
  const fileOptions = new Map<string, OptionValues[]>()
  const fileVariants = new Set<string>()
  for (const { item } of rawProducts) {
    const row = objectOf(item)
    const sku = stringOf(row.sku)
    if (!sku) continue
    if (stringOf(row.parent_sku)) fileVariants.add(sku)
    const options = arrayOf(row.options).map((option) => ({
      code: stringOf(objectOf(option).code) ?? '',
      values: arrayOf(objectOf(option).values).map((v) => ({ ar: stringOf(objectOf(v).ar) ?? '', en: stringOf(objectOf(v).en) ?? '' })),
    }))
    if (options.length > 0) fileOptions.set(sku, options)
  }
  const variants: ImportedVariant[] = []
  const combinations = new Map<string, string>()
  for (const { row, where } of rows) {
    const sku = stringOf(row.sku) ?? ''
    const parent = stringOf(row.parent_sku) ?? ''
    const problem = (path: readonly PropertyKey[], reason: Said) => problems.push({ where: where(path), ...reason })
    if (arrayOf(row.options).length > 0) problem(['options', 0, 'code'], said('variant_has_options'))
    if (parent === sku) {
      problem(['parent_sku'], said('own_variant'))
      continue
    }
    if (fileVariants.has(parent) || store.variants?.has(parent)) {
      problem(['parent_sku'], said('parent_is_variant', { parent }))
      continue
    }
    const options = fileOptions.get(parent) ?? store.configurables?.get(parent)
    if (!options) {
      problem(['parent_sku'], said('no_parent', { parent }))
      continue
    }
    const chosen = objectOf(row.variant)
    const values: Record<string, number> = {}
    for (const code of Object.keys(chosen)) {
      if (!options.some((option) => option.code === code))
        problem(['variant', code], said('no_option', { parent, code, options: options.map((o) => o.code).join(', ') }))
    }
    for (const option of options) {
      const value = stringOf(chosen[option.code])?.trim()
      if (!value) {
        problem(['variant', option.code], said('option_value_missing', { code: option.code, values: option.values.map((v) => v.en).join(', ') }))
        continue
      }
      const index = option.values.findIndex((v) => [v.en, v.ar].some((label) => label.trim().toLowerCase() === value.toLowerCase()))
      if (index === -1)
        problem(['variant', option.code], said('not_option_value', { value, code: option.code, values: option.values.map((v) => v.en).join(', ') }))
      else values[option.code] = index + 1
    }
    if (Object.keys(values).length !== options.length) continue
    const combination = `${parent}:${options.map((o) => values[o.code]).join(',')}`
    const first = combinations.get(combination)
    if (first) {
      problem(['variant'], said('variant_repeated', { parent, first }))
      continue
    }
    combinations.set(combination, sku)
    variants.push({ sku, parent_sku: parent, values })
  }
  return variants
}

export function productUrlKey(product: Pick<ImportedProduct, 'url_key' | 'sku' | 'name'>): string {
  if (product.url_key) return product.url_key
  const slug = `${product.name.en} ${product.sku}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug.slice(0, 200)
}

function csvRows(
  source: string,
  columns: { required: readonly string[]; newProduct?: readonly string[]; optional: readonly string[] },
  problems: ImportProblem[],
): { row: Record<string, string>; line: number }[] {
  const { records, problems: syntax } = parseCsv(source)
  problems.push(...syntax)
  const [header, ...body] = records
  if (!header) {
    problems.push({ where: 'line 1', ...said('file_empty') })
    return []
  }
  const names = header.fields.map((f) => f.trim().toLowerCase())
  const known = new Set<string>([...columns.required, ...(columns.newProduct ?? []), ...columns.optional])
  for (const missing of columns.required.filter((c) => !names.includes(c))) {
    problems.push({ where: `line ${header.line}`, ...said('column_missing', { column: missing }) })
  }
  names.forEach((name, i) => {
    if (!known.has(name)) problems.push({ where: `line ${header.line}, column ${i + 1}`, ...said('unknown_column', { name }) })
    else if (names.indexOf(name) !== i) problems.push({ where: `line ${header.line}, column ${name}`, ...said('column_twice') })
  })
  const rows: { row: Record<string, string>; line: number }[] = []
  for (const record of body) {
    if (record.fields.length !== names.length) {
      problems.push({
        where: `line ${record.line}`,
        ...said('field_count', { fields: record.fields.length, columns: names.length }),
      })
      continue
    }
    rows.push({ row: Object.fromEntries(names.map((name, i) => [name, record.fields[i]!])), line: record.line })
  }
  return rows
}

/** Reads and checks a products CSV, and optionally a categories CSV. */
export function readCatalogueCsv(products: string, store: StoreKeys, categories?: string): { file: CatalogueFile; problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  const categoryProblems: ImportProblem[] = []
  const categoryRows = categories === undefined ? [] : csvRows(categories, categoryColumns, categoryProblems)
  problems.push(...categoryProblems.map((p) => ({ ...p, where: `categories file, ${p.where}` })))
  const rawCategories = categoryRows.map(({ row, line }) => ({
    item: categoryFromCsv(row),
    where: (path: readonly PropertyKey[]) => `categories file, line ${line}, column ${categoryColumnOf(path)}`,
  }))
  const rawProducts = csvRows(products, productColumns, problems).map(({ row, line }) => {
    const conversion: Converted[] = []
    const item = productFromCsv(row, conversion)
    return {
      item,
      conversion,
      where: (path: readonly PropertyKey[]) => `line ${line}, column ${csvColumnOf(path)}`,
    }
  })
  const file = checkRows(rawProducts, rawCategories, store, problems)
  return { file, problems: problems.map(readable) }
}

function categoryColumnOf(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String)
  return head === 'name' && second ? `name_${second}` : (head ?? 'url_key')
}

/** Reads and checks a JSON catalogue: `{ "categories": [...], "products": [...] }` or an array of products. */
export function readCatalogueJson(source: string, store: StoreKeys): { file: CatalogueFile; problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  let data: unknown
  try {
    data = JSON.parse(source.replace(/^\uFEFF/, ''))
  } catch (error) {
    problems.push({ where: 'the file', ...said('not_json', { error: (error as Error).message }) })
    return { file: { categories: [], products: [], removals: [], variants: [] }, problems: problems.map(readable) }
  }
  const document = Array.isArray(data) ? { products: data } : (data as { products?: unknown; categories?: unknown })
  if (typeof document !== 'object' || document === null || !Array.isArray(document.products)) {
    problems.push({ where: 'the file', message: 'expected {"products": [...]} (and optionally "categories": [...]) or an array of products' })
    return { file: { categories: [], products: [], removals: [], variants: [] }, problems }
  }
  if (document.categories !== undefined && !Array.isArray(document.categories)) {
    problems.push({ where: 'categories', ...said('must_be_array') })
  }
  const rawCategories = (Array.isArray(document.categories) ? document.categories : []).map((item: unknown, index: number) => ({
    item,
    where: (path: readonly PropertyKey[]) => jsonPath('categories', index, path),
  }))
  const rawProducts = document.products.map((item: unknown, index: number) => ({
    item,
    conversion: [],
    where: (path: readonly PropertyKey[]) => jsonPath('products', index, path),
  }))
  return { file: checkRows(rawProducts, rawCategories, store, problems), problems: problems.map(readable) }
}

/** A problem as the terminal prints it: a value of the file it quotes shows a refused character by its code. */
function readable(problem: ImportProblem): ImportProblem {
  const reason = problem.reason && {
    key: problem.reason.key,
    values: Object.fromEntries(
      Object.entries(problem.reason.values).map(([name, value]) => [name, typeof value === 'string' ? shown(value) : value]),
    ),
  }
  return { where: shown(problem.where), message: shown(problem.message), ...(reason ? { reason } : {}) }
}

/** The drawing a product without a picture (or whose picture fails) shows: its own kind, else a parcel. */
export function drawingOf(product: Pick<ProductUpdate, 'drawing'>): ImageKind {
  return product.drawing ?? 'box'
}

/** A catalogue file's two forms (docs/catalogue-import.md): read by the command and by the console's import alike. */
export type CatalogueFormat = 'csv' | 'json'

export const catalogueFormatOf = (name: string): CatalogueFormat | null => {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase()
  return extension === 'csv' || extension === 'json' ? extension : null
}

/** Reads and checks a file of either form; a categories CSV goes only with a products CSV (JSON lists its own). */
export function readCatalogue(
  format: CatalogueFormat,
  source: string,
  store: StoreKeys,
  categories?: string,
): { file: CatalogueFile; problems: ImportProblem[] } {
  return format === 'csv' ? readCatalogueCsv(source, store, categories) : readCatalogueJson(source, store)
}
