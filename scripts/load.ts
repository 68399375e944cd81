// npm run load: the built Worker on loopback under a shopper mix at rising concurrency, then a check of the books
// (docs/architecture.md, "Load and soak"). `-- --soak 20000` runs that many requests of the same mix at one
// concurrency instead, and compares the Worker's memory and latency at the end with the start.
//
// The mix is Magento's performance-toolkit shape: browse 30 (category and product pages), search 30 (suggestions and
// results, as the search box asks), add to cart 28 (each shopper keeps one cart), wishlist and compare 4 (the
// favourites page's products by sku), checkout with payment 8 (a new cart, one line, a coupon on every other one,
// placed by card and paid or declined with Moyasar's test cards on the embedded Moyasar). A 4xx the store means (out of stock, a line at its
// limit) is counted as refused; a 5xx or a dropped connection is an error. Tests never run this; it prints.
import { execSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { checkoutDetails, type ShippingMethods } from '../tests/e2e/checkout-details'
import { startLocalWorker, toolEnv } from './local-worker'
import { typedQueries } from './search-bench'
import { residentMb, workerdPids } from './workerd-process'
import { heapGrowth, isolateHeap } from './worker-inspector'

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '8795' },
    steps: { type: 'string', default: '4,8,16,32,64' },
    'step-seconds': { type: 'string', default: '20' },
    soak: { type: 'string' },
    'soak-concurrency': { type: 'string', default: '16' },
    /** Only these kinds of the mix, by the first word of their name (browse,search,add,wishlist,checkout): to find
     * which part of the mix a figure comes from. */
    only: { type: 'string' },
  },
})
const stateDir = '.wrangler/load-state'
const browserHeaders = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' }
const json = { 'content-type': 'application/json' }

/** A statement against the load run's own local D1. */
function d1<Row>(sql: string): Row[] {
  const out = execSync(`npx wrangler d1 execute DB --local --persist-to ${stateDir} --json --command "${sql.replaceAll('"', '\\"')}"`, {
    env: toolEnv,
    maxBuffer: 64 * 1024 * 1024,
  }).toString()
  return (JSON.parse(out) as { results: Row[] }[])[0]!.results
}

let worker = await startLocalWorker(Number(values.port), { build: !values['no-build'], stateDir })
let base = worker.base

// What the shoppers pick from: sellable simple products with stock in Riyadh, the categories, the product pages.
const sellable = d1<{ sku: string; rewrite_url: string }>(
  `SELECT p.sku, p.rewrite_url FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101 WHERE p.type_id = 'simple' AND p.not_for_sale = 0 AND p.back_orders = 0 AND s.qty > 0 ORDER BY p.entity_id LIMIT 60`,
)
const categories = d1<{ url_key: string }>(`SELECT url_key FROM categories WHERE parent_id IS NOT NULL LIMIT 40`).map((c) => c.url_key)
const stockBefore = new Map(
  d1<{ product_id: number; region_id: number; qty: number }>(`SELECT product_id, region_id, qty FROM stock`).map((s) => [
    `${s.product_id}:${s.region_id}`,
    s.qty,
  ]),
)
const lastOrderBefore = d1<{ id: number | null }>(`SELECT max(id) AS id FROM orders`)[0]!.id ?? 0

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!
let shopperSeq = 0

interface Outcome {
  kind: string
  ms: number
  status: number
}

/** One shopper: a token, a cart of their own for the adds, and what the store said it holds. */
class Shopper {
  readonly id = ++shopperSeq
  token = ''
  quote = ''
  /** sku -> the quantity the store answered it holds after this shopper's last successful add. */
  readonly expected = new Map<string, number>()
  get ip() {
    return `198.18.${(this.id >> 8) & 255}.${this.id & 255}`
  }
  auth() {
    return { authorization: `Bearer ${this.token}`, 'cf-connecting-ip': this.ip }
  }
  async begin() {
    const hello = await fetch(`${base}/commerce/handshake`, {
      method: 'POST',
      headers: { ...json, 'cf-connecting-ip': this.ip },
      body: JSON.stringify({ store: 'en' }),
    })
    this.token = ((await hello.json()) as { token: string }).token
    this.quote = await this.newCart()
  }
  async newCart(): Promise<string> {
    const answer = await fetch(`${base}/commerce/cart/create?region=1101`, { headers: this.auth() })
    return ((await answer.json()) as { quoteId: string }).quoteId
  }
}

