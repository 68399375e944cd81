/**
 * The Algolia-compatible search service at /1/* (the subset the official algoliasearch v5 client uses
 * for the storefront): multi-index queries and single-index queries, answered from the embedded
 * indexes. Errors use Algolia's shape ({ message, status }) so the client reports them as it would
 * Algolia's; nothing a shopper can type causes a 500.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import { serverLimits } from '../../config/server-limits'
import type { SearchQuery } from './engine'
import { parseFacetFilters, parseFilters, type Filters } from './filters'
import { resolveIndex, searchWithDocuments } from './indexes'
import { eventStore } from '../storage/event-store'
import { bodyLimit } from 'hono/body-limit'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'

const limits = serverLimits.search
const stringList = type('string <= 200').array().atMostLength(50)

const facetFilterList = type('string <= 300').or(type('string <= 300').or(type('string <= 300').array().atMostLength(50)).array().atMostLength(50))

/** The search parameters the storefront sends, as Algolia names them. */
const searchParams = type({
  'query?': `string <= ${limits.maxQueryLength}`,
  'filters?': 'string <= 2000',
  'facetFilters?': facetFilterList,
  // Ranks the records that match before those that do not (the shopper's city: in stock there first).
  'optionalFilters?': facetFilterList,
  'attributesToHighlight?': stringList,
  'facets?': stringList.or('string <= 200'),
  'hitsPerPage?': `0 <= number.integer <= ${limits.maxHitsPerPage}`,
  'page?': '0 <= number.integer <= 1000',
  'clickAnalytics?': 'boolean',
  'analytics?': 'boolean',
  'userToken?': 'string <= 129',
  'attributesToRetrieve?': stringList,
  'highlightPreTag?': 'string <= 50',
  'highlightPostTag?': 'string <= 50',
  'getRankingInfo?': 'boolean',
})

/** Algolia Insights events: what the storefront reports after a search (docs/product.md, "Validation"). */
const insightsEvent = type({
  eventType: "'click' | 'conversion' | 'view'",
  'eventSubtype?': "'addToCart' | 'purchase'",
  eventName: '0 < string <= 64',
  index: '0 < string <= 100',
  userToken: /^[A-Za-z0-9_=+/:.-]{1,129}$/,
  'authenticatedUserToken?': /^[A-Za-z0-9_=+/:.-]{1,129}$/,
  'queryID?': /^[0-9a-f]{32}$/,
  objectIDs: type('0 < string <= 64').array().atLeastLength(1).atMostLength(20),
  'positions?': type('1 <= number.integer <= 1000').array().atMostLength(20),
  'objectData?': type({ '+': 'ignore' }).array().atMostLength(20),
  'timestamp?': 'number.integer',
  '+': 'ignore',
}).narrow((event, ctx) =>
  // A click after a search names where the product was, one position per product.
  event.positions === undefined || event.positions.length === event.objectIDs.length ? true : ctx.mustBe('an event with one position per object'),
)
const insightsBody = type({ events: insightsEvent.array().atLeastLength(1).atMostLength(serverLimits.anonymousWrites.eventsPerRequestMax) })

const request = searchParams.and({ indexName: 'string <= 100', 'params?': 'string <= 10000', 'type?': "'default'" })
const multiBody = type({
  requests: request.array().atLeastLength(1).atMostLength(limits.maxRequestsPerCall),
  'strategy?': "'none' | 'stopIfEnoughMatches'",
})
const singleBody = searchParams.and({ 'params?': 'string <= 10000' })

class SearchError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 429,
    message: string,
  ) {
    super(message)
  }
}

