/**
 * Health for an uptime monitor (docs/architecture.md, "Housekeeping"):
 * - GET /api/health asks each binding one cheap question (D1 `SELECT 1` through worker/storage/health-store.ts, a KV read of a missing key, a ping to a
 *   cart and a limiter Durable Object) with a time limit each, and answers 200 with every check, or 503 naming the
 *   one that failed;
 * - GET /api/health/live touches no binding: the Worker answers at all (and the benchmark's bare baseline).
 */
import { Hono } from 'hono'
import { healthStore } from '../storage/health-store'

const probeTimeoutMs = 2000

type Check = { ok: true; ms: number } | { ok: false; ms: number; error: string }

async function probe(question: () => Promise<unknown>): Promise<Check> {
  const started = Date.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${probeTimeoutMs} ms`)), probeTimeoutMs)
  })
  try {
    await Promise.race([question(), timeout])
    return { ok: true, ms: Date.now() - started }
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

export const healthApi = new Hono<{ Bindings: Env }>()
  .get('/health/live', (c) => c.json({ status: 'ok' }))
  .get('/health', async (c) => {
    const { DB, CACHE, CART, LIMITER } = c.env
    const [d1, kv, cart, limiter] = await Promise.all([
      probe(() => healthStore(DB).ping()),
      probe(() => CACHE.get('health:probe')),
      probe(() => CART.get(CART.idFromName('health')).ping()),
      probe(() => LIMITER.get(LIMITER.idFromName('health')).ping()),
    ])
    const checks = { d1, kv, cart, limiter }
    const ok = Object.values(checks).every((check) => check.ok)
    c.header('cache-control', 'no-store')
    return c.json({ status: ok ? 'ok' : 'failing', checks }, ok ? 200 : 503)
  })