async function timed(kind: string, call: () => Promise<Response>): Promise<Outcome> {
  const started = performance.now()
  try {
    const response = await call()
    await response.arrayBuffer()
    return { kind, ms: performance.now() - started, status: response.status }
  } catch {
    return { kind, ms: performance.now() - started, status: 0 }
  }
}

const placed: string[] = []

const actions: { kind: string; weight: number; run: (s: Shopper) => Promise<Outcome> }[] = [
  {
    kind: 'browse',
    weight: 30,
    run: () => {
      const path = Math.random() < 0.5 ? `/en/${pick(categories)}` : `/product/${pick(sellable).rewrite_url}`
      return timed('browse', () => fetch(base + path, { headers: browserHeaders }))
    },
  },
  {
    kind: 'search',
    weight: 30,
    run: () => {
      const query = pick(typedQueries)
      const lang = /[\u0600-\u06FF]/.test(query) ? 'ar' : 'en'
      const body =
        Math.random() < 0.5
          ? {
              requests: [
                { indexName: `products_query_suggestions_${lang}`, query, hitsPerPage: 9 },
                { indexName: `products_${lang}`, query, hitsPerPage: 6, filters: 'stock_region_ids=1101' },
              ],
            }
          : { requests: [{ indexName: `products_${lang}`, query, hitsPerPage: 24, facets: ['brand', 'category'], clickAnalytics: true }] }
      return timed('search', () => fetch(`${base}/1/indexes/*/queries`, { method: 'POST', headers: json, body: JSON.stringify(body) }))
    },
  },
  {
    kind: 'add to cart',
    weight: 28,
    run: async (shopper) => {
      const { sku } = pick(sellable)
      let answer: { cart?: { cartItems: { sku: string; qty: number }[] } } | undefined
      const outcome = await timed('add to cart', async () => {
        const response = await fetch(`${base}/commerce/cart/add`, {
          method: 'POST',
          headers: { ...shopper.auth(), ...json, quote: shopper.quote },
          body: JSON.stringify({ sku, qty: 1, extension_attributes: { region: '1101' } }),
        })
        if (response.ok) answer = (await response.clone().json()) as typeof answer
        return response
      })
      // The cart the store answered with is what must still be there at the end.
      if (answer?.cart) for (const line of answer.cart.cartItems) shopper.expected.set(line.sku, line.qty)
      return outcome
    },
  },
  {
    kind: 'wishlist and compare',
    weight: 4,
    run: (shopper) => {
      const skus = Array.from({ length: 4 }, () => `sku=${encodeURIComponent(pick(sellable).sku)}`).join('&')
      return timed('wishlist and compare', () => fetch(`${base}/commerce/search/v2/get-products-by-skus?${skus}`, { headers: shopper.auth() }))
    },
  },
  {
    kind: 'checkout with payment',
    weight: 8,
    run: async (shopper) =>
      timed('checkout with payment', async () => {
        const quote = await shopper.newCart()
        const headers = { ...shopper.auth(), ...json, quote }
        const added = await fetch(`${base}/commerce/cart/add`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ sku: pick(sellable).sku, qty: 1 + Math.floor(Math.random() * 2), extension_attributes: { region: '1101' } }),
        })
        if (!added.ok) return added
        if (Math.random() < 0.5)
          await (
            await fetch(`${base}/commerce/cart/applyCoupon`, { method: 'PUT', headers, body: JSON.stringify({ couponCode: 'WELCOME10' }) })
          ).arrayBuffer()
        const shipping = (await (await fetch(`${base}/commerce/cart/shipping-methods`, { headers })).json()) as ShippingMethods
        const checkout = checkoutDetails(shipping, { name: 'Load Shopper', email: `load${shopper.id}@example.com`, mobile: '0551234567' })
        const order = await fetch(`${base}/commerce/cart/placeOrder`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ checkout, paymentMethod: { method: 'card' } }),
        })
        if (!order.ok) return order
        const { increment_id, payment_url } = (await order.json()) as { increment_id: string; payment_url: string | null }
        placed.push(increment_id)
        if (!payment_url) return new Response(null, { status: 200 })
        // Most pay; some decline, which must give the stock and the coupon use back. The card is one of Moyasar's test
        // cards on the embedded Moyasar's page (worker/integrations/moyasar-sandbox.ts), on this store whatever origin
        // the link names; the shopper then follows the way back, which settles the order with the gateway.
        const number = Math.random() < 0.85 ? '4201320111111010' : '4201321234411220'
        const page = new URL(payment_url, base)
        const paid = await fetch(new URL(page.pathname + page.search, base), {
          method: 'POST',
          body: new URLSearchParams({ name: 'Load Shopper', number }),
          redirect: 'manual',
        })
        const back = paid.headers.get('location')
        if (!back) return paid
        await paid.arrayBuffer()
        const way = new URL(back, base)
        return fetch(new URL(way.pathname + way.search, base), { headers: shopper.auth(), redirect: 'manual' })
      }),
  },
]
const chosenKinds = values.only?.split(',')
let mix = chosenKinds ? actions.filter((a) => chosenKinds.includes(a.kind.split(' ')[0]!)) : actions
if (mix.length === 0) throw new Error(`--only names no kind of the mix: ${values.only}`)
let totalWeight = mix.reduce((sum, a) => sum + a.weight, 0)
function chooseAction() {
  let roll = Math.random() * totalWeight
  for (const action of mix) if ((roll -= action.weight) < 0) return action
  return mix[0]!
}

