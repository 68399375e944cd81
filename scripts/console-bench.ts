// The console's answers at 1,000 and 100,000 orders (docs/product.md, "The merchant console"; issue 45): the owner's
// numbers (today and 30 days) and the order list and its searches (by number, mobile, email, city and dates), each
// over loopback with the terminal's token, as median latency and workerd CPU per request, and the growth between the two
// sizes. The orders are written straight into the local D1, spread over the last 60 days, every method and city, as a
// busy shop would leave them: delivered (complete) or cancelled, but for the last two days' still open or unpaid. Used by npm run bench; alone: tsx scripts/console-bench.ts. Nothing asserts
// these figures.
import { readFileSync } from 'node:fs'
import { run, startLocalWorker } from './local-worker'
import { cpuSeconds, workerdPids } from './workerd-process'

const state = '.wrangler/bench-console'
const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync('.dev.vars', 'utf8'))?.[1]?.trim() ?? ''

/** Orders numbered from `from` to `to`, written in one statement. */
function addOrders(from: number, to: number) {
  const sql = `INSERT INTO orders (increment_id, quote_id, email, region_id, payment_method, status, subtotal, discount, delivery, vat,
      grand_total, created_at, customer_name, phone, phone_verified, shipping_method, locale)
    WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
    SELECT printf('MJ9%012d', i), printf('bench-%d', i), printf('buyer%d@example.com', i),
      CASE i % 5 WHEN 0 THEN 1101 WHEN 1 THEN 1201 WHEN 2 THEN 1301 WHEN 3 THEN 1401 ELSE 1501 END,
      CASE i % 4 WHEN 0 THEN 'cashondelivery' WHEN 1 THEN 'card' WHEN 2 THEN 'tabby' ELSE 'tamara' END,
      CASE WHEN i % 17 = 0 THEN 'canceled' WHEN (i * 37) % 86400 >= 2880 THEN 'complete' WHEN i % 11 = 0 THEN 'pending_payment' ELSE 'processing' END,
      100 + i % 900, 0, 25, round((125 + i % 900) * 0.15 / 1.15, 2), 125 + i % 900,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (i * 37) % 86400)),
      'Bench Buyer', printf('9665%08d', i), 1, 'standard', CASE i % 2 WHEN 0 THEN 'ar' ELSE 'en' END
    FROM n`
  run(`wrangler d1 execute DB --local --persist-to ${state} --command "${sql.replace(/\s+/g, ' ').replaceAll('"', '\\"')}" >/dev/null`)
}

const routes = (size: number) => {
  const some = Math.floor(size / 2)
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10)
  const weekAgo = new Date(Date.now() + 3 * 3600_000 - 7 * 86_400_000).toISOString().slice(0, 10)
  return [
    ['numbers, today', '/api/ops/numbers?days=1'],
    ['numbers, 30 days', '/api/ops/numbers?days=30'],
    ['order list (work queue)', '/api/ops/orders'],
    ['search by order number', `/api/ops/orders?q=MJ9${String(some).padStart(12, '0')}`],
    ['search by mobile', `/api/ops/orders?q=05${String(some).padStart(8, '0')}`],
    ['search by email', `/api/ops/orders?q=buyer${some}@example.com`],
    ['city and a week', `/api/ops/orders?city=1201&from=${weekAgo}&to=${today}`],
  ] as const
}

async function measure(base: string, pid: number, size: number) {
  const pids = workerdPids(pid)
  const headers = { authorization: `Bearer ${token()}` }
  const rows = new Map<string, { ms: number; cpu: number }>()
  for (const [name, path] of routes(size)) {
    const call = async () => {
      const started = performance.now()
      const response = await fetch(`${base}${path}`, { headers })
      const body = await response.text()
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`)
      return performance.now() - started
    }
    for (let i = 0; i < 5; i++) await call()
    const latencies: number[] = []
    const before = cpuSeconds(pids)
    for (let i = 0; i < 30; i++) latencies.push(await call())
    const cpu = ((cpuSeconds(pids) - before) * 1000) / 30
    latencies.sort((a, b) => a - b)
    rows.set(name, { ms: latencies[15]!, cpu })
  }
  return rows
}

export async function benchConsole(port = 8861) {
  const sizes = [1_000, 100_000]
  const measured: Map<string, { ms: number; cpu: number }>[] = []
  let written = 0
  for (const [i, size] of sizes.entries()) {
    // The first size seeds a fresh store; the next adds orders to it, the Worker stopped meanwhile.
    if (i === 0) {
      process.env.MATJAR_STATE_DIR = state
      run(`rm -rf ${state} && npm run db:migrate >/dev/null && npm run db:seed >/dev/null`)
    }
    addOrders(written + 1, size)
    written = size
    const worker = await startLocalWorker(port + i, { build: false, stateDir: state, keepState: true })
    try {
      measured.push(await measure(worker.base, worker.pid, size))
    } finally {
      worker.stop()
    }
  }
  const f = (n: number) => n.toFixed(1).padStart(8)
  console.log('\nThe console at 1,000 and 100,000 orders: median ms over loopback and workerd CPU ms per request (30 requests, one at a time)')
  console.log(`${'answer'.padEnd(28)}${'1,000: ms'.padStart(12)}${'CPU'.padStart(8)}${'100,000: ms'.padStart(14)}${'CPU'.padStart(8)}   growth (ms)`)
  for (const [name] of routes(1)) {
    const [small, large] = measured.map((rows) => rows.get(name)!)
    console.log(
      `${name.padEnd(28)}${f(small!.ms).padStart(12)}${f(small!.cpu)}${f(large!.ms).padStart(14)}${f(large!.cpu)}   ${(large!.ms / small!.ms).toFixed(2)}x`,
    )
  }
  console.log('Bar (issue 45): every answer under 300 ms of Worker time at 100,000 orders.')
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConsole()
