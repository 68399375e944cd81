/**
 * `npm run deploy`: puts the store on Cloudflare (README, "Deploy"), one step after the other, stopping at the first
 * that fails:
 *
 *  1. builds (skipped with --no-build);
 *  2. checks the built Worker: production settings (no provider configured by half; an SMS provider, without which no
 *     shopper gets a code, and the seller's VAT number, without which no buyer gets an invoice: scripts/deploy-settings.ts),
 *     its bundle under Cloudflare's size limit and its startup within
 *     Cloudflare's time (`wrangler check startup`, which runs it in a local workerd), and `wrangler deploy --dry-run`;
 *  3. stops unless wrangler is logged in to an account, then refuses to go on while a secret the configuration needs is unset
 *     on the Worker (HANDSHAKE_SECRET, SESSION_SECRET, PASSWORD_PEPPER, and each configured provider's: scripts/deploy-settings.ts; one set in
 *     this shell's environment is uploaded; for the others it prints the `wrangler secret put` lines);
 *  4. finds the D1 database and the KV namespace by name, creating them when missing, and writes their ids into the
 *     built Worker's configuration (dist/server/wrangler.json, the file `wrangler deploy` reads), never wrangler.toml;
 *     creates the queues and the R2 bucket for the console's import files when missing;
 *  5. applies the D1 migrations remotely;
 *  6. deploys;
 *  7. with --seed, loads the demo catalogue and empties the KV cache of what it replaced.
 *
 * --dry-run runs what touches no account (the build and step 2) and prints every other step as the command it would
 * run. `npm test` runs `deploy -- --dry-run --no-build` after its build, so a Worker Cloudflare would refuse fails CI.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { productionGaps, providerProblems, secretsNeeded } from './deploy-settings'

const args = new Set(process.argv.slice(2))
const dryRun = args.has('--dry-run')
const seed = args.has('--seed')
const build = !args.has('--no-build')

/** What the deploy creates and finds by name, and where the built Worker's configuration is. */
const names = {
  worker: 'matjar',
  database: 'matjar',
  kvNamespace: 'matjar-cache',
  queues: ['matjar-messages', 'matjar-messages-dead', 'matjar-catalogue-import'],
  /** The console's import files and the buyers' review pictures (wrangler.toml [[r2_buckets]]: IMPORT_FILES, REVIEW_PICTURES). */
  buckets: ['matjar-imports', 'matjar-review-pictures'],
}
const builtConfig = 'dist/server/wrangler.json'
/** Cloudflare's limits: 3 MB compressed on the free plan (10 MB on paid), and the startup time a Worker is allowed. */
const limits = { bundleGzipKiB: 3 * 1024, startupMs: 1000 }

const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }

class StepFailed extends Error {}

let stepNumber = 0
function step(title: string): void {
  stepNumber += 1
  console.log(`\n${stepNumber}. ${title}`)
}

function show(command: string[]): string {
  return command.map((part) => (/^[\w./:=@-]+$/.test(part) ? part : `'${part.replaceAll("'", "'\\''")}'`)).join(' ')
}

