/**
 * The console's catalogue import in the background (docs/catalogue-import.md, "In the console"; docs/decisions/0033):
 * the IMPORTS queue's consumer (wrangler.toml). An import is a chain of messages, one at a time, so no request ever
 * waits for a file of 100,000 products:
 *
 * - `check`: the dry run. The file (R2) read and checked against the store, with the same reader as
 *   `npm run catalogue:import` (worker/catalogue/catalogue-file.ts): every problem kept (R2) and the import refused, or
 *   the import ready with what it would do.
 * - `prepare` (after the staff member confirms): read and checked again against the store as it now is (the dry run
 *   may be old), then the command's SQL (worker/storage/catalogue-sql.ts, `importChunks`) written to R2 in parts.
 * - `chunk` n: part n applied in ONE D1 batch (a transaction) with its ledger row and the progress, then the next part.
 * - `follow`: what follows the command's load, the same call (`catalogueReplaced`): search snapshots built under a new
 *   catalogue version, then cached pages and keys dropped. The import is loaded, with its audit row.
 *
 * A part that fails stops the import: it is `failed`, naming the part and D1's words, with its audit row; the parts
 * before it stay applied (decision 0033 says why, and why loading the same file again finishes the job).
 */
import { type } from 'arktype'
import type { Actor } from '../../src/domain/staff'
import { readCatalogue, type CatalogueFile, type ImportProblem } from './catalogue-file'
import { catalogueReplaced } from './page-purge'
import { auditStore } from '../storage/audit-store'
import { importChunks } from '../storage/catalogue-sql'
import { storeKeysOf, storeSnapshotOf, storeSnapshotQueries, type StoreSnapshot } from '../storage/catalogue-snapshot'
import { importFiles, importStore, type ImportRow } from '../storage/import-store'

/** The queue wrangler.toml names for the import's steps. */
export const importQueue = 'matjar-catalogue-import'

/** Products per part: one D1 batch each (about 1.7 KB of SQL a product, so under 1 MB a batch). */
export const productsPerChunk = 500

export const importStep = type({ id: 'number.integer > 0', step: "'check' | 'prepare' | 'follow'" }).or({
  id: 'number.integer > 0',
  step: "'chunk'",
  chunk: 'number.integer >= 0',
})
export type ImportStep = typeof importStep.infer

/** The system's own name in the audit trail when no staff member is known (an import confirmed before its actor was kept). */
const systemActor: Actor = { kind: 'token', id: null, name: 'catalogue-import', role: 'catalogue' }

async function storeSnapshot(db: D1Database): Promise<StoreSnapshot> {
  const answers = await db.batch(storeSnapshotQueries.map((sql) => db.prepare(sql)))
  return storeSnapshotOf(answers.map((answer) => answer.results) as unknown as Parameters<typeof storeSnapshotOf>[0])
}

/** The uploaded file read and checked against the store as it is now. */
async function readUpload(env: Env, row: ImportRow): Promise<{ file: CatalogueFile; problems: ImportProblem[]; snapshot: StoreSnapshot }> {
  const files = importFiles(env.IMPORT_FILES, row.id)
  const [source, categories, snapshot] = await Promise.all([files.products(), files.categories(), storeSnapshot(env.DB)])
  if (source === null)
    return {
      file: { categories: [], products: [], removals: [], variants: [] },
      problems: [{ where: 'the file', message: 'the uploaded file is gone' }],
      snapshot,
    }
  return { ...readCatalogue(row.format, source, storeKeysOf(snapshot), categories ?? undefined), snapshot }
}

const countsOf = (file: CatalogueFile, snapshot: StoreSnapshot) => {
  const updated = file.products.filter((p) => snapshot.products.has(p.sku)).length
  return {
    new_products: file.products.length - updated,
    updated_products: updated,
    removed_products: file.removals.length,
    categories: file.categories.length,
  }
}

async function check(env: Env, row: ImportRow): Promise<void> {
  if (row.state !== 'checking') return
  const { file, problems, snapshot } = await readUpload(env, row)
  if (problems.length > 0) await importFiles(env.IMPORT_FILES, row.id).putProblems(problems)
  await importStore(env.DB).checked(row.id, 'checking', problems.length > 0 ? { problems: problems.length } : countsOf(file, snapshot))
}

