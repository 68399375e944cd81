/**
 * npm run upgrade:try: would the store work on the newest TanStack Start, Router and Query, wrangler, workerd and the
 * Cloudflare Vite plugin? In a copy of this checkout under the system's temporary folder (this one is never touched:
 * not its files, not its node_modules, not its git), it installs the newest of each, then runs the layers one after
 * the other and prints a report: each version from -> to, which patch's guard fired (docs/architecture.md, "Where we
 * lean on framework internals"), and passed or failed per layer.
 *
 *   npm run upgrade:try                 the whole run (install, check, build, the built Worker probe, the workerd suite)
 *   npm run upgrade:try -- --keep       leaves the copy in place to look into (its path is printed)
 *   npm run upgrade:try -- --no-workerd skips the workerd suite (the longest layer)
 *
 * The registry is asked only for the versions of the packages below, with npm's own client.
 */
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { probeInternals } from '../tests/e2e/internals-probe'

const { values } = parseArgs({
  options: {
    keep: { type: 'boolean', default: false },
    'no-workerd': { type: 'boolean', default: false },
    /** The port the built Worker is served on for the paint-first probe. */
    port: { type: 'string', default: '8797' },
  },
})

/** What is upgraded: the framework and the runtime the patches lean on. */
const upgraded = [
  '@tanstack/react-start',
  '@tanstack/react-router',
  '@tanstack/react-router-ssr-query',
  '@tanstack/react-query',
  'wrangler',
  '@cloudflare/vite-plugin',
  '@cloudflare/workers-types',
]

/** The unit guards, one describe block per patch named by its file (docs/architecture.md, "Where we lean on framework internals"). */
const guardTests = 'scripts/framework-internals.test.ts'

/** The patches whose build-time check stops the build, recognised by the file their message names. */
const buildGuards = ['build/lazy-rpc-client.ts', 'build/arktype-jitless.ts']

interface VitestJson {
  testResults: { name: string; assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }[] }[]
}

interface Layer {
  name: string
  ok: boolean
  seconds: number
  output: string
}

const checkout = process.cwd()
const copy = mkdtempSync(join(tmpdir(), 'matjar-upgrade-'))
const npmEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  MATJAR_STATE_DIR: join(copy, '.wrangler', 'upgrade-state'),
}

/** Runs a command in the copy; its output goes to the terminal as it comes and is kept for the report. */
function run(name: string, command: string, args: string[]): Promise<Layer> {
  const started = performance.now()
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: copy, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: (performance.now() - started) / 1000, output }))
  })
}

/** This checkout's files as they are now (committed or not, never what git ignores), without node_modules. */
function copyCheckout() {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: checkout })
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(join(checkout, file)))
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true })
    cpSync(join(checkout, file), join(copy, file))
  }
  // A repository of its own with those files in its index: the docs tests and the message-keys test list files with git ls-files.
  execFileSync('git', ['init', '--quiet'], { cwd: copy })
  execFileSync('git', ['add', '--all'], { cwd: copy })
}

const newest = (name: string) => execFileSync('npm', ['view', name, 'version'], { env: npmEnv }).toString().trim()

/** The copy's package.json on the newest versions; returns each change as "name from -> to". */
function upgradePackageJson(): string[] {
  const path = join(copy, 'package.json')
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
    overrides: Record<string, Record<string, string>>
  }
  const lines: string[] = []
  for (const name of upgraded) {
    const table = name in pkg.dependencies ? pkg.dependencies : pkg.devDependencies
    const from = table[name]
    const to = newest(name)
    table[name] = to
    lines.push(`${name.padEnd(34)} ${from!.padEnd(16)} -> ${to}${from === to ? ' (already newest)' : ''}`)
  }
  // workerd: the Vite plugin's runtime is given by the override (docs/decisions/0005-platform-traps.md, 17).
  const plugin = pkg.overrides['@cloudflare/vite-plugin']!
  const workerd = newest('workerd')
  lines.push(
    `${"workerd (the Vite plugin's override)".padEnd(34)} ${plugin.workerd!.padEnd(16)} -> ${workerd}${plugin.workerd === workerd ? ' (already newest)' : ''}`,
  )
  plugin.workerd = workerd
  writeFileSync(path, JSON.stringify(pkg, null, 2) + '\n')
  return lines
}

