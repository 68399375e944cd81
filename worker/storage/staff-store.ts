/**
 * Staff in D1 (docs/product.md, "The merchant console"): accounts, invitations and console sessions. Tokens are
 * stored only as SHA-256 hashes (the caller hashes); each change that is audited writes its audit row in its own batch
 * (worker/storage/audit-store.ts).
 */
import type { StaffRole } from '../../src/domain/staff'
import { auditStore, type AuditEntry } from './audit-store'

export interface StaffMember {
  id: number
  email: string
  name: string
  role: StaffRole
  active: boolean
  created_at: string
}

interface StaffRow extends Omit<StaffMember, 'active'> {
  active: number
}

export interface StaffCredentials {
  member: StaffMember
  password_hash: string
  totp_sealed: string
}

export interface StaffInvite {
  email: string
  role: StaffRole
  invited_by: string
  expires_at: string
}

const columns = 'id, email, name, role, active, created_at'

/**
 * The audit row's guard when it comes right after its change in a batch: SQLite's changes() counts the rows the
 * statement before it changed (a batch runs its statements in order on one connection, in one transaction).
 */
const landed = { sql: 'changes() = 1', values: [] }
const toMember = (row: StaffRow): StaffMember => ({ ...row, active: row.active === 1 })

export function staffStore(db: D1Database) {
  const audit = auditStore(db)
  return {
    async byEmail(email: string): Promise<StaffCredentials | null> {
      const row = await db
        .prepare(`SELECT ${columns}, password_hash, totp_sealed FROM staff WHERE email = ?`)
        .bind(email.toLowerCase())
        .first<StaffRow & { password_hash: string; totp_sealed: string }>()
      if (!row) return null
      const { password_hash, totp_sealed, ...member } = row
      return { member: toMember(member), password_hash, totp_sealed }
    },

    async byId(id: number): Promise<StaffMember | null> {
      const row = await db.prepare(`SELECT ${columns} FROM staff WHERE id = ?`).bind(id).first<StaffRow>()
      return row ? toMember(row) : null
    },

    async list(): Promise<StaffMember[]> {
      const { results } = await db.prepare(`SELECT ${columns} FROM staff ORDER BY active DESC, name`).all<StaffRow>()
      return results.map(toMember)
    },

    /** Takes a TOTP step once: false when a code of this step (or a later one) was already used. */
    async takeTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db.prepare('UPDATE staff SET totp_last_step = ?2 WHERE id = ?1 AND totp_last_step < ?2').bind(id, step).run()
      return result.meta.changes === 1
    },

    /** An invitation and its audit row, together. */
    async invite(tokenHash: string, invite: StaffInvite, entry: AuditEntry): Promise<void> {
      await db.batch([
        db
          .prepare('INSERT INTO staff_invites (token_hash, email, role, invited_by, expires_at) VALUES (?, ?, ?, ?, ?)')
          .bind(tokenHash, invite.email.toLowerCase(), invite.role, invite.invited_by, invite.expires_at),
        audit.row(entry),
      ])
    },

    /** A live invitation: unused and not expired. */
    liveInvite: (tokenHash: string, now: Date) =>
      db
        .prepare('SELECT email, role, invited_by, expires_at FROM staff_invites WHERE token_hash = ? AND used = 0 AND expires_at > ?')
        .bind(tokenHash, now.toISOString())
        .first<StaffInvite>(),

    /**
     * Turns a live invitation into an account, once: the account, the spent invitation and the audit row land
     * together. Null when the invitation was spent or expired meanwhile, or the email already has an account.
     */
    async acceptInvite(
      tokenHash: string,
      account: { name: string; password_hash: string; totp_sealed: string; totp_last_step: number },
      entry: AuditEntry,
      now: Date,
    ): Promise<StaffMember | null> {
      const live = 'token_hash = ?1 AND used = 0 AND expires_at > ?2 AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.email = staff_invites.email)'
      const [created] = await db.batch([
        db
          .prepare(
            `INSERT INTO staff (email, name, role, password_hash, totp_sealed, totp_last_step, created_at)
             SELECT email, ?3, role, ?4, ?5, ?6, ?2 FROM staff_invites WHERE ${live} RETURNING ${columns}`,
          )
          .bind(tokenHash, now.toISOString(), account.name, account.password_hash, account.totp_sealed, account.totp_last_step),
        audit.row(entry, landed),
        db.prepare('UPDATE staff_invites SET used = 1 WHERE token_hash = ?1 AND used = 0').bind(tokenHash),
      ])
      const row = created!.results[0] as StaffRow | undefined
      return row ? toMember(row) : null
    },

    /** A console session for a staff member who has just signed in. */
    startSession: (tokenHash: string, staffId: number, now: Date) =>
      db
        .prepare('INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)')
        .bind(tokenHash, staffId, now.toISOString(), now.toISOString())
        .run(),

    /**
     * The active staff member of a session that is neither ended nor idle since `idleSince` nor older than `startedSince`,
     * and the session's last sight moved to now (at most once a minute: a busy console is not a write per request).
     */
    async sessionMember(tokenHash: string, idleSince: Date, startedSince: Date, now: Date): Promise<StaffMember | null> {
      const row = await db
        .prepare(
          `SELECT s.id, s.email, s.name, s.role, s.active, s.created_at, x.last_seen_at FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
           WHERE x.token_hash = ? AND x.ended = 0 AND x.last_seen_at > ? AND x.created_at > ? AND s.active = 1`,
        )
        .bind(tokenHash, idleSince.toISOString(), startedSince.toISOString())
        .first<StaffRow & { last_seen_at: string }>()
      if (!row) return null
      if (now.getTime() - Date.parse(row.last_seen_at) > 60_000)
        await db.prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?').bind(now.toISOString(), tokenHash).run()
      const { last_seen_at: _seen, ...member } = row
      return toMember(member)
    },

    endSession: (tokenHash: string) => db.prepare('UPDATE staff_sessions SET ended = 1 WHERE token_hash = ?').bind(tokenHash).run(),

    /** Ends every session of a staff member (the owner's "sign out everywhere"), with its audit row. */
    async endSessionsOf(staffId: number, entry: AuditEntry): Promise<number> {
      const [ended] = await db.batch([
        db.prepare('UPDATE staff_sessions SET ended = 1 WHERE staff_id = ? AND ended = 0').bind(staffId),
        audit.row(entry),
      ])
      return ended!.meta.changes
    },

    /**
     * Changes a member's role or turns the account off (which ends its sessions), with the audit row; the last active
     * owner can be neither demoted nor turned off, so the shop is never left without one. False when nothing changed.
     */
    async update(id: number, change: { role: StaffRole; active: boolean }, entry: AuditEntry): Promise<boolean> {
      const keepsAnOwner = `(?2 = 'owner' AND ?3 = 1) OR EXISTS (SELECT 1 FROM staff o WHERE o.role = 'owner' AND o.active = 1 AND o.id <> ?1)`
      const active = change.active ? 1 : 0
      const [updated] = await db.batch([
        db
          .prepare(`UPDATE staff SET role = ?2, active = ?3 WHERE id = ?1 AND (role <> ?2 OR active <> ?3) AND (${keepsAnOwner})`)
          .bind(id, change.role, active),
        audit.row(entry, landed),
        db.prepare('UPDATE staff_sessions SET ended = 1 WHERE staff_id = ? AND ended = 0 AND ? = 0').bind(id, active),
      ])
      return updated!.meta.changes === 1
    },
  }
}
