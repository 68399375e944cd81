/**
 * The console's catalogue imports (docs/catalogue-import.md, "In the console"; docs/decisions/0033): one row per
 * uploaded file, from its dry run to its load, and the ledger of the load's parts. The file itself, its problems and
 * the parts' SQL live in R2 (`importFiles` below). One import runs at a time: the `running` column is 1 only while an
 * import is checked, loaded or followed, and a unique index refuses a second such row, whoever asks at the same moment.
 */
import type { Actor } from '../../src/domain/staff'
import type { CatalogueFormat, ImportProblem } from '../catalogue/catalogue-file'

export const importStates = ['checking', 'refused', 'ready', 'loading', 'following', 'loaded', 'failed'] as const
export type ImportState = (typeof importStates)[number]

export interface ImportRow {
  id: number
  state: ImportState
  format: CatalogueFormat
  file_name: string
  categories_name: string | null
  bytes: number
  uploaded_by: string
  uploaded_at: string
  confirmed_by: string | null
  confirmed_at: string | null
  finished_at: string | null
  problems: number
  new_products: number
  updated_products: number
  removed_products: number
  categories: number
  chunks_total: number
  chunks_done: number
  rows_total: number
  rows_done: number
  error: string | null
}

const columns = `id, state, format, file_name, categories_name, bytes, uploaded_by, uploaded_at, confirmed_by, confirmed_at,
  finished_at, problems, new_products, updated_products, removed_products, categories, chunks_total, chunks_done, rows_total,
  rows_done, error`

/** The running row's unique index refused a second one (D1 names the constraint in its error). */
export const isAnotherRunning = (error: unknown) => /UNIQUE constraint failed: catalogue_imports\.running/.test(String(error))

