/**
 * The scheduled runs (wrangler.toml's [triggers], docs/architecture.md, "Housekeeping"): every five minutes unpaid
 * orders and unconfirmed cash-on-delivery orders past their time are cancelled and give back what they took, invoices
 * owed are issued and reported to ZATCA, and the
 * search indexes are made when they are missing or old; once a day, the retention schedule is carried out
 * (worker/storage/retention-store.ts): rows past their time are deleted, old orders stripped of their buyer's contact. Each job logs one JSON line with what it did. The limiter's counters are not here: they live in one
 * Durable Object per subject, which no job can list, and each object deletes itself by its own alarm
 * (worker/durable-objects/limiter.ts).
 */
import { serverLimits } from '../../config/server-limits'
import { daysToMs } from '../../src/domain/time'
import { sendOwedRefunds } from '../commerce/refunds'
import { remindAbandonedCarts } from '../commerce/abandoned-carts'
import { sendDueStockAlerts } from '../commerce/stock-alerts'
import { issueMissingCreditNotes } from '../commerce/credit-notes'
import { issueMissingInvoices, reportInvoices } from '../commerce/invoices'
import { expireUnconfirmedCashOrders, expireUnpaidOrders } from '../commerce/orders'
import { warmSearchIndexes } from '../search/indexes'
import { retentionStore, timedRules } from '../storage/retention-store'
import { crons } from './crons'

const { retention } = serverLimits

interface JobReport {
  job: string
  [figure: string]: string | number
}

async function timed(job: string, work: () => Promise<Record<string, number | string>>): Promise<JobReport> {
  const started = Date.now()
  try {
    const figures = await work()
    const report = { job, ...figures, durationMs: Date.now() - started }
    console.log(JSON.stringify({ level: 'info', message: 'housekeeping', ...report }))
    return report
  } catch (error) {
    const report = { job, error: String(error), durationMs: Date.now() - started }
    console.error(JSON.stringify({ level: 'error', message: 'housekeeping', ...report }))
    return report
  }
}

/** Runs the jobs of one cron at `now`; a job that fails is logged and the others still run. */
export async function runHousekeeping(env: Env, cron: string, now: Date): Promise<JobReport[]> {
  if (cron === crons.everyFiveMinutes) {
    return [
      await timed('expire-unpaid-orders', async () => ({ cancelled: await expireUnpaidOrders(env, now) })),
      await timed('expire-unconfirmed-cash-orders', async () => ({ cancelled: await expireUnconfirmedCashOrders(env, now) })),
      // Money still held by cancelled orders (a refund the provider refused) goes back (docs/decisions/0014).
      await timed('send-owed-refunds', async () => ({ refunded: await sendOwedRefunds(env, serverLimits.orders.expiryBatch, now) })),
      // Invoices owed and not issued are issued, and simplified invoices are reported to ZATCA within its 24 hours,
      // a failed report tried again later (docs/decisions/0016-zatca-invoices.md).
      await timed('issue-missing-invoices', async () => ({ issued: await issueMissingInvoices(env, now) })),
      // A refund's credit note follows its invoice: one that failed with its refund, or came before the invoice, is issued.
      await timed('issue-missing-credit-notes', async () => ({
        issued: await issueMissingCreditNotes(env, serverLimits.orders.expiryBatch, now),
      })),
      await timed('report-invoices', async () => await reportInvoices(env, now)),
      // Known shoppers' carts left past the set time get their reminders, two at most (docs/decisions/0032-abandoned-carts.md).
      await timed('remind-abandoned-carts', async () => ({ sent: await remindAbandonedCarts(env, now) })),
      // Alerts of products back in stock in a city by any path (an import, a cancelled order), each sent once
      // (docs/decisions/0035-stock-alerts.md).
      await timed('send-stock-alerts', async () => ({ sent: await sendDueStockAlerts(env, now) })),
      // The search indexes are made here, after a catalogue change or once they are old, and left in KV: a shopper's
      // search then reads a snapshot instead of waiting for a build (docs/decisions/0012-search-at-scale.md).
      await timed('warm-search-indexes', async () => ({ waitedMs: await warmSearchIndexes(env) })),
    ]
  }
  if (cron === crons.daily) {
    const store = retentionStore(env.DB)
    const reports: JobReport[] = []
    // The retention schedule, each rule in turn (worker/storage/retention-store.ts; docs/decisions/0028-personal-data-kept.md).
    for (const { kind, keptDays } of timedRules) {
      const before = new Date(now.getTime() - daysToMs(keptDays))
      reports.push(
        await timed(`delete-old-${kind}`, async () => ({
          deleted: await store.deleteBefore(kind, before, retention.batch),
          before: before.toISOString(),
        })),
      )
    }
    return reports
  }
  console.warn(JSON.stringify({ level: 'warn', message: 'housekeeping: unknown cron', cron }))
  return []
}
