// The Worker entry (also Start's server entry): routes /api/*, /commerce/*, /media/* and /1/* (search)
// to their Hono apps and every page
// through paraglide to TanStack Start. Durable Object classes are exported from here, the scheduled
// housekeeping runs here (wrangler.toml's [triggers]), and so does the messages queue's consumer.
import handler from '@tanstack/react-start/server-entry'
import { withEnv } from 'cloudflare:workers'
import { apiApp } from '~/api/app'
import { commerceApp } from '~/commerce/direct-api'
import { withIconSprite } from '~/http/icon-sprite'
import { paintBeforeScripts } from '~/http/paint-first'
import { unavailableWhileStorageIsDown } from '~/http/outage'
import { handleWithContext, tripsOfRequest } from '~/http/request-context'
import { storageForRequest } from '~/http/storage-trips'
import { guardServerFn, serverFnPrefix } from '~/http/server-fn-guard'
import { servePage } from '~/http/page-cache'
import { handleImportBatch, importQueue } from '~/catalogue/import-jobs'
import { handleMessageBatch } from '~/integrations/message-queue'
import { mediaApp } from '~/media/media-routes'
import { runHousekeeping } from '~/scheduled/housekeeping'
import { searchApp } from '~/search/algolia-routes'
import { seoApp } from '~/seo/app'
import { paraglideMiddleware } from './paraglide/server.js'

export { CartObject } from '~/durable-objects/cart-object'
export { LimiterObject } from '~/durable-objects/limiter'

/**
 * Runs a request on the storage road of worker/http/storage-trips.ts (its trips counted and logged, D1 through its
 * read-replica session): the apps get that env, and so do the server functions, which read the Worker's own env
 * (`cloudflare:workers`), through `withEnv`.
 */
function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  return handleWithContext(request, async () => {
    const storage = storageForRequest(env, request, tripsOfRequest())
    const response = await (withEnv(storage.env, () => routeTo(request, storage.env, ctx)) as Promise<Response>)
    return storage.keepBookmark(response)
  })
}

/** Sends a request to the app that answers its path. */
async function routeTo(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname.startsWith('/api/') || pathname === '/api') return apiApp.fetch(request, env, ctx)
  if (pathname.startsWith('/media/')) return mediaApp.fetch(request, env, ctx)
  if (pathname.startsWith('/commerce/')) return commerceApp.fetch(request, env, ctx)
  // Algolia's paths: the embedded search service the algoliasearch client talks to.
  if (pathname.startsWith('/1/')) return searchApp.fetch(request, env, ctx)
  if (pathname === '/sitemap.xml' || pathname === '/robots.txt' || pathname === '/favicon.ico') return seoApp.fetch(request, env, ctx)
  // The router de-localises /en/... itself (rewrite in src/router.tsx), so Start gets the
  // original request; paraglide only fixes the locale for this request.
  const render = async (r: Request) => withIconSprite(paintBeforeScripts(await paraglideMiddleware(r, () => handler.fetch(r))))
  // Server-function calls are checked before Start reads them (size, shape, id).
  if (pathname.startsWith(serverFnPrefix)) return guardServerFn(request, render)
  // Pages every shopper sees alike come from the edge page cache when they can (docs/decisions/0010); one that
  // failed while D1 is down says so as a 503 (worker/http/outage.ts).
  return servePage(request, env, ctx, async (r) => unavailableWhileStorageIsDown(await render(r), env.DB))
}

export default {
  fetch: route,
  // wrangler.toml's crons: unpaid orders expire every five minutes, old rows go once a day (worker/scheduled/housekeeping.ts).
  async scheduled(controller, env) {
    await runHousekeeping(env, controller.cron, new Date(controller.scheduledTime))
  },
  // wrangler.toml's queues: messages to shoppers through their providers, and the dead letters (docs/decisions/0017-messages-through-a-queue.md).
  // And the console's catalogue import, one step a message (worker/catalogue/import-jobs.ts).
  async queue(batch, env) {
    if (batch.queue === importQueue) await handleImportBatch(batch, env)
    else await handleMessageBatch(batch, env)
  },
} satisfies ExportedHandler<Env>
