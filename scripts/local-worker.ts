// The built Worker served locally (vite preview -> workerd) for the bench and Lighthouse runs:
// migrates and seeds the local D1, starts the server in its own process group, waits until it answers.
import { execSync, spawn } from 'node:child_process'

export const toolEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }

export function run(command: string) {
  execSync(command, { stdio: 'inherit', env: toolEnv })
}

export async function startLocalWorker(port: number, options: { build: boolean }) {
  if (options.build) run('npm run build')
  run('npm run db:migrate')
  run('npm run db:seed')
  const base = `http://127.0.0.1:${port}`
  const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    env: toolEnv,
    stdio: 'ignore',
    detached: true,
  })
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM')
    } catch {}
  }
  process.on('exit', stop)
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, pid: server.pid!, stop }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  stop()
  throw new Error('the Worker did not start')
}
