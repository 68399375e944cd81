/**
 * Local commands run the store in development (docs/decisions/0007-money-rules-that-cannot-be-gamed.md):
 * wrangler.toml says production, and `.dev.vars` (git-ignored, read by local runs only, never deployed)
 * says development. Written on install when missing; an operator's own .dev.vars is left alone.
 */
import { existsSync, writeFileSync } from 'node:fs'

const file = new URL('../.dev.vars', import.meta.url)
if (!existsSync(file)) {
  writeFileSync(
    file,
    '# Local runs only (never deployed): unlocks the development outbox, sandbox payments and the test bot check.\nAPP_ENV=development\n',
  )
  console.log('wrote .dev.vars (APP_ENV = "development" for local runs)')
}
