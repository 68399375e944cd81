// Every test file starts from a migrated, seeded database (the demo catalogue) and an empty KV.
import { applyD1Migrations, env } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import { seedStatements } from '~/seed/sql'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    }
  }
}

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  const count = await env.DB.prepare('SELECT count(*) AS n FROM products').first<{ n: number }>()
  if (!count?.n) await env.DB.batch(seedStatements().map((sql) => env.DB.prepare(sql)))
})