export function importStore(db: D1Database) {
  return {
    async get(id: number): Promise<ImportRow | null> {
      return db.prepare(`SELECT ${columns} FROM catalogue_imports WHERE id = ?`).bind(id).first<ImportRow>()
    },

    /** The latest imports, newest first (the screen shows the one running or the last one, and the few before). */
    async latest(limit: number): Promise<ImportRow[]> {
      return (await db.prepare(`SELECT ${columns} FROM catalogue_imports ORDER BY id DESC LIMIT ?`).bind(limit).all<ImportRow>()).results
    },

    async running(): Promise<ImportRow | null> {
      return db.prepare(`SELECT ${columns} FROM catalogue_imports WHERE running = 1`).first<ImportRow>()
    },

    async nextId(): Promise<number> {
      return (await db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM catalogue_imports').first<{ id: number }>())!.id
    },

    /** A new upload, its dry run to come: it runs (one at a time) until the dry run ends. */
    uploaded(row: Pick<ImportRow, 'id' | 'format' | 'file_name' | 'categories_name' | 'bytes' | 'uploaded_by' | 'uploaded_at'>) {
      return db
        .prepare(
          `INSERT INTO catalogue_imports (id, state, running, format, file_name, categories_name, bytes, uploaded_by, uploaded_at)
           VALUES (?, 'checking', 1, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(row.id, row.format, row.file_name, row.categories_name, row.bytes, row.uploaded_by, row.uploaded_at)
    },

    /** The dry run's end: refused with its problems' count, or ready with what the load would do. */
    async checked(
      id: number,
      from: 'checking' | 'loading',
      outcome: { problems: number } | { new_products: number; updated_products: number; removed_products: number; categories: number },
    ): Promise<boolean> {
      const statement =
        'problems' in outcome
          ? db
              .prepare(`UPDATE catalogue_imports SET state = 'refused', running = NULL, problems = ? WHERE id = ? AND state = ?`)
              .bind(outcome.problems, id, from)
          : db
              .prepare(
                `UPDATE catalogue_imports SET state = 'ready', running = NULL, problems = 0, new_products = ?, updated_products = ?,
                   removed_products = ?, categories = ? WHERE id = ? AND state = ?`,
              )
              .bind(outcome.new_products, outcome.updated_products, outcome.removed_products, outcome.categories, id, from)
      return (await statement.run()).meta.changes === 1
    },

    /** Confirmed by `actor`: the import runs again, now loading (refused by the index while another runs). */
    confirmed(id: number, actor: Actor, at: string) {
      return db
        .prepare(
          `UPDATE catalogue_imports SET state = 'loading', running = 1, confirmed_by = ?, confirmed_actor = ?, confirmed_at = ?
           WHERE id = ? AND state = 'ready'`,
        )
        .bind(actor.name, JSON.stringify(actor), at, id)
    },

    /** The condition true once `confirmed` landed (for its audit row, in the same batch). */
    confirmedWhen: (id: number, at: string) => ({
      sql: "EXISTS (SELECT 1 FROM catalogue_imports WHERE id = ? AND state = 'loading' AND confirmed_at = ?)",
      values: [id, at],
    }),

    async confirmer(id: number): Promise<Actor | null> {
      const row = await db.prepare('SELECT confirmed_actor FROM catalogue_imports WHERE id = ?').bind(id).first<{ confirmed_actor: string | null }>()
      return row?.confirmed_actor ? (JSON.parse(row.confirmed_actor) as Actor) : null
    },

    /** The load's parts are written (R2) and counted: the first one goes next. */
    async prepared(id: number, chunks: number, rows: number): Promise<void> {
      await db
        .prepare(`UPDATE catalogue_imports SET chunks_total = ?, rows_total = ?, chunks_done = 0, rows_done = 0 WHERE id = ? AND state = 'loading'`)
        .bind(chunks, rows, id)
        .run()
    },

    /** For a part's own batch, first: a part applied already fails on its key, and the batch with it. */
    chunkLedger: (id: number, chunk: number) => db.prepare('INSERT INTO catalogue_import_chunks (import_id, chunk) VALUES (?, ?)').bind(id, chunk),

    async chunkApplied(id: number, chunk: number): Promise<boolean> {
      return (await db.prepare('SELECT 1 FROM catalogue_import_chunks WHERE import_id = ? AND chunk = ?').bind(id, chunk).first()) !== null
    },

    /** For a part's own batch, last: the progress moves with the part, never without it. */
    chunkDone: (id: number, chunk: number, rows: number) =>
      db
        .prepare(
          `UPDATE catalogue_imports SET chunks_done = ?, rows_done = rows_done + ?,
             state = CASE WHEN ? = chunks_total THEN 'following' ELSE state END
           WHERE id = ? AND state = 'loading'`,
        )
        .bind(chunk + 1, rows, chunk + 1, id),

    /** The end of an import: loaded, or failed with why; either way another may run. */
    ended(id: number, state: 'loaded' | 'failed', at: string, error: string | null = null) {
      return db
        .prepare(
          `UPDATE catalogue_imports SET state = ?, running = NULL, finished_at = ?, error = ?
           WHERE id = ? AND state IN ('checking', 'loading', 'following')`,
        )
        .bind(state, at, error, id)
    },

    endedWhen: (id: number, at: string) => ({ sql: 'EXISTS (SELECT 1 FROM catalogue_imports WHERE id = ? AND finished_at = ?)', values: [id, at] }),
  }
}

/** Where an import's files are in R2 (IMPORT_FILES): the upload, its categories file, its problems and the load's parts. */
export function importFiles(bucket: R2Bucket, id: number) {
  const key = (name: string) => `imports/${id}/${name}`
  const text = async (name: string) => (await bucket.get(key(name)))?.text() ?? null
  return {
    async putUpload(products: ReadableStream | ArrayBuffer | string, categories: ReadableStream | ArrayBuffer | string | null) {
      await bucket.put(key('products'), products)
      if (categories !== null) await bucket.put(key('categories'), categories)
    },
    products: () => text('products'),
    categories: () => text('categories'),
    putProblems: (problems: ImportProblem[]) => bucket.put(key('problems.json'), JSON.stringify(problems)),
    problems: async () => JSON.parse((await text('problems.json')) ?? '[]') as ImportProblem[],
    putChunk: (chunk: number, part: { statements: string[]; rows: number }) => bucket.put(key(`chunk-${chunk}.json`), JSON.stringify(part)),
    chunk: async (chunk: number) => {
      const stored = await text(`chunk-${chunk}.json`)
      return stored === null ? null : (JSON.parse(stored) as { statements: string[]; rows: number })
    },
    async removeChunks(count: number) {
      const keys = Array.from({ length: count }, (_, chunk) => key(`chunk-${chunk}.json`))
      for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000))
    },
  }
}
