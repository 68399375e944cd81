// The catalogue import in the console (docs/catalogue-import.md, "In the console"; docs/decisions/0033): an upload's
// dry run names every problem by line and column and writes nothing; a confirmed import loads through the queue in
// parts with its progress, then follows as the command does (a new catalogue version); one import runs at a time; a
// part that fails stops the import, saying which; audit rows for the upload, the confirmation and the end.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import worker from '../../src/worker-entry'
import { apiApp } from '~/api/app'
import { readCatalogueCsv } from '~/catalogue/catalogue-file'
import { importQueue, productsPerChunk, type ImportStep } from '~/catalogue/import-jobs'
import { importChunks, importStatements } from '~/storage/catalogue-sql'
import { storeKeysOf, storeSnapshotOf, storeSnapshotQueries } from '~/storage/catalogue-snapshot'
import { catalogueVersionKey } from '~/storage/kv-cache'
import { newIp } from './commerce-helpers'
import { joined, withToken, type Staff } from './staff-helpers'

/** The IMPORTS queue as the API and the steps send to it: kept, then delivered through the Worker's own consumer. */
const sent: ImportStep[] = []
const on = { ...withToken, IMPORTS: { send: async (body: ImportStep) => void sent.push(body), sendBatch: async () => undefined } } as unknown as Env

/** Delivers the next queued step (or all of them) through the Worker's queue handler, as the queue would. */
async function deliver(count = Infinity): Promise<void> {
  for (let i = 0; i < count && sent.length > 0; i++) {
    const body = sent.shift()!
    const batch = createMessageBatch<unknown>(importQueue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }])
    const ctx = createExecutionContext()
    await worker.queue(batch, on)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1)
  }
}

async function call(who: Staff, method: 'GET' | 'POST', path: string, form?: FormData) {
  const response = await apiApp.request(`/api/ops${path}`, { method, headers: { 'cf-connecting-ip': who.ip, cookie: who.cookie }, body: form }, on)
  return { status: response.status, body: (await response.json()) as any }
}

const upload = (who: Staff, products: string, name = 'products.csv', type = 'text/csv') => {
  const form = new FormData()
  form.append('products', new File([products], name, { type }))
  return call(who, 'POST', '/imports', form)
}

const header = 'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock'
let category = ''
const row = (sku: string, price = '99', categories = category) =>
  `${sku},منتج ${sku},Product ${sku},وصف المنتج,The description,ماتجر,Matjar,${categories},${price},1101=5|1102=2`

const productCount = async (prefix: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM products WHERE sku LIKE ?').bind(`${prefix}%`).first<{ n: number }>())!.n
const auditOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT action, actor_name FROM audit_log WHERE subject_kind = 'catalogue_import' AND subject_id = ? ORDER BY id")
      .bind(String(id))
      .all<{ action: string; actor_name: string }>()
  ).results

let staff: Staff
beforeAll(async () => {
  staff = await joined('catalogue', 'Noura Alqahtani')
  category = (await env.DB.prepare('SELECT url_key FROM categories ORDER BY id DESC LIMIT 1').first<{ url_key: string }>())!.url_key
})

