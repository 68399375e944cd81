/**
 * The console's catalogue import (docs/catalogue-import.md, "In the console"; docs/decisions/0033), for staff with
 * `catalogue.manage`:
 *
 * - POST /api/ops/imports (multipart: `products`, a .csv or .json file, and optionally `categories`, a .csv going with
 *   a products CSV): the files are kept in R2 and the dry run queued; refused while another import runs (409).
 * - GET /api/ops/imports: the latest imports, newest first. GET /api/ops/imports/{id}: one, with every problem of its
 *   dry run (line and column, or the JSON path) once refused, and its progress (products done of all) while it loads.
 * - POST /api/ops/imports/{id}/confirm: a ready import loads in the background (worker/catalogue/import-jobs.ts);
 *   refused while another runs, or when it is not ready (refused, loaded, confirmed already: a second click).
 *
 * Upload, confirm and the end (worker/catalogue/import-jobs.ts) each write their audit row in the change's own batch.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { catalogueFormatOf, type ImportProblem } from '../catalogue/catalogue-file'
import { problemText } from '../catalogue/import-problem-text'
import type { ImportStep } from '../catalogue/import-jobs'
import { auditStore } from '../storage/audit-store'
import { importFiles, importStore, isAnotherRunning, type ImportRow } from '../storage/import-store'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { allowed, auditOf, type OpsEnv } from './ops-access'
import { validate } from './validate'

/** The one route whose body may be larger than anonymousWrites.maxBodyBytes (worker/api/app.ts skips it). */
export const importUploadPath = '/api/ops/imports'

/** How many imports the screen lists. */
const listed = 10

/** A browser names a CSV or JSON file by one of these types (Excel on Windows calls a CSV a spreadsheet), or none. */
const fileTypes: Record<'csv' | 'json', string[]> = {
  csv: ['', 'text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'],
  json: ['', 'application/json', 'text/json', 'text/plain'],
}

/** A problem as the console shows it: its words in the staff member's language, its place taken apart. */
export interface ProblemView extends Omit<ImportProblem, 'reason'> {
  file: 'products' | 'categories'
  line: number | null
  column: string | null
}

export function problemView(problem: ImportProblem, locale: Locale): ProblemView {
  const categories = problem.where.startsWith('categories file, ')
  const where = categories ? problem.where.slice('categories file, '.length) : problem.where
  const place = /^line (\d+)(?:, column (.+))?$/.exec(where)
  return {
    where: problem.where,
    message: problemText(problem, locale),
    file: categories ? 'categories' : 'products',
    line: place ? Number(place[1]) : null,
    column: place?.[2] ?? null,
  }
}

const importId = type({ id: /^[1-9]\d{0,9}$/ })

async function uploadedFile(value: unknown, what: 'products' | 'categories'): Promise<{ file: File; format: 'csv' | 'json' } | null> {
  if (value === undefined || value === '') return null
  if (!(value instanceof File)) throw new ApiError(400, 'bad_request', [`${what}: a file`])
  const format = catalogueFormatOf(value.name)
  if (!format || (what === 'categories' && format !== 'csv'))
    throw new ApiError(400, 'bad_request', [`${what}: a .csv${what === 'products' ? ' or .json' : ''} file`])
  if (!fileTypes[format].includes(value.type.split(';')[0]!.trim().toLowerCase()))
    throw new ApiError(400, 'bad_request', [`${what}: a ${format} file`])
  if (value.size === 0) throw new ApiError(400, 'bad_request', [`${what}: the file is empty`])
  return { file: value, format }
}