/** The built Worker served from the copy, asked what tests/e2e/internals-probe.ts asks (paint-first, the server-function guard, CSRF). */
async function probeBuiltWorker(): Promise<Layer> {
  const started = performance.now()
  const base = `http://127.0.0.1:${values.port}`
  const server = spawn('npx', ['vite', 'preview', '--port', values.port!, '--strictPort', '--host', '127.0.0.1'], {
    cwd: copy,
    env: npmEnv,
    stdio: 'ignore',
    detached: true,
  })
  let problems: string[]
  try {
    let up = false
    for (let i = 0; i < 240 && !up; i++) {
      up = await fetch(`${base}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
      if (!up) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    problems = up ? await probeInternals(base, join(copy, 'dist')) : ['the built Worker did not start']
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  const output = problems.join('\n') || "every patch of Start's behaviour holds on the built Worker"
  console.log(`\n── built Worker probe\n${output}`)
  return { name: 'built Worker probe', ok: problems.length === 0, seconds: (performance.now() - started) / 1000, output }
}

/** "patch > test: FIRED" for each guard test that failed in a vitest JSON report (its describe block names the patch). */
function firedIn(report: string): string[] {
  if (!existsSync(report)) return [`no test report at ${report}: the guards did not run`]
  return (JSON.parse(readFileSync(report, 'utf8')) as VitestJson).testResults
    .filter((file) => file.name.endsWith(guardTests))
    .flatMap((file) => file.assertionResults)
    .filter((test) => test.status === 'failed')
    .map((test) => `${test.ancestorTitles.join(' > ')} > ${test.title}: FIRED (${test.failureMessages[0]?.split('\n')[0] ?? ''})`)
}

/** Runs the unit guards alone with a JSON report (the check above ran them too, among every other test). */
async function guardsOf(name: string, args: string[]): Promise<string[]> {
  const report = join(copy, '.tmp', 'unit-guards.json')
  await run(name, 'npx', [...args, '--reporter=json', `--outputFile=${report}`])
  return firedIn(report)
}

/** The build-time checks that stopped the build, by the file their message names. */
function buildFired(layers: Layer[]): string[] {
  const build = layers.find((layer) => layer.name === 'build')
  if (!build || build.ok) return []
  return buildGuards.filter((file) => build.output.includes(file)).map((file) => `${file}: FIRED in the build`)
}

const guardResults: string[] = []

async function main() {
  console.log(`Copying this checkout to ${copy} (node_modules is installed afresh there)`)
  copyCheckout()
  const versions = upgradePackageJson()
  const layers: Layer[] = []
  const install = await run('install', 'npm', ['install', '--no-audit', '--no-fund'])
  layers.push(install)
  if (install.ok) {
    layers.push(await run('check', 'npm', ['run', 'check']))
    guardResults.push(...(await guardsOf('unit guards', ['vitest', 'run', '--config', 'vitest.unit.config.ts', guardTests])))
    // The database the built Worker serves: migrated and seeded as npm start does.
    const build = await run('build', 'npm', ['run', 'build'])
    layers.push(build)
    if (build.ok) {
      const seeded = await run('seed', 'sh', ['-c', 'npm run --silent db:migrate && npm run --silent db:seed'])
      layers.push(seeded.ok ? await probeBuiltWorker() : seeded)
    }
    if (!values['no-workerd']) layers.push(await run('workerd suite', 'npm', ['run', 'test:worker']))
  }

  console.log('\nUpgrade report')
  console.log('\nversions')
  for (const line of versions) console.log(`  ${line}`)
  console.log('\nguards (docs/architecture.md, "Where we lean on framework internals")')
  const probe = layers.find((layer) => layer.name === 'built Worker probe')
  const fired = [
    ...guardResults,
    ...buildFired(layers),
    ...(probe && !probe.ok ? probe.output.split('\n').map((line) => `${line}: FIRED on the built Worker`) : []),
  ]
  for (const line of fired.length ? fired : ['none fired']) console.log(`  ${line}`)
  console.log('\nlayers')
  for (const layer of layers) console.log(`  ${layer.name.padEnd(20)} ${layer.seconds.toFixed(0).padStart(5)} s  ${layer.ok ? 'passed' : 'FAILED'}`)
  if (values.keep) console.log(`\nThe copy is kept at ${copy}`)
  else rmSync(copy, { recursive: true, force: true })
  process.exitCode = layers.every((layer) => layer.ok) ? 0 : 1
}

await main()
