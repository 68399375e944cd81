/**
 * Simplified tax invoices and their credit notes in D1 (docs/architecture.md, "Storage owns the SQL";
 * docs/decisions/0016-zatca-invoices.md). Both kinds are rows of one table because ZATCA chains them in one sequence:
 * the chain's number (ICV) and the kind's own printed serial are both allocated in the statement that stores the
 * document (max + 1 each, and none for an order that has its invoice or a refund that has its note), so neither has a
 * gap or a duplicate however many are issued at once. Sealing writes a document's hash only when the previous
 * number's hash is the one it was chained to: the hash chain follows the sequence.
 */
import type { DocumentKind } from '../../src/domain/invoice'

export interface InvoiceRow {
  /** The chain's counter across both kinds (ZATCA's ICV). */
  number: number
  kind: DocumentKind
  /** The kind's own gap-free number: INV-<serial>, CN-<serial>. */
  serial: number
  order_id: number
  /** The refund a credit note records; null on an invoice. */
  refund_id: number | null
  /** The caller's key of the charge a debit note records; null on the other kinds. */
  debit_key?: string | null
  uuid: string
  issued_at: string
  /** JSON of InvoiceContent (src/domain/invoice.ts). */
  content: string
  previous_hash: string | null
  hash: string | null
  signature: string | null
  qr: string | null
  xml: string | null
  reporting_status: string | null
  reporting_answer: string | null
  report_attempts: number
  next_report_at: string | null
  reported_at: string | null
}

/** What sealing an invoice gives, the columns `seal` writes: its XML, hash, signature (null without a key: phase 1 only) and QR. */
export interface SealedInvoice {
  xml: string
  hash: string
  signature: string | null
  qr: string
}

/** What ZATCA (or its stand-in) answered a report or a clearance with, and what follows from it. */
export interface ReportOutcome {
  /**
   * REPORTED (a simplified document) or CLEARED (a standard one); NOT_REPORTED or NOT_CLEARED (refused: not tried
   * again); or FAILED (no answer or a server error: tried again).
   */
  status: 'REPORTED' | 'CLEARED' | 'NOT_REPORTED' | 'NOT_CLEARED' | 'FAILED'
  /** The answer's body, or the error, as text. */
  answer: string
  /** For FAILED: when to try again. */
  retryAt: Date | null
  /** CLEARED: the document as ZATCA stamped it (its XML and the QR it carries), which is what the buyer is given. */
  cleared?: { xml: string; qr: string } | null
}

/** The answers after which a document is with ZATCA: reported, or cleared. */
const accepted = "('REPORTED', 'CLEARED')"

/** The next chain number and the next serial of a kind, as expressions of the INSERT that stores a document. */
const nextNumber = 'coalesce((SELECT max(number) FROM invoices), 0) + 1'
const nextSerial = (kind: DocumentKind) => `coalesce((SELECT max(serial) FROM invoices WHERE kind = '${kind}'), 0) + 1`

