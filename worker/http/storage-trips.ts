/**
 * The one road from a request to D1 and the Durable Objects (docs/architecture.md, "Trips to storage"). The Worker's
 * entry hands the app an env whose `DB`, `CART` and `LIMITER` go through here, so no store has to know:
 *
 * - every D1 statement, D1 batch and Durable Object call is counted on the request (`d1`, `d1Batches`, `do`), and so
 *   are the trips that waited one after another (`serialTrips`): a call made while another is on its way travels with
 *   it, one that starts when none is makes the shopper wait once more. The request's log line says all four;
 * - locally, `MATJAR_STORAGE_LATENCY_MS` delays each call by that much, so the distance to D1's primary and to the
 *   objects can be felt and measured here (production ignores it, and a deploy refuses it);
 * - D1 is reached through a Sessions API session (docs/decisions/0029-reads-near-the-shopper.md): a page or a read
 *   may be answered by a read replica no older than the shopper's bookmark, a change starts at the primary, and the
 *   bookmark after a change goes back in a cookie so the shopper's next requests read what they wrote.
 */
import { parse, serialize } from 'hono/utils/cookie'
import { cookies, serverCookieOptions } from '../../src/domain/cookies'
import { isDevelopment } from './environment'
import { noTrips, type StorageTrips } from './request-context'

/** The delay each call waits before it leaves: none in production, whatever the settings say. */
export function storageLatencyMs(env: { APP_ENV?: string; MATJAR_STORAGE_LATENCY_MS?: string }): number {
  if (!isDevelopment(env)) return 0
  const ms = Number(env.MATJAR_STORAGE_LATENCY_MS ?? 0)
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 5000) : 0
}

/** Counts one call and, locally, makes it wait: the wrapper every trip goes through. */
function tripper(trips: StorageTrips, latencyMs: number) {
  return async function trip<T>(call: () => Promise<T>): Promise<T> {
    if (trips.inFlight === 0) trips.serialTrips++
    trips.inFlight++
    try {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
      return await call()
    } finally {
      trips.inFlight--
    }
  }
}
type Trip = ReturnType<typeof tripper>

/** A statement that counts itself when it runs; `inner` is what D1's batch is given. */
class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly trips: StorageTrips,
    private readonly trip: Trip,
  ) {}

  private run1<T>(call: () => Promise<T>): Promise<T> {
    this.trips.d1++
    return this.trip(call)
  }

  bind(...values: unknown[]) {
    return new CountedStatement(this.inner.bind(...values), this.trips, this.trip)
  }
  first(colName?: string) {
    return this.run1(() => (colName === undefined ? this.inner.first() : this.inner.first(colName)))
  }
  run() {
    return this.run1(() => this.inner.run())
  }
  all() {
    return this.run1(() => this.inner.all())
  }
  raw(options?: { columnNames?: boolean }) {
    return this.run1(() => this.inner.raw(options as { columnNames?: false }))
  }
}

/** Whether a request may read from a replica: one that changes nothing. Anything else starts at the primary. */
const readsOnly = (request: Request) => request.method === 'GET' || request.method === 'HEAD'

/** The bookmark a shopper's last change left, when it looks like one (D1's are hex words joined by dashes). */
function bookmarkOf(request: Request): string | null {
  const value = parse(request.headers.get('cookie') ?? '')[cookies.d1Bookmark.name]
  return value && /^[\w-]{1,200}$/.test(value) ? value : null
}

/** D1's session for this request, when the binding has the Sessions API; the binding itself when not. */
function sessionFor(db: D1Database, request: Request): D1Database | D1DatabaseSession {
  if (typeof db.withSession !== 'function') return db
  return db.withSession(readsOnly(request) ? (bookmarkOf(request) ?? 'first-unconstrained') : 'first-primary')
}

/** The D1 binding the app sees: the request's session, each statement and batch counted. */
function countedDatabase(db: D1Database, session: D1Database | D1DatabaseSession, trips: StorageTrips, trip: Trip): D1Database {
  const counted = {
    prepare: (query: string) => new CountedStatement(session.prepare(query), trips, trip),
    batch: (statements: CountedStatement[]) => {
      trips.d1 += statements.length
      trips.d1Batches++
      return trip(() => session.batch(statements.map((s) => (s instanceof CountedStatement ? s.inner : (s as D1PreparedStatement)))))
    },
    exec: (query: string) => {
      trips.d1++
      return trip(() => db.exec(query))
    },
    withSession: (constraint?: string) => db.withSession(constraint),
    dump: () => db.dump(),
  }
  return counted as unknown as D1Database
}

/** A Durable Object stub whose every call (RPC or fetch) is counted. */
function countedStub<T extends object>(stub: T, trips: StorageTrips, trip: Trip): T {
  return new Proxy(stub, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property)
      // `then` stays whatever the stub says (nothing), so a stub is never taken for a promise.
      if (typeof value !== 'function' || typeof property === 'symbol' || property === 'then') return value
      return (...args: unknown[]) => {
        trips.do++
        return trip(() => Promise.resolve(Reflect.apply(value, target, args)))
      }
    },
  })
}

function countedNamespace<T extends Rpc.DurableObjectBranded | undefined>(
  namespace: DurableObjectNamespace<T>,
  trips: StorageTrips,
  trip: Trip,
): DurableObjectNamespace<T> {
  return new Proxy(namespace, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property)
      if (property === 'get' || property === 'getByName') {
        return (...args: unknown[]) => countedStub(Reflect.apply(value as () => object, target, args) as object, trips, trip)
      }
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}

export interface RequestStorage {
  /** The env the app is handed: the same bindings, through the counted road. */
  env: Env
  /** Sets the bookmark cookie on the answer to a change, so the shopper's next reads see it. */
  keepBookmark(response: Response): Response
}

/** The storage road of one request, counting on `trips` (the request's, worker/http/request-context.ts). */
export function storageForRequest(env: Env, request: Request, trips: StorageTrips = noTrips()): RequestStorage {
  const trip = tripper(trips, storageLatencyMs(env))
  const session = sessionFor(env.DB, request)
  const counted: Env = {
    ...env,
    DB: countedDatabase(env.DB, session, trips, trip),
    CART: countedNamespace(env.CART, trips, trip),
    LIMITER: countedNamespace(env.LIMITER, trips, trip),
  }
  return {
    env: counted,
    keepBookmark(response) {
      const bookmark = 'getBookmark' in session ? session.getBookmark() : null
      // Only a change moves what the shopper must see; a read leaves the cookie (and the page cache's rule that a
      // kept page sets no cookie) alone.
      if (readsOnly(request) || !bookmark || bookmark === bookmarkOf(request)) return response
      try {
        const options = serverCookieOptions(cookies.d1Bookmark)
        response.headers.append('set-cookie', serialize(cookies.d1Bookmark.name, bookmark, { ...options, sameSite: 'Lax', maxAge: options.maxAge }))
      } catch {
        // A response whose headers cannot change (a fetched one passed through) keeps no bookmark: the next read may
        // be a moment old, which is what a shopper without the cookie gets anyway.
      }
      return response
    },
  }
}
