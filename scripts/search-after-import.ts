// tsx scripts/search-after-import.ts [PRODUCTS] [--no-build]: the first search after a catalogue import, at a catalogue
// size (100,000 by default; issue 48: at most 1 s). Serves the built Worker on a store of that size, asks it for what
// `npm run catalogue:import` asks once the catalogue is in D1 (the search snapshots built under a new catalogue version,
// then the caches dropped), and times the first search in the same isolate and in a fresh one (a restart), which reads
// the snapshots from KV. Prints the figures; nothing asserts them.
import { readFileSync } from 'node:fs'
import { startLocalWorker } from './local-worker'
import { searchColdStartMs } from './search-bench'

// The five-minute job would build the indexes on its own: it stays off, so only the import's build is measured.
process.env.MATJAR_NO_CRONS ??= '1'

const products = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000)
const port = Number(process.env.PORT ?? 8796)
const token = /^OPS_TOKEN=["']?([^"'\n]+)/m.exec(readFileSync('.dev.vars', 'utf8'))?.[1]
if (!token) throw new Error('no OPS_TOKEN in .dev.vars (npm install writes one)')

const worker = await startLocalWorker(port, { build: !process.argv.includes('--no-build'), products, reuseSeeded: true })
let figures: string
try {
  const started = performance.now()
  const response = await fetch(`${worker.base}/api/ops/housekeeping`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ run: 'catalogue-replaced' }),
  })
  if (!response.ok) throw new Error(`catalogue-replaced answered ${response.status}: ${await response.text()}`)
  const followMs = performance.now() - started
  const sameIsolate = await searchColdStartMs(worker.base)
  worker.stop()
  const restarted = await startLocalWorker(port + 1, { build: false, products, keepState: true })
  const freshIsolate = await searchColdStartMs(restarted.base)
  restarted.stop()
  figures =
    `${products.toLocaleString('en')} products: the import's follow-up (build, snapshots, caches dropped) ${Math.round(followMs)} ms; ` +
    `first search after it ${Math.round(sameIsolate)} ms in the same isolate, ${Math.round(freshIsolate)} ms in a fresh one (read from KV)`
} finally {
  worker.stop()
}
console.log(figures)