async function prepare(env: Env, row: ImportRow): Promise<void> {
  if (row.state !== 'loading' || row.chunks_total > 0) return
  const store = importStore(env.DB)
  const { file, problems, snapshot } = await readUpload(env, row)
  const files = importFiles(env.IMPORT_FILES, row.id)
  if (problems.length > 0) {
    // The store changed since the dry run (a url key taken, a category gone): refused as a dry run would be, nothing loaded.
    await files.putProblems(problems)
    await store.checked(row.id, 'loading', { problems: problems.length })
    return
  }
  const chunks = importChunks(file, snapshot, new Date(), productsPerChunk)
  for (const [index, part] of chunks.entries()) await files.putChunk(index, part)
  await store.prepared(
    row.id,
    chunks.length,
    chunks.reduce((sum, part) => sum + part.rows, 0),
  )
  await env.IMPORTS.send({ id: row.id, step: 'chunk', chunk: 0 } satisfies ImportStep)
}

async function chunk(env: Env, row: ImportRow, index: number): Promise<void> {
  const store = importStore(env.DB)
  if (row.state !== 'loading' || row.chunks_done !== index || (await store.chunkApplied(row.id, index))) return
  const part = await importFiles(env.IMPORT_FILES, row.id).chunk(index)
  try {
    if (!part) throw new Error('the part is missing from the import files')
    await env.DB.batch([
      store.chunkLedger(row.id, index),
      ...part.statements.map((sql) => env.DB.prepare(sql)),
      store.chunkDone(row.id, index, part.rows),
    ])
  } catch (error) {
    // Delivered twice at once: the other delivery applied it (its ledger row refused this batch whole).
    if (await store.chunkApplied(row.id, index)) return
    await end(env, row, 'failed', `part ${index + 1} of ${row.chunks_total}: ${String((error as Error).message ?? error)}`)
    return
  }
  const next: ImportStep = index + 1 < row.chunks_total ? { id: row.id, step: 'chunk', chunk: index + 1 } : { id: row.id, step: 'follow' }
  await env.IMPORTS.send(next)
}

async function follow(env: Env, row: ImportRow): Promise<void> {
  if (row.state !== 'following') return
  await catalogueReplaced(env)
  await end(env, row, 'loaded')
  await importFiles(env.IMPORT_FILES, row.id).removeChunks(row.chunks_total)
}

/** An import's end, with its audit row in the same batch, in the name of whoever confirmed it. */
async function end(env: Env, row: ImportRow, state: 'loaded' | 'failed', error: string | null = null): Promise<void> {
  const store = importStore(env.DB)
  const at = new Date()
  const actor = (await store.confirmer(row.id)) ?? systemActor
  const fresh = await store.get(row.id)
  await env.DB.batch([
    store.ended(row.id, state, at.toISOString(), error),
    auditStore(env.DB).row(
      {
        actor,
        action: state === 'loaded' ? 'catalogue.import.finish' : 'catalogue.import.fail',
        subject: { kind: 'catalogue_import', id: String(row.id) },
        after: { state, rows: fresh?.rows_done ?? row.rows_done, of: fresh?.rows_total ?? row.rows_total, ...(error ? { error } : {}) },
        requestId: crypto.randomUUID(),
        at,
      },
      store.endedWhen(row.id, at.toISOString()),
    ),
  ])
}

/** One step of an import. */
export async function runImportStep(env: Env, step: ImportStep): Promise<void> {
  const row = await importStore(env.DB).get(step.id)
  if (!row) return
  if (step.step === 'check') await check(env, row)
  else if (step.step === 'prepare') await prepare(env, row)
  else if (step.step === 'chunk') await chunk(env, row, step.chunk)
  else await follow(env, row)
}

/**
 * The queue's consumer: each message is one step. A step that throws (D1 or R2 unreachable) is retried by the queue;
 * after its last retry (wrangler.toml) the import is failed, so a stuck import never blocks the next one.
 */
export async function handleImportBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const step = importStep(message.body)
    if (step instanceof type.errors) {
      console.error(JSON.stringify({ level: 'error', message: 'not an import step', problem: step.summary }))
      message.ack()
      continue
    }
    try {
      await runImportStep(env, step)
      message.ack()
    } catch (error) {
      if (message.attempts <= importRetries) {
        message.retry({ delaySeconds: 5 })
        continue
      }
      const row = await importStore(env.DB).get(step.id)
      if (row) await end(env, row, 'failed', `${step.step}: ${String((error as Error).message ?? error)}`)
      message.ack()
    }
  }
}

/** wrangler.toml's max_retries for the import queue. */
const importRetries = 2
