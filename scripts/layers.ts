/**
 * The test layers in one place (CONTRIBUTING.md, "Tests"), run with their times printed at the end:
 *
 *   npm run check  types, the import rule, lint, format and the unit tests, side by side: about a minute
 *   npm test       the check, then the workerd suite, then the browser suite (in that order: each is slower)
 *
 * The fast layers share nothing, so they run at once and the check takes as long as the slowest of them; the workerd
 * and browser suites each fill the machine's cores themselves, so they run one after the other.
 */
import { spawn } from 'node:child_process'

interface Layer {
  name: string
  /** An npm script of package.json. */
  script: string
}

// The compiled messages and the binding types are written once before these start: the type check, the lint and the
// unit tests read them, and a file rewritten while another process reads it is a spurious failure.
// The check lints with ESLint's cache: a typed rule's answer for a file may depend on another file's types, so a cached
// entry can be stale (rarely: a file's result kept after a type it reads changed). `npm test` lints without it, so
// nothing stale reaches a commit; the check stays a one-minute loop (lint: 120 s cold, 5 s warm, 22 s after one edit).
const fastLayers = (all: boolean): Layer[] => [
  { name: 'types', script: 'typecheck:only' },
  { name: 'imports', script: 'check:imports' },
  { name: 'lint', script: all ? 'lint' : 'lint:cached' },
  { name: 'format', script: 'format:check' },
  { name: 'unit', script: 'test:unit' },
]

// The browser layer is npm run test:e2e in its three steps, so the table says what the build and the deploy check cost
// beside the Playwright suite.
const slow: Layer[] = [
  { name: 'workerd', script: 'test:worker' },
  { name: 'build', script: 'build' },
  { name: 'deploy', script: 'deploy:check' },
  { name: 'browser', script: 'test:browser' },
]

interface Outcome {
  name: string
  seconds: number
  ok: boolean
  output: string
}

/** Runs one npm script; its output is kept (side by side runs would interleave) or streamed (one at a time). */
function run(layer: Layer, stream: boolean): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', layer.script], { stdio: stream ? 'inherit' : 'pipe', env: process.env })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => resolve({ name: layer.name, seconds: (performance.now() - started) / 1000, ok: code === 0, output }))
  })
}

function report(outcomes: Outcome[], startedAt: number) {
  console.log('\nlayer      seconds  result')
  for (const o of outcomes) console.log(`${o.name.padEnd(10)} ${o.seconds.toFixed(0).padStart(7)}  ${o.ok ? 'passed' : 'FAILED'}`)
  console.log(`${'total'.padEnd(10)} ${((performance.now() - startedAt) / 1000).toFixed(0).padStart(7)}`)
}

async function main() {
  const startedAt = performance.now()
  const all = process.argv.includes('--all')
  // What the fast layers read and no commit holds: the compiled messages and the binding types.
  for (const script of ['messages', 'types']) {
    const made = await run({ name: script, script }, true)
    if (!made.ok) {
      report([made], startedAt)
      process.exitCode = 1
      return
    }
  }
  const outcomes = await Promise.all(fastLayers(all).map((layer) => run(layer, false)))
  for (const o of outcomes) {
    if (!o.ok || all) console.log(`\n── ${o.name} ${o.ok ? '' : '(failed)'}\n${o.output.trim()}`)
  }
  if (all && outcomes.every((o) => o.ok)) {
    for (const layer of slow) {
      const outcome = await run(layer, true)
      outcomes.push(outcome)
      if (!outcome.ok) break
    }
  }
  report(outcomes, startedAt)
  process.exitCode = outcomes.every((o) => o.ok) ? 0 : 1
}

await main()
