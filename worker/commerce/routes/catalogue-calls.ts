/** Product and content calls of the Direct API: related products, products by sku, the footer. */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig } from '../../../app.config'
import { documentsBySkus, relatedDocuments, type ProductDocument } from '../../storage/product-documents'
import { cachedCatalogue } from '../../storage/cached-catalogue'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { validate } from '../validate'
import { sku } from '../../../src/domain/schemas'

const relatedQuery = type({
  collection_type: "'related' | 'upsell' | 'crosssell'",
  limit: type('string.integer.parse').to(`1 <= number <= ${appConfig.limits.relatedProductsLimit}`),
  sku,
})

export const catalogueRoutes = new Hono<CommerceEnv>()
  .get('/amasty/related-products-by-sku', validate('query', relatedQuery), async (c) => {
    const { sku, limit } = c.req.valid('query')
    return c.json({ items: await relatedDocuments(c.env.DB, sku, limit, c.get('locale')) })
  })

  .get('/search/v2/get-products-by-skus', async (c) => {
    // Repeated sku and select parameters (docs/product.md, "Calls").
    const skus = c.req.queries('sku') ?? []
    const select = c.req.queries('select') ?? []
    const valid = sku.array().moreThanLength(0).atMostLength(50)(skus)
    const fields = type('/^[a-z_]{1,40}$/').array().atMostLength(40)(select)
    if (valid instanceof type.errors || fields instanceof type.errors) {
      throw new CommerceError(400, 'bad_request', undefined, [valid instanceof type.errors ? valid.summary : String(fields)])
    }
    const documents = await documentsBySkus(c.env.DB, valid, c.get('locale'))
    const items = fields.length === 0 ? documents : documents.map((d) => pick(d, ['sku', ...fields]))
    return c.json({ items })
  })

  .get('/media/json/getFooterJson', async (c) => {
    const footer = await cachedCatalogue(c.env).footer(c.get('locale'))
    return c.json({ data: footer })
  })

function pick(document: ProductDocument, fields: string[]): Partial<ProductDocument> {
  return Object.fromEntries(fields.filter((f) => f in document).map((f) => [f, document[f as keyof ProductDocument]]))
}
