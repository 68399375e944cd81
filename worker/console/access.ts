/**
 * Cloudflare Access in front of the console (docs/decisions/0024-staff-sign-in.md, "Behind Cloudflare Access"). When
 * an operator sets `CF_ACCESS_TEAM` and `CF_ACCESS_AUD`, Access signs in staff with the company's own identity provider
 * and sends each request on with its JWT (`Cf-Access-Jwt-Assertion`). The JWT is verified here against the team's
 * published keys (RS256, issuer and audience), never trusted as it comes, and its email is mapped to an active staff
 * account, whose role is what the actor may do. Without the two settings nothing changes: staff sign in with their
 * password and authenticator code.
 */
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'
import { staffStore, type StaffMember } from '../storage/staff-store'

export interface AccessSettings {
  /** The team's domain: https://<team>.cloudflareaccess.com issues the JWTs and publishes their keys. */
  issuer: string
  /** The Access application's audience tag (its AUD). */
  audience: string
}

export interface AccessEnv {
  CF_ACCESS_TEAM?: string
  CF_ACCESS_AUD?: string
  CF_ACCESS_CERTS?: string
}

/** The header Access sets on every request it lets through. */
export const accessHeader = 'cf-access-jwt-assertion'

const teamName = /^[a-z0-9][a-z0-9-]{0,62}$/

/** The settings, or null when Access is not in front; a team without its audience (or a malformed one) is refused. */
export function accessSettings(env: AccessEnv): AccessSettings | null {
  const team = env.CF_ACCESS_TEAM?.trim().toLowerCase()
  if (!team) return null
  if (!teamName.test(team) || !env.CF_ACCESS_AUD) throw new Error('CF_ACCESS_TEAM needs a team name and CF_ACCESS_AUD its audience tag')
  return { issuer: `https://${team}.cloudflareaccess.com`, audience: env.CF_ACCESS_AUD }
}

const remoteKeys = new Map<string, JWTVerifyGetKey>()

/**
 * The team's signing keys: from its certs endpoint, fetched once per isolate and refreshed by jose when they rotate;
 * or pinned by the operator (`CF_ACCESS_CERTS`, that endpoint's JSON), for a Worker that must not fetch them.
 */
export function teamKeys(settings: AccessSettings, pinned?: string): JWTVerifyGetKey {
  if (pinned) return createLocalJWKSet(JSON.parse(pinned) as JSONWebKeySet)
  let keys = remoteKeys.get(settings.issuer)
  if (!keys) remoteKeys.set(settings.issuer, (keys = createRemoteJWKSet(new URL(`${settings.issuer}/cdn-cgi/access/certs`))))
  return keys
}

/** The email a valid Access JWT names; null for a missing, forged, expired, foreign or email-less token. */
export async function accessEmail(
  token: string | undefined,
  keys: JWTVerifyGetKey,
  settings: AccessSettings,
  now = new Date(),
): Promise<string | null> {
  if (!token || token.length > 8192) return null
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: settings.issuer,
      audience: settings.audience,
      algorithms: ['RS256'],
      currentDate: now,
    })
    return typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.toLowerCase() : null
  } catch {
    return null
  }
}

/** The active staff member an Access JWT names, or null: Access letting someone through is not a staff account. */
export async function accessMember(
  db: D1Database,
  token: string | undefined,
  keys: JWTVerifyGetKey,
  settings: AccessSettings,
  now = new Date(),
): Promise<StaffMember | null> {
  const email = await accessEmail(token, keys, settings, now)
  if (!email) return null
  const found = await staffStore(db).byEmail(email)
  return found?.member.active ? found.member : null
}
