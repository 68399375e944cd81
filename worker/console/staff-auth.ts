/**
 * Staff sign-in for the merchant console (docs/product.md, "The merchant console"; docs/decisions/0024-staff-sign-in.md):
 * an invitation link, then the staff member's own password and an authenticator app's code (TOTP, RFC 6238, by the
 * otpauth library). A session is a random token in its own cookie, kept in D1 as a hash, ended when idle, at the end
 * of a shift, by signing out, or by the owner everywhere.
 */
import { EncryptJWT, jwtDecrypt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { serverLimits } from '../../config/server-limits'
import type { Actor, StaffRole } from '../../src/domain/staff'
import { hoursToMs } from '../../src/domain/time'
import { hashPassword, verifyPassword } from '../commerce/passwords'
import { readSecret } from '../platform/secrets'
import { randomToken, sha256Hex } from '../platform/tokens'
import { limiterFor } from '../durable-objects/limiter'
import { staffStore, type StaffMember } from '../storage/staff-store'

/** Why a console call was refused; the console says it in the staff member's language. */
export class StaffAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 429,
    readonly code: 'sign_in_failed' | 'locked' | 'invite_invalid' | 'code_invalid',
    readonly seconds?: number,
  ) {
    super(code)
  }
}

const period = 30

function totpFor(secret: Secret, email: string): TOTP {
  return new TOTP({ issuer: 'Matjar', label: email, algorithm: 'SHA1', digits: 6, period, secret })
}

/** The key that seals TOTP secrets and enrolments, from STAFF_SECRET. */
async function sealingKey(env: Env): Promise<Uint8Array> {
  const secret = await readSecret(env, 'STAFF_SECRET')
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`staff:${secret}`)))
}

async function seal(env: Env, claims: Record<string, string>, expiresAt?: Date): Promise<string> {
  const jwt = new EncryptJWT(claims).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt()
  if (expiresAt) jwt.setExpirationTime(expiresAt)
  return jwt.encrypt(await sealingKey(env))
}

async function unseal(env: Env, sealed: string): Promise<Record<string, unknown> | null> {
  try {
    return (await jwtDecrypt(sealed, await sealingKey(env))).payload
  } catch {
    return null
  }
}

/** A code's 30-second step if it is right now (one step either side, for a phone's clock), or null. */
function acceptedStep(secret: Secret, email: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? null : Math.floor(now.getTime() / 1000 / period) + delta
}

/** Invites a staff member: the link's token, good once for serverLimits.staff.inviteHours. */
export async function inviteStaff(env: Env, by: Actor, email: string, role: StaffRole, requestId: string, now = new Date()): Promise<string> {
  const token = randomToken()
  const expires = new Date(now.getTime() + hoursToMs(serverLimits.staff.inviteHours))
  await staffStore(env.DB).invite(
    await sha256Hex(token),
    { email, role, invited_by: by.name, expires_at: expires.toISOString() },
    { actor: by, action: 'staff.invite', subject: { kind: 'staff', id: email.toLowerCase() }, after: { role }, requestId, at: now },
  )
  return token
}

/**
 * The first step of accepting an invitation: who it is for, and a new authenticator secret to scan. The secret travels
 * sealed in `enrolment` (an hour), so nothing is stored until the staff member proves their app has it.
 */
export async function startEnrolment(env: Env, invite: string, now = new Date()) {
  const found = await staffStore(env.DB).liveInvite(await sha256Hex(invite), now)
  if (!found) throw new StaffAuthError(404, 'invite_invalid')
  const secret = new Secret({ size: 20 })
  const enrolment = await seal(env, { invite: await sha256Hex(invite), totp: secret.base32 }, new Date(now.getTime() + hoursToMs(1)))
  return { email: found.email, role: found.role, secret: secret.base32, uri: totpFor(secret, found.email).toString(), enrolment }
}

