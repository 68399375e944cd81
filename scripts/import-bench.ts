// tsx scripts/import-bench.ts [PRODUCTS] [--no-build]: the console's catalogue import at a size (100,000 new products by
// default; issue 45, item 3). Serves the built Worker on the demo store of its own state directory, uploads a generated
// products CSV as the console does (POST /api/ops/imports, with the local OPS_TOKEN), waits for the dry run, confirms,
// and waits for the load and its follow-up, asking for the import as the screen does. Prints the file's size, the time
// of each stage and the number of queue messages the import took; nothing asserts them.
import { readFileSync } from 'node:fs'
import { startLocalWorker } from './local-worker'

process.env.MATJAR_NO_CRONS ??= '1'

const products = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000)
const port = Number(process.env.PORT ?? 8794)
const token = /^OPS_TOKEN=["']?([^"'\n]+)/m.exec(readFileSync('.dev.vars', 'utf8'))?.[1]
if (!token) throw new Error('no OPS_TOKEN in .dev.vars (npm install writes one)')

interface ImportRow {
  id: number
  state: string
  problems: number
  chunks_total: number
  rows_done: number
  rows_total: number
  error: string | null
}

const worker = await startLocalWorker(port, { build: !process.argv.includes('--no-build'), stateDir: '.wrangler/import-bench' })
const auth = { authorization: `Bearer ${token}` }
const imports = `${worker.base}/api/ops/imports`

async function until(id: number, done: (row: ImportRow) => boolean): Promise<ImportRow> {
  for (;;) {
    const answer = (await (await fetch(`${imports}/${id}`, { headers: auth })).json()) as { data: { import: ImportRow } }
    if (done(answer.data.import)) return answer.data.import
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

try {
  const tree = (await (await fetch(`${worker.base}/api/category/tree?lang=en`)).json()) as {
    data: { children_data: { url_key: string; children_data: { url_key: string }[] }[] }
  }
  const category = tree.data.children_data[0]!.children_data[0]!.url_key
  const header = 'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock'
  const rows = Array.from(
    { length: products },
    (_, i) =>
      `BENCH-${i},منتج تجريبي رقم ${i},Bench product ${i},"وصف منتج تجريبي، بفاصلة وسطر واحد",A bench product's description,ماتجر,Matjar,${category},${100 + (i % 900)}.50,1101=${i % 40}|1102=3|1105=1`,
  )
  const csv = [header, ...rows].join('\n')
  const form = new FormData()
  form.append('products', new File([csv], 'bench.csv', { type: 'text/csv' }))

  const started = performance.now()
  const uploaded = await fetch(imports, { method: 'POST', headers: auth, body: form })
  if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`)
  const uploadMs = performance.now() - started
  const { id } = ((await uploaded.json()) as { data: { import: ImportRow } }).data.import
  const checked = await until(id, (row) => row.state !== 'checking')
  const checkMs = performance.now() - started - uploadMs
  if (checked.state !== 'ready') throw new Error(`the dry run ended ${checked.state} with ${checked.problems} problems`)

  const confirmedAt = performance.now()
  const confirmed = await fetch(`${imports}/${id}/confirm`, { method: 'POST', headers: auth })
  if (!confirmed.ok) throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`)
  const loaded = await until(id, (row) => ['loaded', 'failed', 'refused'].includes(row.state))
  const loadMs = performance.now() - confirmedAt
  if (loaded.state !== 'loaded') throw new Error(`the load ended ${loaded.state}: ${loaded.error}`)
  // check, prepare, each part, follow.
  const messages = 2 + loaded.chunks_total + 1
  console.log(
    `${products.toLocaleString('en')} new products, a ${(csv.length / 1e6).toFixed(1)} MB CSV (${Buffer.byteLength(csv) / 1e6} MB UTF-8): ` +
      `upload ${Math.round(uploadMs)} ms, dry run ${(checkMs / 1000).toFixed(1)} s, load and follow-up ${(loadMs / 1000).toFixed(1)} s ` +
      `(${loaded.rows_done.toLocaleString('en')} of ${loaded.rows_total.toLocaleString('en')} products in ${loaded.chunks_total} parts); ` +
      `${messages} queue messages`,
  )
} finally {
  worker.stop()
}