const shoppers: Shopper[] = []
async function shopperPool(size: number): Promise<Shopper[]> {
  while (shoppers.length < size) {
    const shopper = new Shopper()
    await shopper.begin()
    shoppers.push(shopper)
  }
  return shoppers.slice(0, size)
}

/** Runs the mix with `concurrency` shoppers until the time is up or `requests` have been made. */
async function runMix(concurrency: number, limit: { seconds?: number; requests?: number }) {
  const pool = await shopperPool(concurrency)
  const outcomes: Outcome[] = []
  const started = performance.now()
  const deadline = limit.seconds ? started + limit.seconds * 1000 : Infinity
  await Promise.all(
    pool.map(async (shopper) => {
      while (performance.now() < deadline && outcomes.length < (limit.requests ?? Infinity)) outcomes.push(await chooseAction().run(shopper))
    }),
  )
  return { outcomes, seconds: (performance.now() - started) / 1000 }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const isRefusal = (o: Outcome) => o.status >= 400 && o.status < 500
const isError = (o: Outcome) => o.status === 0 || o.status >= 500
const f = (n: number, width = 8, digits = 0) => n.toFixed(digits).padStart(width)

const soakConcurrency = Number(values['soak-concurrency'])
const soakWindow = (total: number) => Math.min(2000, Math.floor(total / 5))
type SoakResult = Awaited<ReturnType<typeof soak>>
let soakResult: SoakResult | undefined

/** `total` requests of the mix: memory and latency over the first window (after warm-up) and the last. */
async function soak(total: number) {
  const window = soakWindow(total)
  const first = await runMix(soakConcurrency, { requests: window })
  const memoryStart = residentMb(workerdPids(worker.pid))
  const heapStart = await isolateHeap(base)
  const middle = await runMix(soakConcurrency, { requests: total - 2 * window })
  const last = await runMix(soakConcurrency, { requests: window })
  const memoryEnd = residentMb(workerdPids(worker.pid))
  const heapEnd = await isolateHeap(base)
  const summary = (run: { outcomes: Outcome[]; seconds: number }) => {
    const sorted = run.outcomes.map((o) => o.ms).sort((a, b) => a - b)
    return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), rps: run.outcomes.length / run.seconds }
  }
  const errors = [first, middle, last].flatMap((r) => r.outcomes).filter(isError).length
  return { memoryStart, memoryEnd, heapStart, heapEnd, start: summary(first), end: summary(last), errors }
}

