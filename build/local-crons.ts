/**
 * Cron Triggers fire only on Cloudflare: a local server (vite preview for `npm start`, vite dev) never runs the
 * Worker's `scheduled` handler, so unpaid orders placed locally stayed pending for ever (issue 31). This plugin
 * schedules wrangler.toml's crons (worker/scheduled/crons.ts, the same strings) with croner, in UTC as Cloudflare
 * does, and runs each through the endpoint the Cloudflare Vite plugin gives a local Worker for exactly this:
 * `/cdn-cgi/handler/scheduled?cron=...`. Running one now by hand: README, "Runbook".
 */
import type { AddressInfo } from 'node:net'
import { Cron } from 'croner'
import type { Plugin, PreviewServer, ViteDevServer } from 'vite'
import { crons } from '../worker/scheduled/crons.ts'

function schedule(server: PreviewServer | ViteDevServer) {
  const http = server.httpServer
  if (!http || process.env.MATJAR_NO_CRONS === '1') return
  http.once('listening', () => {
    const { port } = http.address() as AddressInfo
    const jobs = Object.values(crons).map(
      (cron) =>
        new Cron(cron, { timezone: 'UTC', protect: true }, async () => {
          try {
            const response = await fetch(`http://127.0.0.1:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`)
            await response.arrayBuffer()
            if (!response.ok) console.error(`[crons] ${cron}: ${response.status}`)
          } catch (error) {
            console.error(`[crons] ${cron}: ${String(error)}`)
          }
        }),
    )
    http.once('close', () => jobs.forEach((job) => job.stop()))
  })
}

export function localCrons(): Plugin {
  return {
    name: 'matjar:local-crons',
    configurePreviewServer: schedule,
    configureServer: schedule,
  }
}
