// npm run catalogue:import -- FILE [--categories FILE] [--remote] [--dry-run]
// Loads a retailer's catalogue (CSV or JSON, docs/catalogue-import.md) into the store's D1: the local one
// (MATJAR_STATE_DIR if set), or with --remote the deployed one (after `npm run deploy`, which writes its ids into
// dist/server/wrangler.json). Every row is checked first and every problem printed with its line and column; with
// any problem nothing is written. The SQL is loaded as one file, which D1 applies whole or not at all; then the KV
// cache keys and the catalogue version are dropped, so cached pages, listing indexes and the embedded search follow
// at once (docs/decisions/0018-catalogue-import.md). With ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment it
// ends with `npm run search:push`. --dry-run checks the file and writes the SQL without loading it.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname } from 'node:path'
import { parseArgs } from 'node:util'
import { readCatalogueCsv, readCatalogueJson } from '../worker/catalogue/catalogue-file'
import { importStatements, storeKeysOf, storeSnapshotOf, storeSnapshotQueries } from '../worker/storage/catalogue-sql'
import { allCacheKeys } from '../worker/storage/kv-cache'
import { toolEnv } from './local-worker'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    categories: { type: 'string' },
    remote: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
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
const { file, problems } =
  format === '.csv'
    ? readCatalogueCsv(source, keys, values.categories ? readFileSync(values.categories, 'utf8') : undefined)
    : readCatalogueJson(source, keys)

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
const cacheKeys = '.seed/catalogue-import-cache-keys.json'
writeFileSync(cacheKeys, JSON.stringify(allCacheKeys()))
wrangler(['kv', 'bulk', 'delete', '--binding', 'CACHE', ...where, '--force', cacheKeys], true)
console.log(`Imported into the ${values.remote ? 'deployed' : 'local'} store; cached pages, listings and search follow the new catalogue.`)

if (process.env.ALGOLIA_APP_ID && process.env.ALGOLIA_ADMIN_KEY) {
  execFileSync('npm', ['run', 'search:push', ...(values.remote ? ['--', '--remote'] : [])], { env: toolEnv, stdio: 'inherit' })
} else {
  console.log('Embedded search: its indexes are made again on the next five-minute run (or the first search before it).')
}
