/**
 * The audit trail (docs/product.md, "The merchant console"): who changed what, when, with the values before and after
 * and the request's id, in one table. A change writes its row in the same batch as itself (`auditRow` is a statement
 * to put in that batch), guarded so the row lands only when the change did.
 */
import type { Actor } from '../../src/domain/staff'

export interface AuditEntry {
  actor: Actor
  /** What was done: `order.ship`, `staff.invite`, ... */
  action: string
  subject: { kind: string; id: string }
  before?: unknown
  after?: unknown
  requestId: string
  at: Date
}

export interface AuditRow {
  id: number
  at: string
  actor_kind: Actor['kind']
  actor_name: string
  action: string
  subject_kind: string
  subject_id: string
  before_json: string | null
  after_json: string | null
  request_id: string
}

export interface AuditFilter {
  actor?: string
  action?: string
  subject?: { kind: string; id: string }
  /** ISO times, inclusive start and exclusive end. */
  from?: string
  to?: string
  /** Rows older than this id (the page before). */
  before?: number
  limit: number
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

export function auditStore(db: D1Database) {
  return {
    /**
     * The statement that records `entry`, for the change's own batch. `landedWhen` is an SQL condition (with its
     * values, as plain `?`: SQLite numbers them after ?10) true only once the change has landed, so a refused or
     * repeated change leaves no row.
     */
    row(entry: AuditEntry, landedWhen: { sql: string; values: unknown[] } = { sql: '1', values: [] }): D1PreparedStatement {
      const { actor } = entry
      return db
        .prepare(
          `INSERT INTO audit_log (at, actor_kind, actor_id, actor_name, action, subject_kind, subject_id, before_json, after_json, request_id)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ${landedWhen.sql}`,
        )
        .bind(
          entry.at.toISOString(),
          actor.kind,
          actor.id,
          actor.name,
          entry.action,
          entry.subject.kind,
          entry.subject.id,
          json(entry.before),
          json(entry.after),
          entry.requestId,
          ...landedWhen.values,
        )
    },

    /** The trail, newest first, filtered by person, action, subject and time. */
    async list(filter: AuditFilter): Promise<AuditRow[]> {
      const where: string[] = []
      const values: unknown[] = []
      const add = (sql: string, ...given: unknown[]) => {
        where.push(sql)
        values.push(...given)
      }
      if (filter.actor) add('actor_name = ?', filter.actor)
      if (filter.action) add('action = ?', filter.action)
      if (filter.subject) add('subject_kind = ? AND subject_id = ?', filter.subject.kind, filter.subject.id)
      if (filter.from) add('at >= ?', filter.from)
      if (filter.to) add('at < ?', filter.to)
      if (filter.before) add('id < ?', filter.before)
      const { results } = await db
        .prepare(`SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${Math.trunc(filter.limit)}`)
        .bind(...values)
        .all<AuditRow>()
      return results
    },
  }
}
