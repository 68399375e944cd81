// Docs whose words cannot drift (issue 49, item 1). scripts/docs-paths.test.ts keeps every cited path true; this file
// keeps true what a path cannot show: every identifier a doc names in backticks exists in the code, the storage table of
// docs/architecture.md ("Storage owns the SQL") names every store, and the Calls of docs/product.md name every route
// the Worker mounts, and no route it does not. Each rule says beside it what counts and what only looks like it.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

/**
 * The docs that say how the code is now: docs/*.md, the README and CONTRIBUTING. A decision record is dated and says
 * what the code and the world were when it was made (a function since renamed, a provider's API), so it is left as written.
 */
const docs = tracked.filter((path) => /^docs\/[\w-]+\.md$/.test(path) || path === 'README.md' || path === 'CONTRIBUTING.md')

/** A doc's text with its fenced blocks blanked (shell sessions and layouts, not names), lines kept where they were. */
const proseOf = (text: string) => text.replace(/```[\s\S]*?```/g, (fence) => fence.replace(/[^\n]/g, ' '))

/** A section of a doc: from its heading to the next heading of the same depth or higher. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`)
  if (start === -1) throw new Error(`no section "${heading}"`)
  const depth = /^#+/.exec(heading)![0].length
  const rest = text.slice(start + heading.length + 2)
  const end = rest.search(new RegExp(`^#{1,${depth}} `, 'm'))
  return end === -1 ? rest : rest.slice(0, end)
}

// ---------------------------------------------------------------------------------------------------------------------
// (a) Identifiers. Every name the project's code spells, in src/, worker/, scripts/, build/, tests/ (a test's helper the
// docs point to) and the root's *.config.ts: its identifiers, its property names and the words of its strings (a
// cookie's name, a storage key, a wire field).

const codeFiles = tracked.filter((path) => /^(src|worker|scripts|build|tests)\/.*\.(ts|tsx)$/.test(path) || /^[\w.-]+\.config\.ts$/.test(path))
const codeWords = new Set(codeFiles.flatMap((path) => read(path).match(/[A-Za-z_$][\w$]*/g) ?? []))
const messageKeys = new Set(Object.keys(JSON.parse(read('messages/en.json')) as Record<string, unknown>))

/**
 * A backticked span that is code: a name, a dotted name or a call (`useAddToCart`, `serverLimits.retention`,
 * `orderStore(db).cancelOpen(id, 'unpaid')`, `m.key(...)`). A span with a space before any parenthesis, a slash, a
 * hyphen or a leading dot is a command, a path, a header or a file's extension, not a name.
 */
