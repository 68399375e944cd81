/**
 * The console's products, prices and stock (docs/product.md, "The merchant console"), each route for `catalogue.manage`:
 *
 * - GET /api/ops/products?q=&category=&before=: products newest first, by SKU, name (either language) or category
 * - GET /api/ops/products/{sku}: one product to edit, with its stock per city, its version and its audit trail
 * - POST /api/ops/products/{sku} {version, name, description, price, special_price, special_from, special_to, ...}:
 *   saved as an import of one row (worker/catalogue/console-edit.ts); 400 with every refused field in the staff
 *   member's language, 409 `product_changed` with who changed it and when if the version moved since
 * - POST /api/ops/products/{sku}/stock {changes: [{region_id, set | add}], reason, note?}: 409 `stock_short` when a
 *   subtraction would take a city below zero
 * - GET /api/ops/stock?region=&offset=: stock at or below its threshold, lowest first
 *
 * Refusals carry a message in the staff member's language (`?lang=`, as every API answer: worker/api/locale.ts).
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { regionIds, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { formatRiyadhTime } from '../../src/domain/dates'
import { editProblems, stockNoteMax, stockReasons, type ProductEdit } from '../../src/domain/product-edit'
import { sku as skuPattern } from '../../src/domain/schemas'
import { m } from '../../src/paraglide/messages.js'
import { changeStock, saveProduct } from '../catalogue/console-edit'
import { currentRequestId } from '../http/request-context'
import { auditStore } from '../storage/audit-store'
import { consoleProductStore } from '../storage/console-product-store'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { allowed, auditOf, type OpsEnv } from './ops-access'
import { validate } from './validate'

const bilingual = type({ ar: 'string <= 20000', en: 'string <= 20000' })
const minute = 'string <= 16 | null'
const editBody = type({
  version: 'number.integer >= 0',
  name: bilingual,
  description: bilingual,
  price: 'number',
  special_price: 'number | null',
  special_from: minute,
  special_to: minute,
  hidden: 'boolean',
  not_for_sale: 'boolean',
  preorder: 'boolean',
  preorder_note: bilingual.or('null'),
  big_items: 'boolean',
  fast_delivery: 'boolean',
  delivery_within_24_hours: 'boolean',
  eligible_for_tabby: 'boolean',
  eligible_for_tamara: 'boolean',
  images: type('string <= 2000').array().atMostLength(50),
  low_stock: 'number.integer | null',
})

const region = type.enumerated(...regionIds)
/** A city's count (set) or a move of units (add; negative takes away); at most a million units either way. */
const units = 'number.integer'
const stockBody = type({
  changes: type
    .or({ region_id: region, set: `0 <= ${units} <= 1000000` }, { region_id: region, add: `-1000000 <= ${units} <= 1000000` })
    .array()
    .atLeastLength(1)
    .atMostLength(regionIds.length),
  reason: type.enumerated(...stockReasons),
  'note?': `string <= ${stockNoteMax}`,
})

const skuParam = type({ sku: skuPattern })

/** A refusal in the API's error shape, its message in the staff member's language, with what the screen needs. */
function refused(c: Context<OpsEnv>, status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ error: { status, code, message, issues: [message], requestId: currentRequestId(), ...extra } }, status)
}

/** Who last changed a product, as the staff member reads it: a name, or the catalogue import. */
const changedBy = (by: string | null, locale: Locale) => by ?? m.ops_product_by_import({}, { locale })

export const opsProductsApi = new Hono<OpsEnv>()
  .get(
    '/ops/products',
    allowed('catalogue.manage'),
    validate('query', type({ 'q?': 'string <= 100', 'category?': 'string <= 100', 'before?': /^\d{1,12}$/ })),
    async (c) => {
      const { q, category, before } = c.req.valid('query')
      const rows = await consoleProductStore(c.env.DB).list({ q, category, before: before ? Number(before) : undefined })
      const older = rows.length === serverLimits.orders.consolePageSize ? rows.at(-1)!.entity_id : null
      return c.json({ data: { products: rows, older } })
    },
  )
  .get('/ops/products/:sku', allowed('catalogue.manage'), validate('param', skuParam), async (c) => {
    const { sku } = c.req.valid('param')
    const product = await consoleProductStore(c.env.DB).product(sku)
    if (!product) throw new ApiError(404, 'not_found')
    const audit = await auditStore(c.env.DB).list({ subject: { kind: 'product', id: sku }, limit: 20 })
    return c.json({ data: { product, audit } })
  })
  .post('/ops/products/:sku', allowed('catalogue.manage'), validate('param', skuParam), validate('json', editBody), async (c) => {
    const { sku } = c.req.valid('param')
    const edit = c.req.valid('json') as ProductEdit
    const locale = requestLocale(c)
    const problems = editProblems(edit, locale)
    if (problems.length > 0) {
      return refused(c, 400, 'bad_request', m.error_bad_request({}, { locale }), {
        issues: problems.map((p) => p.message),
        fields: Object.fromEntries(problems.map((p) => [p.field, p.message])),
      })
    }
    const outcome = await saveProduct(c.env, sku, edit, auditOf(c, 'product.edit', { kind: 'product', id: sku }))
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError(404, 'not_found')
      case 'refused': {
        // What the import's own check refused beyond the form's rules (a refused character, mostly): its words name the field.
        const issues = outcome.problems.map((p) => `${p.where.replace(/^products\[0\]\./, '')}: ${p.message}`)
        return refused(c, 400, 'bad_request', m.error_bad_request({}, { locale }), { issues })
      }
      case 'stale':
        return refused(
          c,
          409,
          'product_changed',
          m.ops_product_stale({ who: changedBy(outcome.by, locale), when: outcome.at ? formatRiyadhTime(outcome.at, locale) : '' }, { locale }),
          { changed_by: outcome.by, changed_at: outcome.at, version: outcome.version },
        )
      case 'saved':
        return c.json({ data: { product: outcome.product } })
    }
  })
  .post('/ops/products/:sku/stock', allowed('catalogue.manage'), validate('param', skuParam), validate('json', stockBody), async (c) => {
    const { sku } = c.req.valid('param')
    const edit = c.req.valid('json')
    const locale = requestLocale(c)
    if (new Set(edit.changes.map((change) => change.region_id)).size !== edit.changes.length)
      return refused(c, 400, 'bad_request', m.ops_stock_city_twice({}, { locale }))
    const outcome = await changeStock(c.env, sku, edit, auditOf(c, 'stock.change', { kind: 'product', id: sku }))
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError(404, 'not_found')
      case 'follows_variants':
        return refused(c, 409, 'stock_follows_variants', m.ops_stock_follows_variants({}, { locale }))
      case 'short':
        return refused(c, 409, 'stock_short', m.ops_stock_short({}, { locale }), { region_id: outcome.region_id })
      case 'saved':
        return c.json({ data: { product: outcome.product } })
    }
  })
  .get(
    '/ops/stock',
    allowed('catalogue.manage'),
    validate('query', type({ 'region?': type.enumerated(...regionIds.map(String)), 'offset?': /^\d{1,7}$/ })),
    async (c) => {
      const query = c.req.valid('query')
      const offset = Number(query.offset ?? 0)
      const region = query.region ? (Number(query.region) as (typeof regionIds)[number]) : undefined
      const store = consoleProductStore(c.env.DB)
      const [rows, count] = await Promise.all([store.lowStock({ region, offset }), store.lowStockCount(region)])
      const next = offset + rows.length < count ? offset + rows.length : null
      return c.json({ data: { rows, count, next, default_threshold: serverLimits.orders.lowStockDefault } })
    },
  )
