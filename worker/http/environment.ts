/**
 * Which environment the Worker runs in (docs/decisions/0007-money-rules-that-cannot-be-gamed.md).
 * Production is the default: only `APP_ENV = "development"`, which the local commands set in
 * `.dev.vars` (written by `npm install`, never deployed), unlocks the development outbox, the sandbox
 * payment page and the test bot check. The development-only routes also answer only on a loopback host,
 * so a deploy that somehow carries the development flag still shows them to nobody.
 */
export function isDevelopment(env: { APP_ENV?: string }): boolean {
  return env.APP_ENV === 'development'
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Development-only routes (outbox, sandbox gateway): development, and asked for on this machine. */
export function devRouteAllowed(env: { APP_ENV?: string }, url: string): boolean {
  return isDevelopment(env) && loopbackHosts.has(new URL(url).hostname)
}
