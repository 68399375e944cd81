// Search latency over loopback, as the storefront asks: suggestions (the query-suggestion index and
// 6 products in one multi-query, as the search box does while typing) and results (24 products with
// brand and category facets, in stock in the region, as /search does). Used by npm run bench.
export const typedQueries = [
  'sam',
  'samsung gal',
  'iph',
  'iphone 17 pro',
  'lapt',
  'tv 55',
  'ايف',
  'سامسونج',
  'تلفزيون',
  'شاحن',
  'جوال هواوي',
  'headph',
]

function indexFor(query: string) {
  return /[\u0600-\u06FF]/.test(query) ? 'ar' : 'en'
}

async function post(base: string, body: unknown): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${base}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`search answered ${response.status}`)
  return performance.now() - started
}

const suggestions = (query: string) => {
  const lang = indexFor(query)
  return {
    requests: [
      { indexName: `products_query_suggestions_${lang}`, query, hitsPerPage: 9 },
      {
        indexName: `products_${lang}`,
        query,
        hitsPerPage: 6,
        filters: 'stock_region_ids=1101',
        attributesToRetrieve: ['name', 'rewrite_url', 'image', 'prices_with_tax'],
      },
    ],
  }
}
const results = (query: string) => ({
  requests: [{ indexName: `products_${indexFor(query)}`, query, hitsPerPage: 24, facets: ['brand', 'category'], clickAnalytics: true }],
})

async function measure(base: string, make: (q: string) => unknown, rounds: number) {
  const latencies: number[] = []
  for (let i = 0; i < rounds; i++) for (const q of typedQueries) latencies.push(await post(base, make(q)))
  latencies.sort((a, b) => a - b)
  return { median: latencies[Math.floor(latencies.length / 2)]!, p95: latencies[Math.floor(latencies.length * 0.95)]!, count: latencies.length }
}

/** The first search after a start builds the indexes: that is what a cold isolate costs. */
export async function searchColdStartMs(base: string): Promise<number> {
  return post(base, results('samsung'))
}

/** Suggestions and results, each typed query 10 times, one request at a time, after two warm-up rounds. */
export async function benchSearch(base: string) {
  await measure(base, suggestions, 2)
  await measure(base, results, 2)
  return { suggestions: await measure(base, suggestions, 10), results: await measure(base, results, 10) }
}