export function invoiceStore(db: D1Database) {
  return {
    /** The order's invoice (not its credit notes). */
    byOrder: (orderId: number) => db.prepare("SELECT * FROM invoices WHERE order_id = ? AND kind = 'invoice'").bind(orderId).first<InvoiceRow>(),
    byNumber: (number: number) => db.prepare('SELECT * FROM invoices WHERE number = ?').bind(number).first<InvoiceRow>(),
    byDebitKey: (key: string) => db.prepare('SELECT * FROM invoices WHERE debit_key = ?').bind(key).first<InvoiceRow>(),
    byRefund: (refundId: number) => db.prepare('SELECT * FROM invoices WHERE refund_id = ?').bind(refundId).first<InvoiceRow>(),

    /** The order's credit notes, oldest first. */
    async creditNotes(orderId: number): Promise<InvoiceRow[]> {
      const { results } = await db
        .prepare("SELECT * FROM invoices WHERE order_id = ? AND kind = 'credit_note' ORDER BY serial")
        .bind(orderId)
        .all<InvoiceRow>()
      return results
    },

    /** A credit note of the order by its serial (CN-<serial>), or null. */
    creditNote: (orderId: number, serial: number) =>
      db.prepare("SELECT * FROM invoices WHERE order_id = ? AND kind = 'credit_note' AND serial = ?").bind(orderId, serial).first<InvoiceRow>(),

    /** Stores the order's invoice with the next numbers, unless the order has one; answers whether this call did. */
    async issue(orderId: number, uuid: string, issuedAt: string, content: string): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT OR IGNORE INTO invoices (number, kind, serial, order_id, uuid, issued_at, content)
           SELECT ${nextNumber}, 'invoice', ${nextSerial('invoice')}, ?1, ?2, ?3, ?4
           WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = ?1 AND kind = 'invoice')`,
        )
        .bind(orderId, uuid, issuedAt, content)
        .run()
      return result.meta.changes === 1
    },

    /**
     * Stores the refund's credit note with the next numbers, unless the refund has one, and only while the order's
     * credit notes with this one credit no more than `invoiceTotal` halalas (VAT included): the check and the insert
     * are one statement, so two refunds credited at once never together exceed the invoice. Answers whether this call
     * stored it.
     */
    async issueCreditNote(
      orderId: number,
      refundId: number,
      amount: number,
      invoiceTotal: number,
      uuid: string,
      issuedAt: string,
      content: string,
    ): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT OR IGNORE INTO invoices (number, kind, serial, order_id, refund_id, uuid, issued_at, content)
           SELECT ${nextNumber}, 'credit_note', ${nextSerial('credit_note')}, ?1, ?2, ?5, ?6, ?7
           WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE refund_id = ?2)
           AND (SELECT coalesce(sum(json_extract(content, '$.totals.incl_vat')), 0) FROM invoices
                WHERE order_id = ?1 AND kind = 'credit_note') + ?3 <= ?4`,
        )
        .bind(orderId, refundId, amount, invoiceTotal, uuid, issuedAt, content)
        .run()
      return result.meta.changes === 1
    },

    /** Stores a debit note of the order with the next numbers, unless one has this key; answers whether this call did. */
    async issueDebitNote(orderId: number, key: string, uuid: string, issuedAt: string, content: string): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT OR IGNORE INTO invoices (number, kind, serial, order_id, debit_key, uuid, issued_at, content)
           SELECT ${nextNumber}, 'debit_note', ${nextSerial('debit_note')}, ?1, ?2, ?3, ?4, ?5
           WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE debit_key = ?2)`,
        )
        .bind(orderId, key, uuid, issuedAt, content)
        .run()
      return result.meta.changes === 1
    },

    /** Orders owed an invoice and without one: paid, or delivered (cash on delivery), and not cancelled. */
    async ordersOwed(limit: number): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT o.id FROM orders o WHERE o.status IN ('processing', 'complete')
           AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.status IN ('paid', 'delivered'))
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.kind = 'invoice') ORDER BY o.id LIMIT ?`,
        )
        .bind(limit)
        .all<{ id: number }>()
      return results.map((row) => row.id)
    },

    /** The first document not yet sealed (they are sealed in number order, both kinds alike). */
    firstUnsealed: () => db.prepare('SELECT * FROM invoices WHERE hash IS NULL ORDER BY number LIMIT 1').first<InvoiceRow>(),

    /**
     * Writes the sealed parts of invoice `number`, once, and only if `previousHash` is the previous invoice's hash (the
     * first invoice's is ZATCA's initial value). Answers whether this call wrote them.
     */
    async seal(number: number, previousHash: string, initialHash: string, sealed: SealedInvoice): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE invoices SET previous_hash = ?2, hash = ?3, signature = ?4, qr = ?5, xml = ?6
           WHERE number = ?1 AND hash IS NULL
           AND ?2 = CASE WHEN ?1 = 1 THEN ?7 ELSE (SELECT p.hash FROM invoices p WHERE p.number = ?1 - 1) END`,
        )
        .bind(number, previousHash, sealed.hash, sealed.signature, sealed.qr, sealed.xml, initialHash)
        .run()
      return result.meta.changes === 1
    },

    /**
     * Sealed documents not yet reported, in chain order: ZATCA takes each only after the one before it (a credit note
     * therefore after its invoice). The reporter stops at the first not due or refused (worker/commerce/invoices.ts).
     */
    async unreported(limit: number): Promise<InvoiceRow[]> {
      const { results } = await db
        .prepare('SELECT * FROM invoices WHERE reported_at IS NULL AND hash IS NOT NULL ORDER BY number LIMIT ?')
        .bind(limit)
        .all<InvoiceRow>()
      return results
    },

    /** Keeps ZATCA's answer with the invoice: reported, refused, or to be tried again at `retryAt`. */
    recordReport: (number: number, outcome: ReportOutcome, now: Date) =>
      db
        .prepare(
          `UPDATE invoices SET reporting_status = ?2, reporting_answer = ?3, report_attempts = report_attempts + 1, next_report_at = ?4,
           reported_at = CASE WHEN ?2 IN ${accepted} THEN ?5 ELSE NULL END, xml = coalesce(?6, xml), qr = coalesce(?7, qr)
           WHERE number = ?1 AND reported_at IS NULL`,
        )
        .bind(
          number,
          outcome.status,
          outcome.answer.slice(0, 4000),
          outcome.retryAt?.toISOString() ?? null,
          now.toISOString(),
          outcome.cleared?.xml ?? null,
          outcome.cleared?.qr ?? null,
        )
        .run(),

    /** The oldest invoice still unreported, for the 24-hour watch. */
    oldestUnreported: () =>
      db
        .prepare('SELECT number, issued_at FROM invoices WHERE reported_at IS NULL ORDER BY number LIMIT 1')
        .first<{ number: number; issued_at: string }>(),
  }
}

/** A CSID the embedded ZATCA issued (worker/integrations/zatca-sandbox.ts). */
export interface SandboxCsidRow {
  request_id: number
  kind: 'compliance' | 'production'
  token: string
  secret: string
  /** Base64 DER. */
  certificate: string
  /** The EGS unit: the CSR's serial number (1-..|2-..|3-..). */
  egs: string
  invoice_type: string
  /** JSON list of the sample kinds that passed the compliance checks. */
  passed: string
  compliance_request_id: number | null
  issued_at: string
}

/** What the embedded ZATCA keeps: the CSIDs it issued and each document reported or cleared to it. */
export function zatcaSandboxStore(db: D1Database) {
  return {
    /** The last document accepted from the EGS unit: what the next one must chain to. */
    lastOf: (egs: string) =>
      db
        .prepare('SELECT uuid, invoice_hash, icv FROM zatca_sandbox_reports WHERE egs = ? ORDER BY icv DESC LIMIT 1')
        .bind(egs)
        .first<{ uuid: string; invoice_hash: string; icv: number }>(),
    byUuid: (uuid: string) =>
      db
        .prepare('SELECT uuid, invoice_hash, icv FROM zatca_sandbox_reports WHERE uuid = ?')
        .bind(uuid)
        .first<{ uuid: string; invoice_hash: string; icv: number }>(),
    /** Whether an invoice (not a note) with this number (cbc:ID) was reported. */
    hasInvoice: async (documentId: string) =>
      (await db.prepare('SELECT 1 AS found FROM zatca_sandbox_reports WHERE document_id = ? LIMIT 1').bind(documentId).first()) !== null,
    /** Keeps an accepted document, unless its UUID was accepted before; answers whether this call kept it. */
    keep: async (egs: string, uuid: string, hash: string, icv: number, documentId: string | null, now: Date) =>
      (
        await db
          .prepare('INSERT OR IGNORE INTO zatca_sandbox_reports (uuid, invoice_hash, icv, document_id, egs, received_at) VALUES (?, ?, ?, ?, ?, ?)')
          .bind(uuid, hash, icv, documentId, egs, now.toISOString())
          .run()
      ).meta.changes === 1,
    count: async () => (await db.prepare('SELECT count(*) AS n FROM zatca_sandbox_reports').first<{ n: number }>())?.n ?? 0,

    /** Stores a CSID issued; the request id is the next one. Answers it. */
    async issueCsid(csid: Omit<SandboxCsidRow, 'request_id' | 'passed'>): Promise<number> {
      const row = await db
        .prepare(
          `INSERT INTO zatca_sandbox_csids (request_id, kind, token, secret, certificate, egs, invoice_type, compliance_request_id, issued_at)
           SELECT coalesce(max(request_id), 1234567890000) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM zatca_sandbox_csids RETURNING request_id`,
        )
        .bind(csid.kind, csid.token, csid.secret, csid.certificate, csid.egs, csid.invoice_type, csid.compliance_request_id, csid.issued_at)
        .first<{ request_id: number }>()
      return row!.request_id
    },
    csidByToken: (token: string) => db.prepare('SELECT * FROM zatca_sandbox_csids WHERE token = ?').bind(token).first<SandboxCsidRow>(),
    /** Records that a sample of this kind passed under the compliance CSID. */
    pass: (requestId: number, kind: string) =>
      db
        .prepare(
          `UPDATE zatca_sandbox_csids SET passed = (SELECT json_group_array(value) FROM (SELECT value FROM json_each(passed) UNION SELECT ?2))
           WHERE request_id = ?1`,
        )
        .bind(requestId, kind)
        .run(),
  }
}

/** The store's EGS unit as onboarding left it, where no secret holds it (development): one row. */
export interface ZatcaUnitRow {
  environment: string
  private_key: string
  binary_security_token: string
  secret: string
  serial: string
  not_after: string
  onboarded_at: string
}

export function zatcaUnitStore(db: D1Database) {
  return {
    current: () => db.prepare('SELECT * FROM zatca_unit WHERE id = 1').first<ZatcaUnitRow>(),
    /** Keeps a newly onboarded unit in place of the last (a renewal replaces it). */
    keep: (unit: ZatcaUnitRow) =>
      db
        .prepare(
          `INSERT INTO zatca_unit (id, environment, private_key, binary_security_token, secret, serial, not_after, onboarded_at)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET environment = excluded.environment,
           private_key = excluded.private_key, binary_security_token = excluded.binary_security_token, secret = excluded.secret,
           serial = excluded.serial, not_after = excluded.not_after, onboarded_at = excluded.onboarded_at`,
        )
        .bind(unit.environment, unit.private_key, unit.binary_security_token, unit.secret, unit.serial, unit.not_after, unit.onboarded_at)
        .run(),
  }
}
