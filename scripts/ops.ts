/**
 * The operator's command (README, "Operating"): calls the operator API (worker/api/ops.ts) of a running store.
 *
 *   npm run ops -- orders                                     open orders and the step each awaits
 *   npm run ops -- staff invite owner@example.com --role owner   a one-time link to join the console (the first owner)
 *   npm run ops -- confirm|prepare|deliver|cancel MJ00000042  one step of one order
 *   npm run ops -- ship MJ00000042 --courier aramex --tracking 44012345678
 *   npm run ops -- housekeeping expire-unpaid-orders|daily    a scheduled job, now
 *
 * The store is `--url` or OPS_URL (default the local `npm start`, http://localhost:8787); the token is OPS_TOKEN from
 * the environment, else from .dev.vars (the local store's, written on install). Exits 1 when the store refuses.
 */
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { courierCodes, fulfilmentSteps, isCourier, type FulfilmentStep } from '../src/domain/fulfilment'
import { isStaffRole, staffRoles } from '../src/domain/staff'

const usage = `usage: npm run ops -- orders
       npm run ops -- staff invite EMAIL --role ${staffRoles.join('|')}
       npm run ops -- ${fulfilmentSteps.filter((s) => s !== 'ship').join('|')} ORDER
       npm run ops -- ship ORDER --courier ${courierCodes.join('|')} --tracking NUMBER
       npm run ops -- housekeeping expire-unpaid-orders|daily
options: --url https://your-store (or OPS_URL; default http://localhost:8787)`

function localToken(): string | undefined {
  const file = new URL('../.dev.vars', import.meta.url)
  return existsSync(file) ? /^OPS_TOKEN=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim() : undefined
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    courier: { type: 'string' },
    tracking: { type: 'string' },
    role: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})
const [command, subject, object] = positionals
if (values.help || !command) fail(usage)

const base = (values.url ?? process.env.OPS_URL ?? 'http://localhost:8787').replace(/\/+$/, '')
const token = process.env.OPS_TOKEN ?? localToken()
if (!token) fail('No operator token: set OPS_TOKEN (the value you gave `wrangler secret put OPS_TOKEN`).')

async function ask(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => fail(`${base} did not answer: ${String(error)}`))
  const answer = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown>; error?: { message?: string; issues?: string[] } }
  if (response.status === 404) fail(`${base} answered 404: the order does not exist, or the token is wrong or not set on the store.`)
  if (response.status === 429) fail('Too many wrong tokens from this address: wait an hour.')
  if (!response.ok || !answer.data)
    fail(`Refused (${response.status}): ${[answer.error?.message, ...(answer.error?.issues ?? [])].filter(Boolean).join(' ')}`)
  return answer.data
}

if (command === 'staff') {
  if (subject !== 'invite' || !object || !values.role || !isStaffRole(values.role)) fail(usage)
  const { link, expires_in_hours } = (await ask('POST', '/ops/staff/invite', { email: object, role: values.role })) as {
    link: string
    expires_in_hours: number
  }
  console.log(`Send this link to ${object} (good once, for ${expires_in_hours} hours):\n${link}`)
} else if (command === 'orders') {
  const { orders } = (await ask('GET', '/ops/orders?status=processing')) as {
    orders: { order: string; placed_at: string; payment_method: string; grand_total: number; next: string }[]
  }
  if (orders.length === 0) console.log('No open orders.')
  for (const order of orders) {
    console.log(
      `${order.order}  ${order.placed_at.slice(0, 16).replace('T', ' ')} UTC  ${order.payment_method.padEnd(15)} ${order.grand_total.toFixed(2).padStart(10)} SAR  next: ${order.next}`,
    )
  }
} else if (command === 'housekeeping') {
  if (subject !== 'expire-unpaid-orders' && subject !== 'daily') fail(usage)
  console.log(JSON.stringify(await ask('POST', '/ops/housekeeping', { run: subject }), null, 2))
} else if ((fulfilmentSteps as readonly string[]).includes(command)) {
  if (!subject) fail(usage)
  const step = command as FulfilmentStep
  let body: unknown
  if (step === 'ship') {
    if (!values.courier || !isCourier(values.courier) || !values.tracking) fail(usage)
    body = { courier: values.courier, tracking_number: values.tracking }
  }
  const result = (await ask('POST', `/ops/orders/${encodeURIComponent(subject)}/${step}`, body)) as {
    order: string
    outcome: string
    status: string
    refunded?: boolean
    timeline: { status: string; at: string }[]
  }
  const said = result.outcome === 'already' ? 'had already been done: nothing changed' : `done${result.refunded ? ', payment refunded' : ''}`
  console.log(`${result.order}: ${step} ${said}. Status ${result.status}; timeline: ${result.timeline.map((e) => e.status).join(' > ')}`)
} else {
  fail(usage)
}
