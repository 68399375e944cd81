// Trips to storage per page and tap (docs/architecture.md, "Trips to storage"), at 0 and 60 ms per trip: the built
// Worker served twice on a freshly seeded store, the second time with MATJAR_STORAGE_LATENCY_MS=60, each request's
// trips read from its log line (by its x-request-id) and its time measured over loopback. Used by npm run bench;
// alone: tsx scripts/trips-bench.ts [--no-build]. Prints the figures; nothing asserts them.
import { readFileSync } from 'node:fs'
import { startLocalWorker } from './local-worker'
import { checkoutDetails, type ShippingMethods } from '../tests/e2e/checkout-details'

interface Trips {
  d1: number
  d1Batches: number
  do: number
  serialTrips: number
}
interface Measured {
  trips: Trips
  ms: number
}

const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' }
let seq = 0

/** Runs the pages and taps of a shopper's visit against the Worker at `base`, each request's trips and time. */
async function visit(base: string, port: number): Promise<Map<string, Measured>> {
  const ids = new Map<string, { id: string; ms: number }>()
  const timed = async (name: string, path: string, init: RequestInit = {}) => {
    const id = `trips-${Date.now()}-${++seq}`
    const started = performance.now()
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>), 'x-request-id': id },
    })
    const body = await response.text()
    const ms = performance.now() - started
    if (!response.ok) throw new Error(`${name}: ${path} answered ${response.status}: ${body.slice(0, 300)}`)
    ids.set(name, { id, ms })
    return body
  }
  const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}trips=${++seq}`
  // Warm: the module graph, KV's copies of the frame, a search index, a listing index.
  const category = await (await fetch(`${base}/en/laptops`, { headers })).text()
  await fetch(`${base}/en/search?q=phone`, { headers })
  await fetch(`${base}/en/`, { headers })
  const productPath = `/en${/href="(?:\/en)?(\/product\/[^"]+)"/.exec(category)?.[1] ?? '/laptops'}`
  await fetch(`${base}${productPath}`, { headers })
  await fetch(`${base}/api/getRegions?lang=en`)

  await timed('home page, uncached', fresh('/en/'))
  await timed('category page, uncached', fresh('/en/laptops'))
  await timed('product page, uncached', fresh(productPath))
  await timed('search page, uncached', fresh('/en/search?q=laptop'))
  await timed('search box (suggestions and 6 products)', '/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requests: [
        { indexName: 'products_query_suggestions_en', query: 'sams', hitsPerPage: 9 },
        { indexName: 'products_en', query: 'sams', hitsPerPage: 6 },
      ],
    }),
  })

  const { token } = (await (
    await fetch(`${base}/commerce/handshake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ store: 'en' }),
    })
  ).json()) as { token: string }
  const ip = `198.18.${Math.floor(Math.random() * 200)}.${(seq % 250) + 1}`
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json', recaptcha: 'Bearer test-pass', 'cf-connecting-ip': ip }
  const created = JSON.parse(await timed('new cart', '/commerce/cart/create?region=1101', { headers: auth })) as { quoteId: string }
  // The product page's own product (a laptop, sold in Riyadh), named by its structured data. Not read with wrangler: a
  // second process opening the local database under a running workerd broke the next write.
  const sku = /"sku":"([^"]+)"/.exec(await (await fetch(`${base}${productPath}`, { headers })).text())?.[1]
  if (!sku) throw new Error(`no sku on ${productPath}`)
  /** A cart through to its order: `coupon` applies one first, and times that order apart. */
  const checkoutWith = async (quote: string, coupon?: string) => {
    const cart = { ...auth, quote }
    const name = (step: string) => (coupon ? `${step}, with a coupon` : step)
    await timed(name('add to cart'), '/commerce/cart/add', {
      method: 'POST',
      headers: cart,
      body: JSON.stringify({ sku, qty: 1, extension_attributes: { region: '1101' } }),
    })
    if (coupon) {
      await timed('apply a coupon', '/commerce/cart/applyCoupon', { method: 'PUT', headers: cart, body: JSON.stringify({ couponCode: coupon }) })
    } else {
      await timed('cart', '/commerce/cart', { headers: cart })
      await timed('quantity', '/commerce/cart', { headers: cart })
    }
    // Warm, as for nearly every shopper: KV's copy of the cities' delivery rules (v1:delivery), dropped by the seed.
    await fetch(`${base}/commerce/cart/shipping-methods`, { headers: cart })
    const shipping = JSON.parse(
      await timed(name('checkout: shipping methods'), '/commerce/cart/shipping-methods', { headers: cart }),
    ) as ShippingMethods
    await timed(name('checkout: shipping method chosen'), '/commerce/cart/shipping-method', {
      method: 'PUT',
      headers: cart,
      body: JSON.stringify({ code: 'standard' }),
    })
    await timed(name('checkout: payment methods'), '/commerce/cart/payment-methods', { headers: cart })
    const checkout = checkoutDetails(shipping, { name: 'Bench Shopper', email: 'bench@example.com', mobile: '0551234567' })
    await timed(name('place order (card)'), '/commerce/cart/placeOrder', {
      method: 'POST',
      headers: cart,
      body: JSON.stringify({ checkout, paymentMethod: { method: 'card' } }),
    })
  }
  await checkoutWith(created.quoteId)
  const second = JSON.parse(await (await fetch(`${base}/commerce/cart/create?region=1101`, { headers: { ...headers, ...auth } })).text()) as {
    quoteId: string
  }
  await checkoutWith(second.quoteId, 'WELCOME10')
  for (const step of ['add to cart', 'checkout: shipping methods', 'checkout: shipping method chosen', 'checkout: payment methods'])
    ids.delete(`${step}, with a coupon`)
  ids.delete('quantity')

  // The log lines are written as each request ends; give the last one a moment to land in the file.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const lines = readFileSync(`.bench/worker-${port}.log`, 'utf8').split('\n')
  const measured = new Map<string, Measured>()
  for (const [name, { id, ms }] of ids) {
    const line = lines.find((l) => l.includes(`"id":"${id}"`) && l.includes('"serialTrips"'))
    if (!line) throw new Error(`${name}: no log line for ${id}`)
    const entry = JSON.parse(line.slice(line.indexOf('{'))) as Trips
    measured.set(name, { ms, trips: { d1: entry.d1, d1Batches: entry.d1Batches, do: entry.do, serialTrips: entry.serialTrips } })
  }
  return measured
}

/** The table: each page and tap's trips, and its time at 0 and 60 ms per trip. */
export async function benchTrips(port: number, build: boolean): Promise<void> {
  const runs: Map<string, Measured>[] = []
  for (const [i, latency] of [0, 60].entries()) {
    const worker = await startLocalWorker(port + i, { build: build && i === 0, vars: { MATJAR_STORAGE_LATENCY_MS: String(latency) } })
    try {
      runs.push(await visit(worker.base, port + i))
    } finally {
      worker.stop()
    }
  }
  const [flat, far] = runs as [Map<string, Measured>, Map<string, Measured>]
  console.log(
    '\nTrips to storage per page and tap (log fields d1 / d1Batches / do / serialTrips), and the time over loopback at 0 and 60 ms per trip',
  )
  console.log(
    `${'request'.padEnd(44)}${'d1'.padStart(5)}${'batches'.padStart(9)}${'do'.padStart(5)}${'serial'.padStart(8)}${'0 ms: ms'.padStart(11)}${'60 ms: ms'.padStart(12)}`,
  )
  for (const [name, at0] of flat) {
    const at60 = far.get(name)!
    const t = at0.trips
    console.log(
      `${name.padEnd(44)}${String(t.d1).padStart(5)}${String(t.d1Batches).padStart(9)}${String(t.do).padStart(5)}${String(t.serialTrips).padStart(8)}` +
        `${at0.ms.toFixed(0).padStart(11)}${at60.ms.toFixed(0).padStart(12)}${at60.trips.serialTrips === t.serialTrips ? '' : `  (${at60.trips.serialTrips} serial at 60 ms)`}`,
    )
  }
  console.log(
    'Budget (issue 48): uncached product, category and search pages 1 serial trip beyond KV; add to cart 1 object call; cart and checkout steps 2; placing an order 3.',
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.MATJAR_NO_CRONS ??= '1'
  await benchTrips(Number(process.env.PORT ?? 8797), !process.argv.includes('--no-build'))
}
