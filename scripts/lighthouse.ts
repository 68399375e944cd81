// npm run lighthouse: Lighthouse (from npm) in Debian's Chromium against the built Worker, mobile
// form factor with simulated throttling whose CPU slowdown is calibrated to this machine (its benchmark index / 850,
// at least 1: the phone is a high-end one whatever machine runs this; scripts/benchmark-index.ts), on home,
// category, product, search results, cart and checkout pages
// in both languages (the cart filled through the Direct API), through a local stand-in for the edge's compression (scripts/edge-compression.ts).
// Prints the four category scores and LCP, CLS and TBT beside the bars of
// docs/architecture.md, "Bars every part clears", and exits 1 when a page misses one.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { readdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumExecutable, chromiumLaunchOptions } from '../tests/e2e/browser'
import { benchmarkIndex, slowdownFor } from './benchmark-index'
import { watchHostSteal } from './host-steal'
import { startEdgeCompression } from './edge-compression'
import { startLocalWorker } from './local-worker'

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '8792' },
    // Also print what holds performance back (LCP element and phases, main-thread work, the request chain).
    explain: { type: 'boolean', default: false },
    // Runs per page; the run with the median performance score is reported (Lighthouse varies run to run: issue 48 asks
    // a median of 5 to meet every bar).
    runs: { type: 'string', default: '5' },
    // Only these paths (comma-separated), e.g. --only /,/en/laptops
    only: { type: 'string' },
    /** The device to stand for: Lighthouse's benchmark index (850: a high-end phone). */
    device: { type: 'string', default: '850' },
  },
})
/** The largest share of CPU time the host may take in any second of a run before the run is retaken. */
const stealLimit = 0.05
const bars = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 1200, cls: 0.02, tbtMs: 100 }

// This machine's benchmark index, measured in the same Chromium before any page: the slowdown that makes it a phone.
// The median of nine: the benchmark alone moves 870-1,560 from one second to the next on a quiet machine here.
const cpuSlowdown = await (async () => {
  const probe = await chromium.launch(chromiumLaunchOptions())
  const page = await probe.newPage()
  try {
    return slowdownFor(await benchmarkIndex((source) => page.evaluate(source), 9), Number(values.device))
  } finally {
    await probe.close()
  }
})()

