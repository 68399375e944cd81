-- Credit notes (docs/decisions/0016-zatca-invoices.md, "Credit notes"): ZATCA counts every document of a unit in one
-- invoice counter (ICV) and one hash chain, invoices and credit notes alike, so a credit note is a row of `invoices`,
-- sealed and reported by the same code. `number` stays the chain's counter across both kinds; `serial` is each kind's
-- own gap-free number as printed (INV-000001.., CN-000001..). An order has one invoice (a partial unique index: it may
-- have many credit notes), and a refund one credit note however often it is asked for. Existing rows are invoices
-- whose serial is their number, so every printed number stays what it was. SQLite changes constraints only by
-- rebuilding the table; nothing references `invoices`, and its indexes are made again below.
CREATE TABLE invoices_new (
  number INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  serial INTEGER NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  -- The refund a credit note records (the refunds table, 0028); an invoice records none.
  refund_id INTEGER CHECK ((kind = 'credit_note') = (refund_id IS NOT NULL)),
  uuid TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL,
  content TEXT NOT NULL,
  previous_hash TEXT,
  hash TEXT,
  signature TEXT,
  qr TEXT,
  xml TEXT,
  reporting_status TEXT,
  reporting_answer TEXT,
  report_attempts INTEGER NOT NULL DEFAULT 0,
  next_report_at TEXT,
  reported_at TEXT,
  UNIQUE (kind, serial)
);
INSERT INTO invoices_new (number, kind, serial, order_id, refund_id, uuid, issued_at, content, previous_hash, hash, signature, qr, xml,
  reporting_status, reporting_answer, report_attempts, next_report_at, reported_at)
SELECT number, 'invoice', number, order_id, NULL, uuid, issued_at, content, previous_hash, hash, signature, qr, xml,
  reporting_status, reporting_answer, report_attempts, next_report_at, reported_at
FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE UNIQUE INDEX invoices_one_per_refund ON invoices (refund_id) WHERE refund_id IS NOT NULL;
CREATE INDEX invoices_by_order ON invoices (order_id, kind, serial);
CREATE INDEX invoices_unsealed ON invoices (number) WHERE hash IS NULL;
CREATE INDEX invoices_unreported ON invoices (number) WHERE reported_at IS NULL;

-- The embedded ZATCA keeps each document's number too, to know the invoice a credit note names.
ALTER TABLE zatca_sandbox_reports ADD COLUMN document_id TEXT;
CREATE INDEX zatca_sandbox_reports_by_document ON zatca_sandbox_reports (document_id);
