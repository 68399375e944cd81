// npm run lighthouse: Lighthouse (from npm) in Debian's Chromium against the built Worker, mobile
// form factor with Lighthouse's default simulated throttling, on home, category and product pages
// in both languages, through a local stand-in for the edge's compression (scripts/edge-compression.ts).
// Prints the four category scores and LCP, CLS and TBT beside the bars of
// DESIGN.md section 5, and exits 1 when a page misses one.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { parseArgs } from 'node:util'
import { chromiumExecutable } from '../tests/e2e/browser'
import { startEdgeCompression } from './edge-compression'
import { startLocalWorker } from './local-worker'

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false }, port: { type: 'string', default: '8792' } } })
const bars = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 1200, cls: 0.02, tbtMs: 100 }

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
  const pages = ['/', '/laptops', product].flatMap((path) => [path, path === '/' ? '/en/' : `/en${path}`])

  // Warm the Worker (module graph, KV caches) so the first page is measured like the others.
  for (const path of pages) await (await fetch(base + path)).arrayBuffer()

  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, ${base}`)
  console.log('page                                                        perf  a11y  best   seo   LCP ms   CLS    TBT ms')
  for (const path of pages) {
    // The home page's popup banner and the cookie banner are what a first visit sees: kept.
    const result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', locale: 'en-US' })
    const lhr = result!.lhr
    if (lhr.runtimeError) console.log(`    runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
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
      `${path.slice(0, 58).padEnd(58)} ${n(row.performance, 5)} ${n(row.accessibility, 5)} ${n(row['best-practices'], 5)} ${n(row.seo, 5)} ${n(row.lcpMs, 8)} ${n(row.cls, 6, 3)} ${n(row.tbtMs, 8)}${misses.length ? `   misses: ${misses.join(', ')}` : ''}`,
    )
    // What fell short, so the fix is known without opening a report.
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const category = lhr.categories[id]
      if (!category || (category.score ?? 1) >= 1) continue
      for (const ref of category.auditRefs) {
        const a = lhr.audits[ref.id]
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) console.log(`    ${id}: ${a.id} (${a.title})`)
      }
    }
  }
  console.log(
    `\nBars (DESIGN.md section 5): performance >= ${bars.performance}, accessibility, best practices and SEO 100; LCP <= ${bars.lcpMs} ms, CLS <= ${bars.cls}, TBT <= ${bars.tbtMs} ms.`,
  )
} finally {
  await chrome.kill()
  edge.close()
  worker.stop()
}
process.exit(failed ? 1 : 0)