/** Parameters given as one URL-encoded string (older clients) merged under the named ones. */
function withParams(input: Record<string, unknown>): Record<string, unknown> {
  if (typeof input.params !== 'string') return input
  const merged: Record<string, unknown> = {}
  for (const [key, raw] of new URLSearchParams(input.params)) {
    let value: unknown = raw
    if (/^[[{]/.test(raw) || raw === 'true' || raw === 'false' || /^\d+$/.test(raw)) {
      try {
        value = JSON.parse(raw)
      } catch {
        value = raw
      }
    }
    merged[key] = value
  }
  const { params: _, ...named } = input
  return { ...merged, ...named }
}

function toQuery(input: Record<string, unknown>): SearchQuery & { clickAnalytics: boolean } {
  const checked = searchParams(withParams(input))
  if (checked instanceof type.errors) throw new SearchError(400, checked.summary)
  const filters = parseFilters(checked.filters ?? '')
  if ('error' in filters) throw new SearchError(400, filters.error)
  const facetFilters = parseFacetFilters(checked.facetFilters)
  if ('error' in facetFilters) throw new SearchError(400, facetFilters.error)
  const optionalFilters = parseFacetFilters(checked.optionalFilters)
  if ('error' in optionalFilters) throw new SearchError(400, optionalFilters.error.replace('facetFilters', 'optionalFilters'))
  const facets = typeof checked.facets === 'string' ? [checked.facets] : (checked.facets ?? [])
  return {
    query: checked.query ?? '',
    filters: [...filters, ...facetFilters] satisfies Filters,
    optionalFilters,
    facets,
    page: checked.page ?? 0,
    hitsPerPage: checked.hitsPerPage ?? 20,
    attributesToRetrieve: checked.attributesToRetrieve,
    highlightPreTag: checked.highlightPreTag ?? '<em>',
    highlightPostTag: checked.highlightPostTag ?? '</em>',
    clickAnalytics: checked.clickAnalytics ?? false,
  }
}

function queryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

async function runOne(env: Env, indexName: string, input: Record<string, unknown>) {
  const resolved = resolveIndex(indexName)
  if (!resolved) throw new SearchError(404, `Index ${indexName.slice(0, 100)} does not exist`)
  const started = performance.now()
  const q = toQuery(input)
  const answer = await searchWithDocuments(env, resolved.base, { ...q, sort: resolved.sort })
  return {
    ...answer,
    exhaustiveNbHits: true,
    query: q.query,
    params: new URLSearchParams({ query: q.query, hitsPerPage: String(q.hitsPerPage), page: String(q.page) }).toString(),
    index: indexName,
    processingTimeMS: Math.round(performance.now() - started),
    ...(q.clickAnalytics ? { queryID: queryId() } : {}),
  }
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new SearchError(400, 'The body is not valid JSON')
  }
}

export const searchApp = new Hono<{ Bindings: Env }>()
  .basePath('/1')
  // Queries and events are small; a large body is refused before it is read (serverLimits.anonymousWrites).
  .use(
    bodyLimit({
      maxSize: serverLimits.anonymousWrites.maxBodyBytes,
      onError: () => {
        throw new SearchError(413, 'The body is too large')
      },
    }),
  )
  .post('/events', (c) => receiveEvents(c))
  .post('/indexes/*/queries', async (c) => {
    const body = multiBody(await readJson(c))
    if (body instanceof type.errors) throw new SearchError(400, body.summary)
    const results = []
    for (const { indexName, ...input } of body.requests) results.push(await runOne(c.env, indexName, input))
    return c.json({ results })
  })
  .post('/indexes/:indexName/query', async (c) => {
    const body = singleBody(await readJson(c))
    if (body instanceof type.errors) throw new SearchError(400, body.summary)
    return c.json(await runOne(c.env, c.req.param('indexName'), body))
  })

/** Insights (Algolia's path on insights.algolia.io): stored for search analytics; a failure is only logged. */
async function receiveEvents(c: Context<{ Bindings: Env }>) {
  const body = insightsBody(await readJson(c))
  if (body instanceof type.errors) throw new SearchError(400, body.summary)
  const ip = clientIp((name) => c.req.header(name))
  if (!(await withinHourlyLimit(c.env, `events-ip:${ip}`, serverLimits.anonymousWrites.eventRequestsPerIpPerHour)))
    throw new SearchError(429, 'Too many events')
  try {
    await eventStore(c.env.DB).recordSearchEvents(
      body.events.map((e) => ({ ...e, userToken: e.authenticatedUserToken ?? e.userToken })),
      new Date(),
    )
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'search events failed', error: String(error) }))
  }
  return c.json({ status: 200, message: 'OK' })
}

searchApp.onError((error, c) => {
  if (error instanceof SearchError) return c.json({ message: error.message, status: error.status }, error.status)
  console.error(JSON.stringify({ level: 'error', message: 'search failed', error: String(error) }))
  return c.json({ message: 'Search is unavailable, please try again', status: 503 }, 503)
})
searchApp.notFound((c) => c.json({ message: 'Not found', status: 404 }, 404))
