/**
 * Who may call a console route (docs/product.md, "The merchant console"): the caller is a script's named token, the
 * staff member Cloudflare Access names, or the console's session; `allowed(permission)` checks the one permission table
 * (src/domain/staff.ts) on the server. Every console API file (worker/api/ops*.ts) guards its routes with it.
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { serverLimits } from '../../config/server-limits'
import { cookies } from '../../src/domain/cookies'
import { may, type Actor, type Permission } from '../../src/domain/staff'
import { accessHeader, accessMember, accessSettings, teamKeys, type AccessEnv } from '../console/access'
import { scriptTokens } from '../console/ops-tokens'
import { staffActor, sessionMember } from '../console/staff-auth'
import { limiterFor } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { currentRequestId } from '../http/request-context'
import { ApiError } from './errors'

const wrongTokensPerIpPerHour = 10

export type OpsEnv = {
  Bindings: Env & AccessEnv & { OPS_TOKEN?: string; OPS_TOKENS?: string }
  Variables: { actor: Actor }
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/**
 * The script's named token (worker/console/ops-tokens.ts), each compared in constant time; past ten wrong ones an hour
 * from an address even a right one waits.
 */
async function tokenActor(c: Context<OpsEnv>, given: string): Promise<Actor> {
  const tokens = scriptTokens(c.env)
  if (tokens.length === 0) throw new ApiError(404, 'not_found')
  // Every try is counted before the compare, in one step of the address's counter, so sixteen wrong tokens sent at once
  // are not all tried (issue 43, L1); a right token then gives its count back, so an operator shipping a busy day's
  // orders one after another is never held back. Past the limit even the right token waits: guesses learn nothing.
  const counter = limiterFor(c.env, `ops-wrong-token:${clientIp((name) => c.req.header(name))}`)
  if (!(await counter.hit(wrongTokensPerIpPerHour, 3600)).allowed) throw new ApiError(429, 'rate_limited')
  // Every token is compared, the match or not: how long the check takes says nothing about which one was close.
  const same = await Promise.all(tokens.map((token) => sameSecret(given, token.secret)))
  const token = tokens[same.indexOf(true)]
  if (!token) throw new ApiError(404, 'not_found')
  await counter.giveBack(3600)
  return { kind: 'token', id: null, name: token.name, role: token.role }
}

/**
 * Who is calling: a script's bearer token; else, with Cloudflare Access in front (worker/console/access.ts), the staff
 * member its JWT names, and no one without it; else the console's session; null when none.
 */
export async function callerOf(c: Context<OpsEnv>): Promise<Actor | null> {
  const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
  if (bearer !== undefined) return tokenActor(c, bearer)
  const access = accessSettings(c.env)
  if (access) {
    const member = await accessMember(c.env.DB, c.req.header(accessHeader), teamKeys(access, c.env.CF_ACCESS_CERTS), access)
    return member ? staffActor(member) : null
  }
  const member = await sessionMember(c.env, getCookie(c, cookies.staffSession.name))
  return member ? staffActor(member) : null
}

/** A route for actors holding `permission`: anyone else is told the route does not exist, or (signed in) that it is not theirs. */
export const allowed = (permission: Permission) =>
  createMiddleware<OpsEnv>(async (c, next) => {
    const actor = await callerOf(c)
    if (!actor) throw new ApiError(404, 'not_found')
    if (!may(actor.role, permission)) throw new ApiError(403, 'forbidden')
    c.set('actor', actor)
    await next()
  })

/** The audit entry of a change the current actor makes now. */
export function auditOf(
  c: Context<OpsEnv>,
  action: string,
  subject: { kind: string; id: string },
  values: { before?: unknown; after?: unknown } = {},
  at = new Date(),
) {
  return { actor: c.get('actor'), action, subject, ...values, requestId: currentRequestId() ?? crypto.randomUUID(), at }
}

/** A full page, newest first, has older rows after it: the `before` of the next page is its last row's id. */
export const olderPage = (rows: { id: number }[]) => (rows.length === serverLimits.orders.consolePageSize ? rows.at(-1)!.id : null)