/** Runs a command, its output shown (or captured and returned); a failure stops the deploy. */
function run(command: string[], options: { capture?: boolean; input?: string; mayFail?: boolean } = {}): string {
  if (!options.capture) console.log(`   $ ${show(command)}`)
  const result = spawnSync(command[0]!, command.slice(1), {
    env: quietEnv,
    input: options.input,
    encoding: 'utf8',
    stdio: [options.input === undefined ? 'inherit' : 'pipe', options.capture ? 'pipe' : 'inherit', options.capture ? 'pipe' : 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0 && !options.mayFail) {
    if (options.capture) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    throw new StepFailed(`${show(command)} exited with ${result.status}`)
  }
  return `${result.stdout ?? ''}${result.stderr ?? ''}`
}

/** A command that would change the account: run it, or in a dry run only say it. */
function change(command: string[], options: { input?: string } = {}): void {
  if (dryRun) console.log(`   would run: ${show(command)}`)
  else run(command, options)
}

const wrangler = (...rest: string[]) => ['npx', 'wrangler', ...rest]

interface BuiltConfig {
  vars?: Record<string, string>
  d1_databases?: { binding: string; database_name: string; database_id: string }[]
  kv_namespaces?: { binding: string; id: string }[]
}

function readBuiltConfig(): BuiltConfig {
  if (!existsSync(builtConfig)) throw new StepFailed(`${builtConfig} is missing: build first (npm run build)`)
  return JSON.parse(readFileSync(builtConfig, 'utf8')) as BuiltConfig
}

function checkBuiltWorker(): void {
  const config = readBuiltConfig()
  if (config.vars?.APP_ENV !== 'production') {
    throw new StepFailed(
      `the built Worker says APP_ENV = ${JSON.stringify(config.vars?.APP_ENV)}: a deploy must be production (wrangler.toml [vars])`,
    )
  }
  const problems = providerProblems(config.vars ?? {})
  if (problems.length > 0) throw new StepFailed(`providers configured by half (wrangler.toml [vars]): ${problems.join('; ')}`)
  const gaps = productionGaps(config.vars ?? {})
  if (gaps.length > 0 && !dryRun) throw new StepFailed(`production would fail its shoppers: ${gaps.join('; ')}`)
  for (const gap of gaps) console.log(`   a real deploy stops here until this is set: ${gap}`)

  mkdirSync('.deploy', { recursive: true })
  const startup = run(wrangler('check', 'startup', '--outfile', '.deploy/worker-startup.cpuprofile'), { capture: true })
  const bundle = /Bundle: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(startup)
  const active = /Active: ([\d.]+) ms/.exec(startup)
  if (!bundle || !active) {
    process.stderr.write(startup)
    throw new StepFailed('wrangler check startup printed no bundle size or startup time')
  }
  const gzipKiB = Number(bundle[2])
  const startupMs = Number(active[1])
  console.log(
    `   bundle ${Number(bundle[1]).toFixed(0)} KiB, gzip ${gzipKiB.toFixed(0)} KiB of ${limits.bundleGzipKiB} KiB allowed (${((gzipKiB / limits.bundleGzipKiB) * 100).toFixed(0)}%)`,
  )
  console.log(
    `   startup ${startupMs.toFixed(0)} ms of CPU in a local workerd, ${limits.startupMs} ms allowed (${((startupMs / limits.startupMs) * 100).toFixed(0)}%; Cloudflare's CPUs differ, the profile is in .deploy/worker-startup.cpuprofile)`,
  )
  if (gzipKiB > limits.bundleGzipKiB)
    throw new StepFailed(`the Worker is ${gzipKiB} KiB compressed: Cloudflare refuses more than ${limits.bundleGzipKiB} KiB`)
  if (startupMs > limits.startupMs)
    throw new StepFailed(`the Worker's startup takes ${startupMs} ms: Cloudflare refuses more than ${limits.startupMs} ms`)
  // What wrangler would upload: its list of bindings must say production (the build's .dev.vars, which `vite preview`
  // reads, is never uploaded; this proves it).
  const planned = run(wrangler('deploy', '--dry-run', '--config', builtConfig, '--outdir', '.deploy/bundle'), { capture: true })
  if (!planned.includes('env.APP_ENV ("production")')) {
    process.stderr.write(planned)
    throw new StepFailed('wrangler deploy --dry-run would not deploy APP_ENV = "production"')
  }
  console.log(`   wrangler deploy --dry-run --config ${builtConfig}: passed, with APP_ENV = "production" (the bundle is in .deploy/bundle)`)
}

function checkAccount(): void {
  const whoami = wrangler('whoami', '--json')
  if (dryRun) {
    console.log(`   would run: ${show(whoami)}, and stop unless logged in (npx wrangler login, or CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)`)
    return
  }
  const answer = run(whoami, { capture: true, mayFail: true })
  const json = answer.slice(answer.indexOf('{'))
  let loggedIn = false
  try {
    loggedIn = (JSON.parse(json) as { loggedIn?: boolean }).loggedIn === true
  } catch {
    // Not the JSON it should be: treated as not logged in.
  }
  if (!loggedIn) throw new StepFailed('not logged in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)')
  console.log('   logged in')
}

function checkSecrets(): void {
  const requiredSecrets = secretsNeeded(readBuiltConfig().vars ?? {})
  const listCommand = wrangler('secret', 'list', '--name', names.worker, '--format', 'json')
  if (dryRun) {
    console.log(`   would run: ${show(listCommand)}`)
    console.log(`   and stop unless ${requiredSecrets.join(', ')} are set (those in this shell's environment are uploaded)`)
    return
  }
  let present = new Set<string>()
  try {
    present = new Set((JSON.parse(run(listCommand, { capture: true, mayFail: true })) as { name: string }[]).map((s) => s.name))
  } catch {
    // The Worker does not exist yet: no secret is set.
  }
  const missing = requiredSecrets.filter((name) => !present.has(name))
  for (const name of missing.filter((n) => process.env[n])) {
    change(wrangler('secret', 'put', name, '--name', names.worker), { input: process.env[name] })
  }
  const stillMissing = missing.filter((n) => !process.env[n])
  if (stillMissing.length > 0) {
    console.error('   Set these secrets first (each asks for its value; use a long random one, e.g. `openssl rand -base64 32`):')
    for (const name of stillMissing) console.error(`     npx wrangler secret put ${name} --name ${names.worker}`)
    throw new StepFailed(`missing secrets: ${stillMissing.join(', ')}`)
  }
  console.log(`   ${requiredSecrets.join(', ')}: set`)
}

/** The id of the D1 database and the KV namespace named above, created when missing. */
function findOrCreateResources(): { databaseId: string; kvId: string } {
  if (dryRun) {
    console.log(
      `   would run: ${show(wrangler('d1', 'list', '--json'))}, and if no database is named ${names.database}: ${show(wrangler('d1', 'create', names.database))}`,
    )
    console.log(
      `   would run: ${show(wrangler('kv', 'namespace', 'list'))}, and if none is titled ${names.kvNamespace}: ${show(wrangler('kv', 'namespace', 'create', names.kvNamespace))}`,
    )
    console.log(
      `   would run: ${show(wrangler('queues', 'list'))}, and for each of ${names.queues.join(', ')} not listed: ${show(wrangler('queues', 'create', '<name>'))}`,
    )
    console.log(
      `   would run: ${show(wrangler('r2', 'bucket', 'list'))}, and for each of ${names.buckets.join(', ')} not listed: ${show(wrangler('r2', 'bucket', 'create', '<name>'))}`,
    )
    return { databaseId: '<the database id>', kvId: '<the namespace id>' }
  }
  // The messages queue and its dead-letter queue (wrangler.toml [[queues]]): a deploy naming a missing queue fails.
  const queues = run(wrangler('queues', 'list'), { capture: true })
  for (const queue of names.queues) {
    // One name is the start of the other: match it whole, as a cell of wrangler's table.
    if (!new RegExp(`(^|[\\s|│])${queue}([\\s|│]|$)`, 'm').test(queues)) run(wrangler('queues', 'create', queue))
  }
  // Likewise the R2 bucket the console uploads import files to: wrangler lists each bucket as `name: <name>`.
  const buckets = run(wrangler('r2', 'bucket', 'list'), { capture: true })
  for (const bucket of names.buckets) {
    if (!new RegExp(`(^|[\\s|│:])${bucket}([\\s|│]|$)`, 'm').test(buckets)) run(wrangler('r2', 'bucket', 'create', bucket))
  }
  const databases = () => JSON.parse(run(wrangler('d1', 'list', '--json'), { capture: true })) as { uuid: string; name: string }[]
  let database = databases().find((d) => d.name === names.database)
  if (!database) {
    run(wrangler('d1', 'create', names.database))
    database = databases().find((d) => d.name === names.database)
  }
  const namespaces = () => JSON.parse(run(wrangler('kv', 'namespace', 'list'), { capture: true })) as { id: string; title: string }[]
  // Older wranglers prefixed the Worker's name to the title.
  const titled = (n: { title: string }) => n.title === names.kvNamespace || n.title === `${names.worker}-${names.kvNamespace}`
  let namespace = namespaces().find(titled)
  if (!namespace) {
    run(wrangler('kv', 'namespace', 'create', names.kvNamespace))
    namespace = namespaces().find(titled)
  }
  if (!database || !namespace) throw new StepFailed('the database or the namespace was created but cannot be found by its name')
  console.log(`   D1 ${names.database}: ${database.uuid}; KV ${names.kvNamespace}: ${namespace.id}`)
  return { databaseId: database.uuid, kvId: namespace.id }
}

function writeIds(ids: { databaseId: string; kvId: string }): void {
  if (dryRun) {
    console.log(`   would write database_id = ${ids.databaseId} (binding DB) and id = ${ids.kvId} (binding CACHE) into ${builtConfig}`)
    return
  }
  const config = readBuiltConfig()
  const database = config.d1_databases?.find((d) => d.binding === 'DB')
  const namespace = config.kv_namespaces?.find((n) => n.binding === 'CACHE')
  if (!database || !namespace) throw new StepFailed(`${builtConfig} has no DB or CACHE binding`)
  database.database_id = ids.databaseId
  namespace.id = ids.kvId
  writeFileSync(builtConfig, JSON.stringify(config))
  console.log(`   ${builtConfig}: DB -> ${ids.databaseId}, CACHE -> ${ids.kvId}`)
}

function main(): void {
  console.log(`Deploying the store to Cloudflare${dryRun ? ' (dry run: nothing on an account is touched)' : ''}`)
  if (build) {
    step('Build')
    run(['npm', 'run', 'build'], { capture: true })
    console.log('   built into dist/')
  }
  step('Check the built Worker as Cloudflare will')
  checkBuiltWorker()
  step('Account')
  checkAccount()
  step('Secrets')
  checkSecrets()
  step('D1 database, KV namespace and queues')
  const ids = findOrCreateResources()
  writeIds(ids)
  step('D1 migrations, remotely')
  change(wrangler('d1', 'migrations', 'apply', 'DB', '--remote', '--config', builtConfig))
  step('Deploy')
  change(wrangler('deploy', '--config', builtConfig))
  if (seed) {
    step('Seed the demo catalogue')
    if (dryRun) console.log(`   would run: npm run seed:sql`)
    else run(['npm', 'run', 'seed:sql'], { capture: true })
    change(wrangler('d1', 'execute', 'DB', '--remote', '--config', builtConfig, '--file', '.seed/seed.sql'))
    change(wrangler('kv', 'bulk', 'delete', '--binding', 'CACHE', '--remote', '--config', builtConfig, '--force', '.seed/cache-keys.json'))
  }
  console.log(
    dryRun
      ? '\nDry run passed: the Worker would be accepted. Run `npm run deploy` (after `npx wrangler login`) to deploy.'
      : `\nDeployed. Check it: curl https://${names.worker}.<your-subdomain>.workers.dev/api/health ; follow it: npx wrangler tail ${names.worker} --format json`,
  )
}

try {
  main()
} catch (error) {
  if (!(error instanceof StepFailed)) throw error
  console.error(`\nStopped: ${error.message}`)
  process.exit(1)
}
