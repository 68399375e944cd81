// Every test file starts from a migrated, seeded database (the demo catalogue), empty KV, R2 and Durable Objects, and
// no search index made. The files run one after another in one isolate (vitest.worker.config.ts: a fresh isolate per
// file cost about 12 s of module loading each, most of the suite's time), so what one file left behind is emptied here.
import { applyD1Migrations, env, reset } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import { seedStatements } from '~/seed/sql'
import { dropSearchIndexes } from '~/search/indexes'
import { dropKeptPages } from '~/http/page-cache'
import { dropListingIndexes } from '~/catalogue/listing-indexes'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    }
  }
}

beforeAll(async () => {
  await reset()
  dropSearchIndexes()
  dropKeptPages()
  dropListingIndexes()
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  await env.DB.batch(seedStatements().map((sql) => env.DB.prepare(sql)))
})