describe('the console`s catalogue import', () => {
  it('names every problem of the dry run by line and column, and writes nothing', async () => {
    const file = [header, row('CI-OK-1'), row('CI-BAD-2', '-5'), row('CI-OK-3'), row('CI-BAD-4', '10', 'no-such-category')].join('\n')
    const uploaded = await upload(staff, file)
    expect(uploaded.status).toBe(200)
    const id = uploaded.body.data.import.id as number
    expect(uploaded.body.data.import).toMatchObject({ state: 'checking', file_name: 'products.csv', uploaded_by: 'Noura Alqahtani' })
    await deliver()
    const checked = await call(staff, 'GET', `/imports/${id}?lang=en`)
    expect(checked.body.data.import).toMatchObject({ state: 'refused', problems: 2 })
    expect(checked.body.data.problems).toEqual([
      expect.objectContaining({ file: 'products', line: 3, column: 'price', message: 'must be non-negative (was -5)' }),
      expect.objectContaining({ line: 5, column: 'categories', message: 'no category has the url key "no-such-category"' }),
    ])
    // The same problems in Arabic for a staff member reading the console in Arabic (the value's own words stay).
    expect((await call(staff, 'GET', `/imports/${id}?lang=ar`)).body.data.problems.map((p: { message: string }) => p.message)).toEqual([
      'قيمة غير مقبولة: must be non-negative (was -5)',
      'لا يوجد تصنيف رابطه «no-such-category»',
    ])
    expect(await productCount('CI-')).toBe(0)
    // Refused, it cannot be confirmed; and another import may start.
    expect((await call(staff, 'POST', `/imports/${id}/confirm`)).status).toBe(409)
    expect(await auditOf(id)).toEqual([{ action: 'catalogue.import.upload', actor_name: 'Noura Alqahtani' }])
  })

  it('refuses a file that is not a CSV or JSON catalogue before keeping it', async () => {
    const before = (await call(staff, 'GET', '/imports')).body.data.imports.length
    expect((await upload(staff, 'PK\u0003\u0004', 'products.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).status).toBe(
      400,
    )
    expect((await upload(staff, '%PDF-1.7', 'products.csv', 'application/pdf')).status).toBe(400)
    expect((await call(staff, 'GET', '/imports')).body.data.imports).toHaveLength(before)
    expect(sent).toEqual([])
  })

  it('loads a confirmed file in parts through the queue, with its progress, then follows as the command does', async () => {
    const products = productsPerChunk * 2 + 100
    const file = [header, ...Array.from({ length: products }, (_, i) => row(`CI-LOAD-${i}`))].join('\n')
    const id = (await upload(staff, file)).body.data.import.id as number
    await deliver()
    expect((await call(staff, 'GET', `/imports/${id}`)).body.data.import).toMatchObject({ state: 'ready', new_products: products, problems: 0 })
    expect(await productCount('CI-LOAD-')).toBe(0)
    const version = await env.CACHE.get(catalogueVersionKey)

    const confirmed = await call(staff, 'POST', `/imports/${id}/confirm`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data.import).toMatchObject({ state: 'loading', confirmed_by: 'Noura Alqahtani' })
    // A second click, or a second member, changes nothing.
    expect((await call(staff, 'POST', `/imports/${id}/confirm`)).status).toBe(409)
    expect(sent).toEqual([{ id, step: 'prepare' }])

    await deliver(1) // prepare: the parts written
    expect((await call(staff, 'GET', `/imports/${id}`)).body.data.import).toMatchObject({ chunks_total: 3, rows_total: products, rows_done: 0 })
    await deliver(1) // the first part
    expect((await call(staff, 'GET', `/imports/${id}`)).body.data.import).toMatchObject({
      state: 'loading',
      chunks_done: 1,
      rows_done: productsPerChunk,
    })
    expect(await productCount('CI-LOAD-')).toBe(productsPerChunk)
    await deliver()
    const loaded = (await call(staff, 'GET', `/imports/${id}`)).body.data.import
    expect(loaded).toMatchObject({ state: 'loaded', chunks_done: 3, rows_done: products, error: null })
    expect(loaded.finished_at).toEqual(expect.any(String))
    expect(await productCount('CI-LOAD-')).toBe(products)
    // The command's follow-up: the search built under a new catalogue version, the caches dropped.
    expect(await env.CACHE.get(catalogueVersionKey)).not.toBe(version)
    expect(await env.IMPORT_FILES.get(`imports/${id}/chunk-0.json`)).toBeNull()
    expect(await auditOf(id)).toEqual([
      { action: 'catalogue.import.upload', actor_name: 'Noura Alqahtani' },
      { action: 'catalogue.import.confirm', actor_name: 'Noura Alqahtani' },
      { action: 'catalogue.import.finish', actor_name: 'Noura Alqahtani' },
    ])

    // A part delivered again after the load changes nothing.
    sent.push({ id, step: 'chunk', chunk: 1 })
    await deliver()
    expect(await productCount('CI-LOAD-')).toBe(products)
  })

  it('runs one import at a time: another upload or confirmation is refused while one runs', async () => {
    const first = (await upload(staff, [header, row('CI-ONE-1')].join('\n'))).body.data.import.id as number
    // Checking counts as running.
    const meanwhile = await upload(staff, [header, row('CI-TWO-1')].join('\n'))
    expect(meanwhile.status).toBe(409)
    expect(meanwhile.body.error.code).toBe('import_running')
    await deliver()
    const second = (await upload(staff, [header, row('CI-TWO-1')].join('\n'))).body.data.import.id as number
    await deliver()
    expect((await call(staff, 'POST', `/imports/${first}/confirm`)).status).toBe(200)
    const refused = await call(staff, 'POST', `/imports/${second}/confirm`)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('import_running')
    expect((await call(staff, 'GET', `/imports/${second}`)).body.data.import.state).toBe('ready')
    await deliver()
    expect((await call(staff, 'POST', `/imports/${second}/confirm`)).status).toBe(200)
    await deliver()
    expect(await productCount('CI-ONE-')).toBe(1)
    expect(await productCount('CI-TWO-')).toBe(1)
  })

  it('stops at a part that fails, saying which, and lets the next import run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const file = [header, ...Array.from({ length: productsPerChunk + 10 }, (_, i) => row(`CI-FAIL-${i}`))].join('\n')
    const id = (await upload(staff, file)).body.data.import.id as number
    await deliver()
    await call(staff, 'POST', `/imports/${id}/confirm`)
    await deliver(1) // prepare
    // Someone takes the id the second part's first new product was given (decision 0018: never overwritten).
    const taken = (await env.DB.prepare('SELECT MAX(entity_id) + 1 + ? AS id FROM products').bind(productsPerChunk).first<{ id: number }>())!.id
    await env.DB.prepare(
      `INSERT INTO products (entity_id, sku, rewrite_url, name_ar, name_en, description_ar, description_en, brand_ar, brand_en, price,
         main_category_id, image_kind, image_hue, created_at)
       SELECT ?, 'CI-TAKEN', 'ci-taken', name_ar, name_en, description_ar, description_en, brand_ar, brand_en, price, main_category_id,
         image_kind, image_hue, created_at FROM products LIMIT 1`,
    )
      .bind(taken)
      .run()
    await deliver()
    const failed = (await call(staff, 'GET', `/imports/${id}`)).body.data.import
    expect(failed).toMatchObject({ state: 'failed', chunks_done: 1, rows_done: productsPerChunk })
    expect(failed.error).toMatch(/^part 2 of 2: .*UNIQUE constraint failed: products\.entity_id/)
    // The second part is not half there: its batch is one transaction.
    expect(await productCount('CI-FAIL-')).toBe(productsPerChunk)
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['catalogue.import.upload', 'catalogue.import.confirm', 'catalogue.import.fail'])
    expect((await upload(staff, [header, row('CI-AFTER-1')].join('\n'))).status).toBe(200)
    await deliver()
  })

  it('writes in parts what the one file writes', async () => {
    const answers = await env.DB.batch(storeSnapshotQueries.map((sql) => env.DB.prepare(sql)))
    const snapshot = storeSnapshotOf(answers.map((answer) => answer.results) as unknown as Parameters<typeof storeSnapshotOf>[0])
    const { file, problems } = readCatalogueCsv([header, row('CI-SAME-1'), row('CI-SAME-2')].join('\n'), storeKeysOf(snapshot))
    expect(problems).toEqual([])
    const now = new Date()
    expect(importChunks(file, snapshot, now, Infinity)).toEqual([{ statements: importStatements(file, snapshot, now), rows: 2 }])
    const parts = importChunks(file, snapshot, now, 1)
    expect(parts.map((part) => part.rows)).toEqual([1, 1])
    // The second part's new product takes the id after the first's.
    expect(parts[1]!.statements.join('\n')).toContain(`(${snapshot.next.product + 1}, 'CI-SAME-2'`)
  })

  it('is not for a role without catalogue.manage', async () => {
    const support = await joined('support')
    expect((await call(support, 'GET', '/imports')).status).toBe(403)
    const form = new FormData()
    form.append('products', new File([header], 'products.csv', { type: 'text/csv' }))
    expect((await call(support, 'POST', '/imports', form)).status).toBe(403)
    expect((await apiApp.request('/api/ops/imports', { method: 'POST', headers: { 'cf-connecting-ip': newIp() }, body: form }, on)).status).toBe(404)
  })
})