function printSoak({ memoryStart, memoryEnd, heapStart, heapEnd, start: a, end: b, errors }: SoakResult, total: number) {
  console.log(`                       start      end   end/start`)
  console.log(
    `isolate heap MB    ${f(heapStart.usedMb, 8, 1)} ${f(heapEnd.usedMb, 8, 1)}   ${f(heapEnd.usedMb / heapStart.usedMb, 6, 2)}x   (bar 1.10x; after a full collection)`,
  )
  console.log(`workerd RSS MB     ${f(memoryStart, 8, 0)} ${f(memoryEnd, 8, 0)}   ${f(memoryEnd / memoryStart, 6, 2)}x   (bar 1.10x)`)
  console.log(`latency p50 ms     ${f(a.p50, 8, 1)} ${f(b.p50, 8, 1)}   ${f(b.p50 / a.p50, 6, 2)}x   (bar 1.20x)`)
  console.log(`latency p95 ms     ${f(a.p95, 8, 1)} ${f(b.p95, 8, 1)}   ${f(b.p95 / a.p95, 6, 2)}x`)
  console.log(`requests/s         ${f(a.rps, 8, 1)} ${f(b.rps, 8, 1)}`)
  console.log(`${total} requests, ${errors} errors (5xx or dropped)`)
  // What the heap kept, by kind of object: where to look when it grows (a heap snapshot in DevTools says who holds them).
  console.log(`what the isolate's heap gained most, start to end:`)
  for (const line of heapGrowth(heapStart, heapEnd)) console.log(`  ${line}`)
}

/**
 * The same soak of the bare route on a fresh store: what the local runtime itself grows by. Locally workerd's resident
 * memory grows with every request whatever the Worker does (a Worker that only answers "ok" grew 299 -> 907 MB over
 * 16,000 requests under wrangler dev), so the store's own growth is the soak's growth beyond this one.
 */
async function bareBaseline(total: number, mixed: SoakResult) {
  worker.stop()
  worker = await startLocalWorker(Number(values.port) + 1, { build: false, stateDir: `${stateDir}-bare` })
  base = worker.base
  mix = [{ kind: 'bare route', weight: 1, run: () => timed('bare route', () => fetch(`${base}/api/health/live`)) }]
  totalWeight = 1
  await runMix(4, { seconds: 5 })
  const bare = await soak(total)
  const grown = (r: SoakResult) => r.memoryEnd - r.memoryStart
  console.log(
    `\nThe bare route alone, same ${total} requests at concurrency ${soakConcurrency}, fresh store: workerd RSS ${f(bare.memoryStart, 0, 0)} -> ${f(bare.memoryEnd, 0, 0)} MB, isolate heap ${f(bare.heapStart.usedMb, 0, 1)} -> ${f(bare.heapEnd.usedMb, 0, 1)} MB`,
  )
  console.log(
    `Growth: the mix ${f(grown(mixed), 0, 0)} MB, the bare route ${f(grown(bare), 0, 0)} MB; the store's own, beyond the runtime's: ${f(grown(mixed) - grown(bare), 0, 0)} MB (${f(((grown(mixed) - grown(bare)) / mixed.memoryStart) * 100, 0, 1)}% of the start)`,
  )
}

/** Every placed order's stock taken exactly once, no coupon past its uses, no cart line lost. */
async function checkBooks(): Promise<string[]> {
  const broken: string[] = []
  const taken = d1<{ product_id: number; region_id: number; qty: number }>(
    `SELECT i.product_id, o.region_id, sum(i.qty) AS qty FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.id > ${lastOrderBefore} AND o.status != 'canceled' AND i.product_id IS NOT NULL GROUP BY i.product_id, o.region_id`,
  )
  const takenBy = new Map(taken.map((t) => [`${t.product_id}:${t.region_id}`, t.qty]))
  for (const row of d1<{ product_id: number; region_id: number; qty: number }>(`SELECT product_id, region_id, qty FROM stock`)) {
    const key = `${row.product_id}:${row.region_id}`
    const gone = (stockBefore.get(key) ?? 0) - row.qty
    if (gone !== (takenBy.get(key) ?? 0))
      broken.push(`stock of product ${row.product_id} in region ${row.region_id}: ${gone} units gone, ${takenBy.get(key) ?? 0} in live orders`)
  }
  for (const c of d1<{ code: string; uses: number; max_uses: number }>(
    `SELECT c.code, count(u.quote_id) AS uses, c.max_uses FROM coupons c JOIN coupon_uses u ON u.code = c.code WHERE c.max_uses IS NOT NULL GROUP BY c.code HAVING uses > c.max_uses`,
  ))
    broken.push(`coupon ${c.code} used ${c.uses} times of ${c.max_uses}`)
  for (const o of d1<{ increment_id: string; subtotal: number; items: number }>(
    `SELECT o.increment_id, o.subtotal, (SELECT sum(row_total) FROM order_items WHERE order_id = o.id) AS items FROM orders o WHERE o.id > ${lastOrderBefore} AND abs(o.subtotal - (SELECT sum(row_total) FROM order_items WHERE order_id = o.id)) > 0.005`,
  ))
    broken.push(`order ${o.increment_id}: subtotal ${o.subtotal} against its lines' ${o.items}`)
  const recorded = d1<{ n: number }>(`SELECT count(*) AS n FROM orders WHERE id > ${lastOrderBefore}`)[0]!.n
  if (recorded !== placed.length) broken.push(`${placed.length} orders answered as placed, ${recorded} recorded`)
  for (const shopper of shoppers) {
    const answer = await fetch(`${base}/commerce/cart`, { headers: { ...shopper.auth(), quote: shopper.quote } })
    const cart = ((await answer.json()) as { cart: { cartItems: { sku: string; qty: number }[] } | null }).cart
    const held = new Map((cart?.cartItems ?? []).map((line) => [line.sku, line.qty]))
    for (const [sku, qty] of shopper.expected)
      if (held.get(sku) !== qty) broken.push(`shopper ${shopper.id}'s cart: ${sku} x${held.get(sku) ?? 0}, the store had answered x${qty}`)
  }
  return broken
}

