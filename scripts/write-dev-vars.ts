/**
 * Local commands run the store in development (docs/decisions/0007-money-rules-that-cannot-be-gamed.md):
 * wrangler.toml says production, and `.dev.vars` (git-ignored, read by local runs only, never deployed)
 * says development. Written on install when missing, with a random operator token for `npm run ops` against the local
 * store (README, "Operating"); a development .dev.vars without a token gains one, anything else in it is left alone.
 */
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../.dev.vars', import.meta.url)
const opsToken = () => `OPS_TOKEN=${randomBytes(24).toString('base64url')}\n`
if (!existsSync(file)) {
  writeFileSync(
    file,
    '# Local runs only (never deployed): unlocks the development outbox, sandbox payments and the test bot check.\nAPP_ENV=development\n' +
      '# The local operator token (`npm run ops`).\n' +
      opsToken(),
  )
  console.log('wrote .dev.vars (APP_ENV = "development" and an operator token for local runs)')
} else {
  const vars = readFileSync(file, 'utf8')
  if (/^APP_ENV=development$/m.test(vars) && !/^OPS_TOKEN=/m.test(vars)) {
    appendFileSync(file, `${vars.endsWith('\n') ? '' : '\n'}# The local operator token (\`npm run ops\`).\n${opsToken()}`)
    console.log('added a local operator token to .dev.vars')
  }
}