export const opsImportApi = new Hono<OpsEnv>()
  .get('/ops/imports', allowed('catalogue.manage'), async (c) => {
    return c.json({ data: { imports: await importStore(c.env.DB).latest(listed) } })
  })
  .post(
    '/ops/imports',
    allowed('catalogue.manage'),
    bodyLimit({
      maxSize: serverLimits.catalogueImport.maxUploadBytes,
      onError: () => {
        throw new ApiError(413, 'payload_too_large')
      },
    }),
    async (c) => {
      if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw new ApiError(400, 'bad_request', ['a form with the file'])
      const form = await c.req.parseBody()
      const products = await uploadedFile(form.products, 'products')
      if (!products) throw new ApiError(400, 'bad_request', ['products: a .csv or .json file'])
      const categories = await uploadedFile(form.categories, 'categories')
      if (categories && products.format !== 'csv') throw new ApiError(400, 'bad_request', ['categories: a JSON catalogue lists its own'])
      const store = importStore(c.env.DB)
      // Early, before the file is stored; the unique index refuses one started at the same moment.
      if (await store.running()) throw new ApiError(409, 'import_running')
      const id = await store.nextId()
      await importFiles(c.env.IMPORT_FILES, id).putUpload(await products.file.arrayBuffer(), categories ? await categories.file.arrayBuffer() : null)
      const row = {
        id,
        format: products.format,
        file_name: products.file.name.slice(0, 200),
        categories_name: categories?.file.name.slice(0, 200) ?? null,
        bytes: products.file.size + (categories?.file.size ?? 0),
        uploaded_by: c.get('actor').name,
        uploaded_at: new Date().toISOString(),
      }
      const subject = { kind: 'catalogue_import', id: String(id) }
      try {
        await c.env.DB.batch([
          store.uploaded(row),
          auditStore(c.env.DB).row(
            auditOf(c, 'catalogue.import.upload', subject, { after: { file: row.file_name, categories: row.categories_name, bytes: row.bytes } }),
          ),
        ])
      } catch (error) {
        if (isAnotherRunning(error) || /UNIQUE constraint failed: catalogue_imports\.id/.test(String(error)))
          throw new ApiError(409, 'import_running')
        throw error
      }
      await c.env.IMPORTS.send({ id, step: 'check' } satisfies ImportStep)
      return c.json({ data: { import: await store.get(id) } })
    },
  )
  .get('/ops/imports/:id', allowed('catalogue.manage'), validate('param', importId), async (c) => {
    const id = Number(c.req.valid('param').id)
    const row = await importStore(c.env.DB).get(id)
    if (!row) throw new ApiError(404, 'not_found')
    const problems =
      row.state === 'refused' ? (await importFiles(c.env.IMPORT_FILES, id).problems()).map((problem) => problemView(problem, requestLocale(c))) : []
    return c.json({ data: { import: row, problems } })
  })
  .post('/ops/imports/:id/confirm', allowed('catalogue.manage'), validate('param', importId), async (c) => {
    const id = Number(c.req.valid('param').id)
    const store = importStore(c.env.DB)
    const row = await store.get(id)
    if (!row) throw new ApiError(404, 'not_found')
    if (row.state !== 'ready') throw new ApiError(409, 'bad_request', [`the import is ${row.state}`])
    const at = new Date()
    try {
      await c.env.DB.batch([
        store.confirmed(id, c.get('actor'), at.toISOString()),
        auditStore(c.env.DB).row(
          auditOf(c, 'catalogue.import.confirm', { kind: 'catalogue_import', id: String(id) }, { after: summaryOf(row) }, at),
          store.confirmedWhen(id, at.toISOString()),
        ),
      ])
    } catch (error) {
      if (isAnotherRunning(error)) throw new ApiError(409, 'import_running')
      throw error
    }
    const confirmed = await store.get(id)
    // Another click confirmed it first: this one changed nothing.
    if (confirmed?.confirmed_at !== at.toISOString()) throw new ApiError(409, 'bad_request', [`the import is ${confirmed?.state}`])
    await c.env.IMPORTS.send({ id, step: 'prepare' } satisfies ImportStep)
    return c.json({ data: { import: confirmed } })
  })

const summaryOf = (row: ImportRow) => ({
  file: row.file_name,
  new: row.new_products,
  updated: row.updated_products,
  removed: row.removed_products,
  categories: row.categories,
})