try {
  // Warm the page cache, the listing and search indexes, as a store that has been up a while has them.
  await runMix(4, { seconds: 5 })
  if (values.soak) {
    const total = Number(values.soak)
    console.log(`\nnpm run load -- --soak ${total}: the mix at concurrency ${soakConcurrency}, first and last ${soakWindow(total)} requests compared`)
    soakResult = await soak(total)
    printSoak(soakResult, total)
  } else {
    const steps = values.steps.split(',').map(Number)
    const seconds = Number(values['step-seconds'])
    console.log(`\nnpm run load: the shopper mix, ${seconds} s a step, built Worker on loopback (generator on the same machine)`)
    console.log('concurrency  requests    req/s   p50 ms   p95 ms   p99 ms  refused  errors  5xx   slowest kind (p95)')
    let firstP95 = 0
    let doubledAt: number | undefined
    const allOutcomes: Outcome[] = []
    for (const concurrency of steps) {
      const { outcomes, seconds: took } = await runMix(concurrency, { seconds })
      allOutcomes.push(...outcomes)
      const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b)
      const p95 = quantile(sorted, 0.95)
      firstP95 ||= p95
      if (doubledAt === undefined && p95 >= 2 * firstP95) doubledAt = concurrency
      const byKind = [...new Set(outcomes.map((o) => o.kind))].map((kind) => {
        const ms = outcomes
          .filter((o) => o.kind === kind)
          .map((o) => o.ms)
          .sort((a, b) => a - b)
        return { kind, p95: quantile(ms, 0.95) }
      })
      const slowest = byKind.sort((a, b) => b.p95 - a.p95)[0]!
      console.log(
        `${f(concurrency, 11)} ${f(outcomes.length, 9)} ${f(outcomes.length / took, 8, 1)} ${f(quantile(sorted, 0.5), 8, 1)} ${f(p95, 8, 1)} ${f(quantile(sorted, 0.99), 8, 1)} ${f(outcomes.filter(isRefusal).length, 8)} ${f(outcomes.filter(isError).length, 7)} ${f(outcomes.filter((o) => o.status >= 500).length, 4)}   ${slowest.kind} (${slowest.p95.toFixed(0)} ms)`,
      )
    }
    const refusals = new Map<string, number>()
    for (const o of allOutcomes.filter(isRefusal)) refusals.set(`${o.kind} ${o.status}`, (refusals.get(`${o.kind} ${o.status}`) ?? 0) + 1)
    console.log(`refused, by kind and status: ${[...refusals].map(([k, n]) => `${k} x${n}`).join(', ') || 'none'}`)
    console.log(doubledAt ? `p95 doubled (against concurrency ${steps[0]}) at concurrency ${doubledAt}` : 'p95 never doubled against the first step')
  }
  // Let the last payments' follow-up work (waitUntil) land before the books are read.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const broken = await checkBooks()
  console.log(
    `\nBooks: ${placed.length} orders placed; ${broken.length === 0 ? 'every order took its stock once, no coupon over its uses, no cart line lost' : `${broken.length} broken:`}`,
  )
  for (const line of broken.slice(0, 20)) console.log(`  ${line}`)
  if (broken.length > 0) process.exitCode = 1
  if (soakResult) await bareBaseline(Number(values.soak), soakResult)
} finally {
  worker.stop()
}
