/**
 * The frame's proxy routes (docs/product.md, "Calls"): category tree, regions, home content, city delivery
 * dates and the footer. Tree, regions, home and footer are read through the KV cache.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { availableDeliveryDates } from '../../src/domain/dates'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { catalogueStore } from '../storage/catalogue-store'
import { ApiError } from './errors'
import { validate } from './validate'
import { locale, regionId } from '../../src/domain/schemas'

const lang = type({ lang: locale })
const localeQuery = type({ locale })
/** A city id is one of the store's regions (4 digits, docs/product.md, "Limits"); given as a number or a digit string. */
const cityBody = type({ cityId: regionId })

export const catalogueApi = new Hono<{ Bindings: Env }>()
  .get('/category/tree', validate('query', lang), async (c) => {
    const { lang } = c.req.valid('query')
    return c.json({ data: await cachedCatalogue(c.env).categoryTree(lang) })
  })
  .get('/getRegions', validate('query', lang), async (c) => {
    const { lang } = c.req.valid('query')
    // The documented shape (docs/product.md, "Calls"): a label and a value; the lead days are the frame's own.
    const regions = await cachedCatalogue(c.env).regions(lang)
    return c.json({ data: regions.map(({ label, value }) => ({ label, value })) })
  })
  .get('/getHomeJson', validate('query', localeQuery), async (c) => {
    const { locale } = c.req.valid('query')
    return c.json(await cachedCatalogue(c.env).homeContent(locale))
  })
  .post('/header/getAllCityDeliveryDate', validate('json', cityBody), async (c) => {
    const { cityId } = c.req.valid('json')
    const region = await catalogueStore(c.env.DB).region(Number(cityId))
    if (!region) throw new ApiError(404, 'not_found', [`unknown city ${cityId}`])
    return c.json({ AvailableDates: availableDeliveryDates(new Date(), region.delivery_lead_days, region.delivery_date_count) })
  })
  .get('/footer', validate('query', lang), async (c) => {
    const { lang } = c.req.valid('query')
    try {
      const footer = await cachedCatalogue(c.env).footer(lang)
      return c.json({ data: footer, status: 200, message: 'ok' })
    } catch (error) {
      // docs/product.md, "Errors": a footer failure gives empty data with a status and message, never a broken page.
      console.error(JSON.stringify({ level: 'error', message: 'footer failed', error: String(error) }))
      return c.json({ data: null, status: 503, message: 'footer unavailable' }, 503)
    }
  })
