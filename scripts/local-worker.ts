// The built Worker served locally (vite preview -> workerd) for the bench and Lighthouse runs:
// migrates and seeds the local D1, starts the server in its own process group, waits until it answers.
import { execSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'

export const toolEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }

export function run(command: string) {
  execSync(command, { stdio: 'inherit', env: { ...toolEnv, MATJAR_STATE_DIR: process.env.MATJAR_STATE_DIR } })
}

/** The generator's sources at a size: a store seeded by other sources holds another catalogue. */
function catalogueFingerprint(products: number): string {
  const hash = createHash('sha256').update(String(products))
  for (const file of readdirSync('worker/seed').sort()) if (!file.endsWith('.test.ts')) hash.update(readFileSync(`worker/seed/${file}`))
  return hash.digest('hex')
}

/**
 * Serves the built Worker on the port. With `products`, the catalogue is generated at that size into
 * its own state directory (the default store's data stays as it is). With `keepState`, nothing is seeded. With
 * `stateDir`, the demo catalogue is seeded fresh into that directory (with `keepState` too, that store is served as it is).
 */
export async function startLocalWorker(
  port: number,
  options: {
    build: boolean
    products?: number
    keepState?: boolean
    reuseSeeded?: boolean
    stateDir?: string
    /** Local-only vars for the Worker (MATJAR_STORAGE_LATENCY_MS), beside .dev.vars. */
    vars?: Record<string, string>
  },
) {
  if (options.build) run('npm run build')
  if (options.stateDir && options.keepState) {
    // A restart of that store as the last run (or the caller, between starts) left it.
    process.env.MATJAR_STATE_DIR = options.stateDir
  } else if (options.stateDir) {
    // A store of its own (the load run's), seeded fresh, so its books start from the seed alone.
    process.env.MATJAR_STATE_DIR = options.stateDir
    run(`rm -rf ${options.stateDir}`)
    run('npm run db:migrate')
    run('npm run db:seed')
  } else if (options.keepState) {
    // A restart of the same store: its data (and what KV holds) stays as the last run left it.
    if (options.products) process.env.MATJAR_STATE_DIR = `.wrangler/bench-${options.products}`
    else delete process.env.MATJAR_STATE_DIR
  } else if (options.products) {
    const state = `.wrangler/bench-${options.products}`
    const seedFile = `.seed/bench-${options.products}.sql`
    process.env.MATJAR_STATE_DIR = state
    const fingerprint = catalogueFingerprint(options.products)
    if (options.reuseSeeded && existsSync(`${state}/seeded`) && readFileSync(`${state}/seeded`, 'utf8') === fingerprint) {
      // The catalogue as a previous run of the same generator seeded it (seeding 100,000 products takes minutes); what
      // KV kept from that run (cached content, the catalogue version and with it every index snapshot) is dropped, as a
      // seed drops it.
      // Migrations added since that seed are applied to it (a new column, a new table), as a deploy applies them.
      run('npm run db:migrate')
      run(`wrangler kv bulk delete --binding CACHE --local --persist-to ${state} --force .seed/cache-keys.json >/dev/null`)
    } else {
      run(`rm -rf ${state} && npm run db:migrate && tsx scripts/write-seed-sql.ts --products ${options.products} --out ${seedFile}`)
      run(`wrangler d1 execute DB --local --persist-to ${state} --file ${seedFile} >/dev/null`)
      writeFileSync(`${state}/seeded`, fingerprint)
    }
  } else {
    delete process.env.MATJAR_STATE_DIR
    run('npm run db:migrate')
    run('npm run db:seed')
  }
  const base = `http://127.0.0.1:${port}`
  // The Worker's log lines go to .bench/worker-<port>.log: a request that fails names its error there.
  mkdirSync('.bench', { recursive: true })
  const log = openSync(`.bench/worker-${port}.log`, 'w')
  // `vite preview` gives the Worker the build's copy of .dev.vars, read as it starts: extra vars go in it for this start
  // only, and it is put back once the Worker answers.
  const builtVars = 'dist/server/.dev.vars'
  const builtVarsBefore = options.vars && existsSync(builtVars) ? readFileSync(builtVars, 'utf8') : null
  if (options.vars) {
    const lines = Object.entries(options.vars).map(([name, value]) => `${name}=${value}`)
    writeFileSync(builtVars, `${builtVarsBefore ?? ''}\n${lines.join('\n')}\n`)
  }
  const restoreVars = () => {
    if (options.vars) writeFileSync(builtVars, builtVarsBefore ?? '')
  }
  const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    env: { ...toolEnv, MATJAR_STATE_DIR: process.env.MATJAR_STATE_DIR },
    stdio: ['ignore', log, log],
    detached: true,
  })
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM')
    } catch {
      // The process group has already exited.
    }
  }
  process.on('exit', stop)
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        restoreVars()
        return { base, pid: server.pid!, stop }
      }
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  stop()
  restoreVars()
  throw new Error('the Worker did not start')
}