/** Accepting an invitation: name, password and a code from the app just set up. Answers the new member. */
export async function acceptInvite(
  env: Env,
  input: { invite: string; enrolment: string; name: string; password: string; code: string },
  requestId: string,
  now = new Date(),
): Promise<StaffMember> {
  const inviteHash = await sha256Hex(input.invite)
  const enrolment = await unseal(env, input.enrolment)
  const invite = await staffStore(env.DB).liveInvite(inviteHash, now)
  if (!enrolment || enrolment.invite !== inviteHash || typeof enrolment.totp !== 'string' || !invite) throw new StaffAuthError(404, 'invite_invalid')
  const secret = Secret.fromBase32(enrolment.totp)
  const step = acceptedStep(secret, invite.email, input.code, now)
  if (step === null) throw new StaffAuthError(400, 'code_invalid')
  const member = await staffStore(env.DB).acceptInvite(
    inviteHash,
    {
      name: input.name.trim(),
      password_hash: await hashPassword(input.password, await readSecret(env, 'PASSWORD_PEPPER')),
      totp_sealed: await seal(env, { totp: secret.base32 }),
      // The joining code is spent with the account, in its batch: it cannot sign in a second time.
      totp_last_step: step,
    },
    {
      actor: { kind: 'staff', id: null, name: input.name.trim(), role: invite.role },
      action: 'staff.join',
      subject: { kind: 'staff', id: invite.email },
      after: { role: invite.role, invited_by: invite.invited_by },
      requestId,
      at: now,
    },
    now,
  )
  if (!member) throw new StaffAuthError(404, 'invite_invalid')
  return member
}

/**
 * Signs a staff member in with email, password and the app's code. Every refusal is the same `sign_in_failed`, whichever
 * part was wrong, and costs the same hashing; failures lock the email and the address with a growing back-off.
 * Answers the session token for the cookie.
 */
export async function signIn(env: Env, input: { email: string; password: string; code: string; ip: string }, now = new Date()) {
  const email = input.email.trim().toLowerCase()
  const counters = [limiterFor(env, `staff-sign-in:${email}`), limiterFor(env, `staff-sign-in-ip:${input.ip}`)]
  const locked = Math.max(...(await Promise.all(counters.map((counter) => counter.lockedFor()))))
  if (locked > 0) throw new StaffAuthError(429, 'locked', locked)
  const store = staffStore(env.DB)
  const found = await store.byEmail(email)
  const pepper = await readSecret(env, 'PASSWORD_PEPPER')
  const password = found
    ? await verifyPassword(found.password_hash, input.password, pepper)
    : (await hashPassword(input.password, pepper), { ok: false })
  const sealed = found && password.ok && found.member.active ? await unseal(env, found.totp_sealed) : null
  const step = sealed && typeof sealed.totp === 'string' ? acceptedStep(Secret.fromBase32(sealed.totp), email, input.code, now) : null
  // A code is good once: a second sign-in with the same code (read over a shoulder) is refused.
  if (!found || step === null || !(await store.takeTotpStep(found.member.id, step))) {
    const rule = {
      free: serverLimits.staff.freeFailures,
      maxLockSeconds: serverLimits.staff.backoffMaxSeconds,
      decaySeconds: serverLimits.staff.failureDecaySeconds,
    }
    await Promise.all(counters.map((counter) => counter.fail(rule)))
    throw new StaffAuthError(401, 'sign_in_failed')
  }
  await counters[0]!.succeed()
  return startSession(env, found.member.id, now)
}

/** A new session for a member who has just proved who they are; its token goes in the staff cookie. */
export async function startSession(env: Env, staffId: number, now = new Date()): Promise<string> {
  const token = randomToken()
  await staffStore(env.DB).startSession(await sha256Hex(token), staffId, now)
  return token
}

/** The staff member of a session cookie, or null when it is missing, ended, idle too long or past the shift. */
export async function sessionMember(env: Env, token: string | undefined, now = new Date()): Promise<StaffMember | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const idleSince = new Date(now.getTime() - serverLimits.staff.idleMinutes * 60_000)
  const startedSince = new Date(now.getTime() - hoursToMs(serverLimits.staff.sessionHours))
  return staffStore(env.DB).sessionMember(await sha256Hex(token), idleSince, startedSince, now)
}

export async function endSession(env: Env, token: string): Promise<void> {
  await staffStore(env.DB).endSession(await sha256Hex(token))
}

/** The actor a staff member is in the audit trail. */
export const staffActor = (member: StaffMember): Actor => ({ kind: 'staff', id: member.id, name: member.name, role: member.role })
