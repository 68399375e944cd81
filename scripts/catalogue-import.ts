// npm run catalogue:import -- FILE [--categories FILE] [--remote] [--dry-run]
// Loads a retailer's catalogue (CSV or JSON, docs/catalogue-import.md) into the store's D1: the local one
// (MATJAR_STATE_DIR if set), or with --remote the deployed one (after `npm run deploy`, which writes its ids into
// dist/server/wrangler.json). Every row is checked first and every problem printed with its line and column; with
// any problem nothing is written. The SQL is loaded as one file, which D1 applies whole or not at all; then the Worker
// (the local store, or with --remote STORE_ORIGIN, with OPS_TOKEN) builds the search snapshots under a new catalogue
// version and drops the KV cache keys, so cached pages, listing indexes and the embedded search follow at once and no
// shopper waits for a search build (docs/decisions/0018-catalogue-import.md; without a Worker to ask, the keys and
// the version are dropped and the first search builds). With ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment it
// ends with `npm run search:push`. --dry-run checks the file and writes the SQL without loading it.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname } from 'node:path'
import { parseArgs } from 'node:util'
import { readCatalogue } from '../worker/catalogue/catalogue-file'
import { importStatements } from '../worker/storage/catalogue-sql'
import { storeKeysOf, storeSnapshotOf, storeSnapshotQueries } from '../worker/storage/catalogue-snapshot'
import { allCacheKeys } from '../worker/storage/kv-cache'
import { toolEnv } from './local-worker'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    categories: { type: 'string' },
    remote: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    /** The Worker that builds the search snapshots once the catalogue is in D1: the local store, or STORE_ORIGIN with --remote. */
    worker: { type: 'string' },
  },
})
const [path] = positionals
if (!path || positionals.length > 1) {
  console.error('Usage: npm run catalogue:import -- FILE.csv|FILE.json [--categories CATEGORIES.csv] [--remote] [--dry-run]')
  process.exit(2)
}
const format = extname(path).toLowerCase()
if (format !== '.csv' && format !== '.json') {
  console.error(`${path}: a catalogue is a .csv or a .json file (docs/catalogue-import.md)`)
  process.exit(2)
}
if (values.categories && format !== '.csv') {
  console.error('--categories goes with a products CSV; a JSON file lists its "categories" itself')
  process.exit(2)
}

/** The built Worker's configuration holds the deployed database's and namespace's ids (scripts/deploy.ts). */
const builtConfig = 'dist/server/wrangler.json'
if (values.remote) {
  // A build after the deploy writes the file again with wrangler.toml's placeholder ids.
  const config = existsSync(builtConfig)
    ? (JSON.parse(readFileSync(builtConfig, 'utf8')) as { d1_databases?: { binding: string; database_id?: string }[] })
    : null
  const databaseId = config?.d1_databases?.find((d) => d.binding === 'DB')?.database_id ?? ''
  if (!/[1-9a-f]/.test(databaseId)) {
    console.error(
      `--remote reads the deployed database's id from ${builtConfig}, which \`npm run deploy\` writes: deploy first (again after a build).`,
    )
    process.exit(2)
  }
}
const where = values.remote
  ? ['--remote', '--config', builtConfig]
  : ['--local', ...(process.env.MATJAR_STATE_DIR ? ['--persist-to', process.env.MATJAR_STATE_DIR] : [])]