const worker = await startLocalWorker(Number(values.port), { build: !values['no-build'] })
const { base, server: edge } = await startEdgeCompression(worker.base, Number(values.port) + 1)
const chrome = await chromeLauncher.launch({
  chromePath: chromiumExecutable(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
})

let failed = false
try {
  // A real product of the seeded catalogue.
  const listing = await (await fetch(`${base}/laptops`)).text()
  const product = /href="(\/product\/[^"]+)"/.exec(listing)?.[1] ?? '/laptops'
  // Search results for a word the Arabic page is searched with as often as the English one (brands are typed in Latin).
  const all = ['/', '/laptops', product, '/search?q=samsung', '/cart', '/checkout'].flatMap((path) => [path, path === '/' ? '/en/' : `/en${path}`])
  // The cart page measured as a shopper sees it: two lines, a coupon and a gift voucher (one cart per language).
  const cartCookies = { ar: await filledCart(base, 'ar'), en: await filledCart(base, 'en') }
  const only = values.only?.split(',')
  const pages = only ? all.filter((p) => only.some((o) => p === o || (o.endsWith('/product') && p.startsWith(o)))) : all

  // Warm the Worker (module graph, KV caches) so the first page is measured like the others, and the edge's copies of
  // the build's files, as a live store's edge holds them (scripts/edge-compression.ts keeps what the build marks
  // immutable): cold, the first run of the first page waited for them (/en/laptops LCP 1,269 ms against 913-1,085).
  const kept = new Set(readdirSync('dist/client/assets').map((file) => `/assets/${file}`))
  for (const path of pages) for (const [picture] of (await (await fetch(base + path)).text()).matchAll(/\/media\/[\w/.-]+/g)) kept.add(picture)
  for (const file of kept) await (await fetch(base + file, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()

  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, ${base}\n` +
      `device index ${values.device}, CPU slowdown ${cpuSlowdown}x (Lighthouse's default: 4x whatever the machine)`,
  )
  console.log(`page (median of ${values.runs} runs by performance)                   perf  a11y  best   seo   LCP ms   CLS    TBT ms`)
  for (const path of pages) {
    // The home page's popup banner and the cookie banner are what a first visit sees: kept.
    const runs: Lhr[] = []
    const taken = new Map<Lhr, { steal: number; cpuBlockingMs: number }>()
    let retaken = 0
    for (let i = 0, attempt = 1; i < Number(values.runs); attempt++) {
      const steal = watchHostSteal()
      const flags = {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        locale: 'en-US' as const,
        throttlingMethod: 'simulate' as const,
        // Lighthouse's own mobile network (slow 4G), with the calibrated CPU slowdown in place of its fixed 4x.
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        ...(/\/(cart|checkout)$/.test(path) ? { extraHeaders: { Cookie: cartCookies[path.startsWith('/en/') ? 'en' : 'ar'] } } : {}),
      }
      let result = (await lighthouse(base + path, flags))!
      // Chromium sometimes loses the trace's start (NO_NAVSTART): one more run, then report what it says.
      if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = (await lighthouse(base + path, flags))!
      const stolen = steal.stop()
      // A run the host stole from is retaken (scripts/host-steal.ts), at most twice over per run.
      if (stolen > stealLimit && attempt < 3) {
        retaken += 1
        continue
      }
      runs.push(result.lhr)
      taken.set(result.lhr, { steal: stolen, cpuBlockingMs: cpuBlocking(result.artifacts.Trace?.traceEvents ?? [], cpuSlowdown) })
      i += 1
      attempt = 0
    }
    const perf = (run: Lhr) => run.categories.performance?.score ?? 0
    runs.sort((a, b) => perf(a) - perf(b))
    const lhr = runs[Math.floor(runs.length / 2)]!
    // Every run's LCP and TBT beside the median's: a bar met by the median run alone is met without room.
    const each = (id: string) => runs.map((run) => Math.round(run.audits[id]?.numericValue ?? Number.NaN)).join('/')
    const spread =
      runs.length > 1
        ? `   (performance ${Math.round(perf(runs[0]!) * 100)}-${Math.round(perf(runs.at(-1)!) * 100)} over ${runs.length} runs; LCP ${each('largest-contentful-paint')}, TBT ${each('total-blocking-time')})`
        : ''
    // Each run's worst second of host steal, its blocking counted in CPU time, and Lighthouse's own CPU check.
    const of = (pick: (t: { steal: number; cpuBlockingMs: number }) => string) => runs.map((r) => pick(taken.get(r)!)).join('/')
    const speed =
      `   host steal ${of((t) => `${Math.round(t.steal * 100)}%`)}${retaken ? ` (${retaken} runs retaken)` : ''}, ` +
      `TBT in CPU time ${of((t) => String(Math.round(t.cpuBlockingMs)))}, Lighthouse's benchmark index ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join('/')}`
    if (lhr.runtimeError) console.log(`    runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = (id: string) =>
      id === 'seo' && keptOutOfSearch(path) ? seoWithoutCrawlability(lhr) : Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
    }
    const misses = [
      ...(['performance', 'accessibility', 'best-practices', 'seo'] as const).filter((k) => row[k] < bars[k]),
      ...(row.lcpMs > bars.lcpMs ? ['LCP'] : []),
      ...(row.cls > bars.cls ? ['CLS'] : []),
      ...(row.tbtMs > bars.tbtMs ? ['TBT'] : []),
    ]
    failed ||= misses.length > 0
    const n = (v: number, w: number, d = 0) => v.toFixed(d).padStart(w)
    console.log(
      `${path.slice(0, 58).padEnd(58)} ${n(row.performance, 5)} ${n(row.accessibility, 5)} ${n(row['best-practices'], 5)} ${n(row.seo, 5)} ${n(row.lcpMs, 8)} ${n(row.cls, 6, 3)} ${n(row.tbtMs, 8)}${misses.length ? `   misses: ${misses.join(', ')}` : ''}${spread}${speed}`,
    )
    if (values.explain) explain(lhr)
    // What fell short, so the fix is known without opening a report.
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const category = lhr.categories[id]
      if (!category || (category.score ?? 1) >= 1) continue
      for (const ref of category.auditRefs) {
        const a = lhr.audits[ref.id]
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
          const deliberate = ref.id === 'is-crawlable' && keptOutOfSearch(path)
          console.log(
            `    ${id}: ${a.id} (${a.title})${deliberate ? ': deliberate, the page says noindex (robots.txt also keeps out the cart and checkout); not counted' : ''}`,
          )
        }
      }
    }
  }
  console.log(
    `\nBars (docs/architecture.md, "Bars every part clears"): performance >= ${bars.performance}, accessibility, best practices and SEO 100; LCP <= ${bars.lcpMs} ms, CLS <= ${bars.cls}, TBT <= ${bars.tbtMs} ms.`,
  )
} finally {
  chrome.kill()
  edge.close()
  worker.stop()
}
process.exit(failed ? 1 : 0)

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/**
 * Pages the store keeps out of search engines on purpose (each says noindex; worker/seo/sitemap.ts also disallows the
 * cart and checkout): Lighthouse's "is-crawlable" audit fails there by design, so their SEO score is the weighted score of
 * every other SEO audit (docs/decisions/0008-the-cart-stays-out-of-search.md).
 */
function keptOutOfSearch(path: string): boolean {
  return /^(\/en)?\/(cart|checkout|search)(\?|$)/.test(path)
}

function seoWithoutCrawlability(lhr: Lhr): number {
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.id !== 'is-crawlable' && ref.weight > 0)
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0)
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 1), 0)
  return weight === 0 ? 0 : Math.round((scored / weight) * 100)
}

/** A cart through the Direct API (two in-stock products, a coupon, a gift voucher), as the cookies the store reads. */
async function filledCart(base: string, store: 'ar' | 'en'): Promise<string> {
  const json = async <T>(response: Response) => (await response.json()) as T
  const { token } = await json<{ token: string }>(
    await fetch(`${base}/commerce/handshake`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ store }) }),
  )
  const call = (method: string, path: string, quote: string, body?: unknown) =>
    fetch(`${base}/commerce${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, quote, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const { quoteId } = await json<{ quoteId: string }>(await call('GET', '/cart/create?region=1101', ''))
  const listing = await (await fetch(`${base}/headphones`)).text()
  const skus = [...listing.matchAll(/\bsku:"([^"]+)"/g)].map((m) => m[1]!)
  let added = 0
  for (const sku of new Set(skus)) {
    if (added === 2) break
    if ((await call('POST', '/cart/add', quoteId, { sku, qty: 1, extension_attributes: { region: '1101' } })).ok) added += 1
  }
  await call('PUT', '/cart/applyCoupon', quoteId, { couponCode: 'WELCOME10' })
  await call('POST', '/gota-gift/redeem-voucher', quoteId, { voucher: 'GIFT-7Q4M-9XK2', pin: '4821', quoteId, amount: 50, isMask: 1 })
  return `mhs_${store}=${token}; quote=${quoteId}; region_id=1101; cookieConsent=functions`
}

/** The few audits that say where the time goes, as short lines. */
function explain(lhr: Lhr) {
  const rows = (id: string) =>
    ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<string, unknown>[]
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive']) {
    const a = lhr.audits[id]
    if (a) console.log(`    ${id}: ${a.displayValue} (score ${a.score})`)
  }
  const observed = rows('metrics')[0]
  if (observed) {
    const o = (k: string) => ms(observed[k])
    console.log(
      `    observed (unthrottled): FCP ${o('observedFirstContentfulPaint')}, LCP ${o('observedLargestContentfulPaint')}, load ${o('observedLoad')}, DOM content loaded ${o('observedDomContentLoaded')}`,
    )
  }
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as
    { items?: { type: string; items?: Record<string, unknown>[]; nodeLabel?: string; snippet?: string }[] } | undefined
  for (const part of lcp?.items ?? []) {
    if (part.type === 'table')
      for (const phase of part.items ?? []) console.log(`    LCP phase ${String(phase.label ?? phase.subpart)}: ${ms(phase.duration)}`)
    if (part.type === 'node') console.log(`    LCP element: ${part.snippet?.slice(0, 140)}`)
  }
  // What moved, when anything did (the element and its share of the CLS).
  for (const item of rows('layout-shifts').slice(0, 4)) {
    const node = item.node as { snippet?: string } | undefined
    console.log(`    layout shift ${Number(item.score).toFixed(3)}: ${node?.snippet?.slice(0, 140) ?? 'an element no longer there'}`)
  }
  for (const item of rows('mainthread-work-breakdown').slice(0, 5)) console.log(`    main thread ${String(item.groupLabel)}: ${ms(item.duration)}`)
  for (const item of rows('bootup-time').slice(0, 4))
    console.log(`    script ${String(item.url).slice(-60)}: ${ms(item.total)} (eval ${ms(item.scripting)})`)
  for (const item of rows('long-tasks').slice(0, 5))
    console.log(`    long task ${String(item.url).slice(-50)} at ${ms(item.startTime)}: ${ms(item.duration)}`)
  // The unthrottled trace's own tasks over 15 ms: what ran before and after the first paint.
  const tasks = rows('main-thread-tasks').filter((t) => Number(t.duration) > 15)
  console.log(`    observed tasks over 15 ms: ${tasks.map((t) => `${ms(t.startTime)}+${ms(t.duration)}`).join(', ')}`)
  const network = rows('network-requests')
    .filter((r) => Number(r.transferSize) > 5000)
    .map(
      (r) =>
        `${String(r.url)
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 50)} ${Math.round(Number(r.transferSize) / 1024)} KB ${String(r.priority)}`,
    )
  console.log(`    requests over 5 KB: ${network.join('; ')}`)
  // Every request that started before the observed LCP: Lighthouse's simulation of LCP waits for these on its network.
  const lcpAt = Number(observed?.observedLargestContentfulPaint ?? 0)
  const early = rows('network-requests')
    .filter((r) => Number(r.networkRequestTime) <= lcpAt)
    .map(
      (r) =>
        `${String(r.url)
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 40)} ${ms(r.networkRequestTime)}-${ms(r.networkEndTime)} ${Math.round(Number(r.transferSize) / 1024)} KB`,
    )
  console.log(`    requests started before the observed LCP: ${early.join('; ')}`)
  const dom = lhr.audits['dom-size-insight']?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined
  const total = dom?.items?.[0]?.items?.[0]
  if (total) {
    const value = typeof total.value === 'string' || typeof total.value === 'number' ? String(total.value) : JSON.stringify(total)
    console.log(`    DOM: ${value.slice(0, 80)}`)
  }
}

/**
 * The run's blocking time counted in the main thread's CPU time (the trace's `tdur`) rather than its wall time: each
 * task after the first contentful paint, slowed by `slowdown`, past 50 ms. Lighthouse's TBT simulates wall time, and on
 * a two-core machine running the browser, Lighthouse and the Worker a task's wall time is mostly waiting (one run of
 * /laptops: 2,118 ms of main-thread tasks, 750 of CPU), including the font matching a listing's first layout waits for
 * over the Linux sandbox's IPC, which Android does in the renderer (docs/architecture.md, "Bars every part clears").
 * Printed beside TBT, not judged.
 */
function cpuBlocking(events: TraceEvent[], slowdown: number): number {
  const paint = events.find((e) => e.name === 'firstContentfulPaint')
  if (!paint) return Number.NaN
  let blocking = 0
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= paint.ts)
      blocking += Math.max(0, ((e.tdur ?? e.dur ?? 0) / 1000) * slowdown - 50)
  return blocking
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number }