const codeSpan = /`((?:[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*)(\([^`]*\)(?:\.[\w$]+(?:\([^`]*\))?)*)?`/g
/**
 * Two humps or more (`useCartAction`, `DirectApi`, `isMask`): a name only code gives. `Accepted` or `region` may be a
 * word, `APP_ENV` is a setting (README, "Configuration") and `order_placed` a template's or a table's name.
 */
const looksLikeCode = (name: string) => /^[a-z$][a-z0-9$]*[A-Z]/.test(name) || /^[A-Z][a-z0-9]*[a-z][a-z0-9]*[A-Z]/.test(name)

/**
 * Names a doc spells in backticks that are not ours to define: the platform's, a library's or an outside service's
 * (each said where it is used), or a concept the doc names as code. Keep it short; a name of ours never goes here.
 */
const notOurs = new Set([
  'AsyncLocalStorage', // workerd's node:async_hooks, where docs/architecture.md, "Load and soak", found a leak
  'currentResponse', // TanStack Start's per-request event, in the same story
  'createClientRpc', // TanStack Start's, which build/lazy-rpc-client.ts patches (docs/decisions/0023)
  'useSyncExternalStore', // React's, how router and query state reach components (docs/architecture.md, "Taps")
  'useDeferredValue', // React's
  'ensureQueryData', // TanStack Query's, what the loaders call
  'removeWordsIfNoResults', // Algolia's settings, which the embedded engine follows
  'queryAfterRemoval',
  'ignorePlurals',
  'optionalFilters',
])

/** Every code-looking name each doc spells in backticks, with where it is and whether the code has it. */
function identifiersIn(file: string) {
  const prose = proseOf(read(file))
  return [...prose.matchAll(codeSpan)].flatMap((match) => {
    const names = match[1]!.split('.')
    const at = `${file}:${lineAt(prose, match.index)}`
    // `m.order_placed_sms(...)`: a message, which must be a key of messages/en.json.
    if (names.length === 2 && names[0] === 'm' && match[2] !== undefined) {
      return [{ at, cited: match[0], found: messageKeys.has(names[1]!) }]
    }
    return names.filter(looksLikeCode).map((name) => ({ at, cited: name, found: codeWords.has(name) || notOurs.has(name) }))
  })
}

// ---------------------------------------------------------------------------------------------------------------------
// (c) Routes. What the Worker mounts is read from the code as Hono mounts it: an app file (worker/api/app.ts,
// worker/commerce/direct-api.ts) mounts the app each of its imports exports with `.route('/prefix', app)` under its
// `.basePath(...)`; each mounted file declares its routes with `.get('/path', ...)`, `.post`, `.put`, `.delete`,
// `.patch` or `.all`. The Direct API is written in docs/product.md without its /commerce, the proxy with its /api.

type Route = { method: string; path: string; file: string }
const parse = (file: string) => ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true)
const methods = new Set(['get', 'post', 'put', 'delete', 'patch', 'all'])

/** Calls `something.<name>('literal', ...)` in a file, with the literal and the call's other arguments. */
function callsIn(source: ts.SourceFile, names: Set<string>): { name: string; literal: string; args: ts.NodeArray<ts.Expression> }[] {
  const found: { name: string; literal: string; args: ts.NodeArray<ts.Expression> }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && names.has(node.expression.name.text)) {
      const [first] = node.arguments
      if (first !== undefined && ts.isStringLiteralLike(first))
        found.push({ name: node.expression.name.text, literal: first.text, args: node.arguments })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const join2 = (prefix: string, path: string) => `${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') || '/'

function mountedRoutes(appFile: string): Route[] {
  const source = parse(appFile)
  const base = callsIn(source, new Set(['basePath']))[0]?.literal ?? ''
  const imports = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const bindings = statement.importClause?.namedBindings
    if (bindings === undefined || !ts.isNamedImports(bindings)) continue
    const from = `${posix.join(posix.dirname(appFile), statement.moduleSpecifier.text)}.ts`
    for (const element of bindings.elements) imports.set(element.name.text, from)
  }
  return callsIn(source, new Set(['route'])).flatMap(({ literal: prefix, args }) => {
    const app = args[1]
    if (app === undefined || !ts.isIdentifier(app)) throw new Error(`${appFile}: .route('${prefix}', ...) mounts an app this test cannot name`)
    // The file's own app mounted again where the Worker serves it (the Direct API under /commerce): read as written.
    if (!imports.has(app.text) && /\bexport const (\w+) = new Hono\b/.exec(read(appFile))?.[1] === app.text) return []
    const file = imports.get(app.text)
    if (file === undefined) throw new Error(`${appFile}: .route('${prefix}', ...) mounts an app this test cannot find`)
    return callsIn(parse(file), methods)
      .filter(({ literal }) => literal.startsWith('/'))
      .map(({ name, literal }) => ({ method: name.toUpperCase(), path: join2(join2(base, prefix), literal), file }))
  })
}

/** A path's parameters as `{}`, however spelled: `:increment`, `:itemId{[0-9]{1,10}}`, `{id}`, `{confirm|cancel}`. */
const shape = (path: string) => path.replace(/:\w+(\{(?:[^{}]|\{[^}]*\})*\})?/g, '{}').replace(/\{[^}]*\}/g, '{}')

/**
 * Routes a shopper never calls, written elsewhere: each with where. The development outbox and the payment sandboxes
 * answer only outside production on a loopback host (README, "Deploy"; docs/product.md, "Checkout").
 */
const documentedElsewhere = new Set(['GET /dev/outbox'])

describe('docs whose words cannot drift', () => {
  it('every code name the docs spell in backticks exists in the code', () => {
    const identifiers = docs.flatMap(identifiersIn)
    expect(identifiers.length).toBeGreaterThan(80) // the rule still finds the names the docs spell
    expect(identifiers.filter(({ found }) => !found).map(({ at, cited }) => `${at}: ${cited}`)).toEqual([])
  })

  it('the storage table of docs/architecture.md names every store, and only stores that exist', () => {
    const table = section(read('docs/architecture.md'), '### Storage owns the SQL')
    const named = [...table.matchAll(/^\| `([\w-]+\.ts)` \|/gm)].map(([, name]) => name!)
    const stores = tracked.filter((path) => /^worker\/storage\/[\w-]+-store\.ts$/.test(path)).map((path) => posix.basename(path))
    expect(stores.length).toBeGreaterThan(10)
    expect({
      missing: stores.filter((store) => !named.includes(store)),
      absent: named.filter((name) => !tracked.includes(`worker/storage/${name}`)),
    }).toEqual({ missing: [], absent: [] })
  })

  it('the Calls of docs/product.md name every route the Direct API and /api mount, and no other', () => {
    const routes = [...mountedRoutes('worker/commerce/direct-api.ts'), ...mountedRoutes('worker/api/app.ts')]
    expect(routes.length).toBeGreaterThan(100) // the reading still finds the routes
    const calls = section(read('docs/product.md'), '## Calls')
    const listed = new Set([...calls.matchAll(/\b(GET|POST|PUT|DELETE|PATCH) (\/[^\s`,?]*)/g)].map(([, method, path]) => `${method} ${shape(path!)}`))
    const mounted = new Set(routes.map(({ method, path }) => `${method} ${shape(path)}`))
    expect({
      unlisted: routes
        .filter(({ method, path }) => !listed.has(`${method} ${shape(path)}`) && !documentedElsewhere.has(`${method} ${path}`))
        .map(({ method, path, file }) => `${method} ${path} (${file})`),
      notMounted: [...listed].filter((call) => !mounted.has(call)),
    }).toEqual({ unlisted: [], notMounted: [] })
  })
})