function wrangler(args: string[], capture = false): string {
  const result = spawnSync('npx', ['wrangler', ...args], {
    env: toolEnv,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
  })
  if (result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed`)
  }
  return result.stdout ?? ''
}

// A local database is brought to the current schema first, as `npm start` does; a deployed one was by the deploy.
if (!values.remote) execFileSync('npm', ['run', 'db:migrate'], { env: toolEnv, stdio: 'inherit' })

const answers = JSON.parse(wrangler(['d1', 'execute', 'DB', ...where, '--json', '--command', storeSnapshotQueries.join('; ')], true)) as {
  results: unknown[]
}[]
const snapshot = storeSnapshotOf(answers.map((answer) => answer.results) as unknown as Parameters<typeof storeSnapshotOf>[0])
const keys = storeKeysOf(snapshot)

const source = readFileSync(path, 'utf8')
const { file, problems } = readCatalogue(
  format === '.csv' ? 'csv' : 'json',
  source,
  keys,
  values.categories ? readFileSync(values.categories, 'utf8') : undefined,
)

if (problems.length > 0) {
  console.error(`${path}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported.`)
  for (const problem of problems) console.error(`  ${problem.where}: ${problem.message}`)
  process.exit(1)
}

const updated = file.products.filter((p) => snapshot.products.has(p.sku)).length
const statements = importStatements(file, snapshot, new Date())
const out = '.seed/catalogue-import.sql'
mkdirSync('.seed', { recursive: true })
writeFileSync(out, statements.join('\n') + '\n')
console.log(
  `${path}: ${file.products.length - updated} new and ${updated} updated products, ${file.removals.length} removed, ` +
    `${file.categories.length} categories -> ${out} (${statements.length} statements)`,
)
if (values['dry-run']) {
  console.log(`Dry run: the ${values.remote ? 'deployed' : 'local'} store was not changed.`)
  process.exit(0)
}

// One file: D1 applies it in one go (locally one transaction; remotely the import API, which restores the database if
// a statement fails), so a failure leaves the catalogue as it was.
// --yes: remotely wrangler asks before an import blocks the database for its duration; this command is the answer.
wrangler(['d1', 'execute', 'DB', ...where, '--yes', '--file', out], true)

/** The operator token the Worker takes: OPS_TOKEN from the environment, or the local one in .dev.vars. */
function opsToken(): string | undefined {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN
  if (values.remote || !existsSync('.dev.vars')) return undefined
  return /^OPS_TOKEN=["']?([^"'\n]+)/m.exec(readFileSync('.dev.vars', 'utf8'))?.[1]
}

/**
 * What follows the import runs in the Worker (issue 48; worker/catalogue/page-purge.ts, `catalogueReplaced`): every
 * search index built and its snapshot left in KV under a new catalogue version, and only then the caches dropped, so
 * no shopper's search waits for a build, and searches meanwhile answer from the last snapshots.
 */
async function askWorkerToFollow(): Promise<string> {
  const origin = values.worker ?? (values.remote ? process.env.STORE_ORIGIN : 'http://127.0.0.1:8787')
  const token = opsToken()
  if (!origin || !token) throw new Error(values.remote ? 'set STORE_ORIGIN and OPS_TOKEN' : 'no OPS_TOKEN in .dev.vars')
  const response = await fetch(`${origin}/api/ops/housekeeping`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ run: 'catalogue-replaced' }),
    signal: AbortSignal.timeout(10 * 60_000),
  })
  if (!response.ok) throw new Error(`${origin} answered ${response.status}`)
  const { data } = (await response.json()) as { data: { reports: { builtMs: number }[] } }
  return `${origin} built the search snapshots in ${data.reports[0]?.builtMs ?? '?'} ms, then dropped the cached pages and keys`
}

try {
  console.log(`Imported into the ${values.remote ? 'deployed' : 'local'} store; ${await askWorkerToFollow()}.`)
} catch (error) {
  // No Worker to ask (a local import with the store stopped): the cached keys and the catalogue version are dropped,
  // as a seed drops them; the five-minute job, or the first search before it, builds the indexes.
  const cacheKeys = '.seed/catalogue-import-cache-keys.json'
  writeFileSync(cacheKeys, JSON.stringify(allCacheKeys()))
  wrangler(['kv', 'bulk', 'delete', '--binding', 'CACHE', ...where, '--force', cacheKeys], true)
  console.log(
    `Imported into the ${values.remote ? 'deployed' : 'local'} store; the Worker could not build the search snapshots (${String(error)}): ` +
      'the cached keys were dropped instead, and the embedded search builds its indexes on the next five-minute run (or the first search before it).',
  )
}

if (process.env.ALGOLIA_APP_ID && process.env.ALGOLIA_ADMIN_KEY) {
  execFileSync('npm', ['run', 'search:push', ...(values.remote ? ['--', '--remote'] : [])], { env: toolEnv, stdio: 'inherit' })
}
