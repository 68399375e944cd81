/**
 * What the built Worker must still do where it leans on TanStack Start's behaviour (docs/architecture.md, "Where we
 * lean on framework internals"), asked over HTTP: only a built Worker serves Start's server-function endpoint (the
 * workerd suite's build leaves its base path unset, so `/_serverFn/...` renders the not-found page there) and only a
 * built page has the client entry paint-first rewrites. Used by tests/e2e/framework-internals.spec.ts and by
 * `npm run upgrade:try` (scripts/upgrade-try.ts); each problem names the file to revisit.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' }
const sameOrigin = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }

/** A server function's id from the built client (Start names each by a SHA-256 of its file and export). */
function aServerFunctionId(dist: string): string | undefined {
  const assets = join(dist, 'client', 'assets')
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const id = /[`"']([0-9a-f]{64})[`"']/.exec(readFileSync(join(assets, file), 'utf8'))?.[1]
    if (id) return id
  }
  return undefined
}

/** Problems found, each naming the patch whose guard fired; empty when all hold. `dist` is the build being served. */
export async function probeInternals(base: string, dist = 'dist'): Promise<string[]> {
  const problems: string[] = []

  // worker/http/paint-first.ts: Start's head preloads and its async entry script, rewritten to load after the first paint.
  const html = await (await fetch(`${base}/laptops`, { headers: browser })).text()
  if (!/import\("\/assets\/index-[^"]+\.js"\)/.test(html))
    problems.push('worker/http/paint-first.ts: the client entry is not imported after the first paint')
  if (/<link[^>]+modulepreload/.test(html)) problems.push('worker/http/paint-first.ts: a modulepreload is still in the head')
  if (/<script[^>]+src="\/assets\/index-/.test(html)) problems.push("worker/http/paint-first.ts: the entry's script tag is still there")

  // worker/http/server-fn-guard.ts: Start's "Server function info not found" becomes a 404.
  const unknown = await fetch(`${base}/_serverFn/no-such-function`, { method: 'POST', headers: sameOrigin, body: '{}' })
  const unknownBody = await unknown.text()
  if (unknown.status !== 404 || !unknownBody.includes('No such server function')) {
    problems.push(
      `worker/http/server-fn-guard.ts: a call to an unknown id answered ${unknown.status}, not the guard's 404 (Start's message changed?)`,
    )
  }

  // src/start.ts: the CSRF check it registers refuses a cross-site call before Start looks the function up.
  const crossSite = await fetch(`${base}/_serverFn/no-such-function`, {
    method: 'POST',
    headers: { ...sameOrigin, 'sec-fetch-site': 'cross-site' },
    body: '{}',
  })
  await crossSite.body?.cancel()
  if (crossSite.status !== 403)
    problems.push(`src/start.ts: a cross-site server-function call answered ${crossSite.status}, not 403 (CSRF no longer registered this way?)`)

  // worker/http/server-fn-guard.ts: seroval's "Seroval Error" for a payload that is not its serialisation becomes a 400.
  const id = aServerFunctionId(dist)
  if (!id) problems.push(`worker/http/server-fn-guard.ts: no server-function id found in ${dist}/client/assets (Start's ids changed shape?)`)
  else {
    const bad = JSON.stringify({ t: 999, i: 'x' })
    let answer = await fetch(`${base}/_serverFn/${id}?payload=${encodeURIComponent(bad)}`, { headers: sameOrigin })
    if (answer.status === 405) answer = await fetch(`${base}/_serverFn/${id}`, { method: 'POST', headers: sameOrigin, body: bad })
    const body = await answer.text()
    if (answer.status !== 400 || !body.includes('Malformed server function call')) {
      problems.push(
        `worker/http/server-fn-guard.ts: a payload seroval cannot read answered ${answer.status}, not the guard's 400 (seroval's message changed?)`,
      )
    }
  }
  return problems
}
