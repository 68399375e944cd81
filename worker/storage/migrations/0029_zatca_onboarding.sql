-- ZATCA onboarding in the embedded stand-in (docs/decisions/0016-zatca-invoices.md, "Onboarding"): the CSIDs it
-- issued, compliance and production, each with its certificate (base64 DER, from its own test CA), the EGS unit it
-- names (the CSR's serial number), the invoice types it may issue, and, for a compliance CSID, the kinds of sample
-- document that passed its checks; a production CSID names the compliance request it was issued for.
CREATE TABLE zatca_sandbox_csids (
  request_id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('compliance', 'production')),
  token TEXT NOT NULL UNIQUE,
  secret TEXT NOT NULL,
  certificate TEXT NOT NULL,
  egs TEXT NOT NULL,
  invoice_type TEXT NOT NULL,
  passed TEXT NOT NULL DEFAULT '[]',
  compliance_request_id INTEGER,
  issued_at TEXT NOT NULL
);

-- The stand-in's reports are kept per EGS unit, whose chain they continue, and by hash, to answer a repeat.
ALTER TABLE zatca_sandbox_reports ADD COLUMN egs TEXT;
CREATE INDEX zatca_sandbox_reports_chain ON zatca_sandbox_reports (egs, icv);

-- The store's own EGS unit where no secret holds it (development, onboarded against the embedded ZATCA in the same
-- database, so the two never disagree): its key, its production CSID and what the certificate says. Production
-- keeps these as Worker secrets (ZATCA_PRIVATE_KEY, ZATCA_BINARY_TOKEN, ZATCA_SECRET), never here.
CREATE TABLE zatca_unit (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  environment TEXT NOT NULL,
  private_key TEXT NOT NULL,
  binary_security_token TEXT NOT NULL,
  secret TEXT NOT NULL,
  serial TEXT NOT NULL,
  not_after TEXT NOT NULL,
  onboarded_at TEXT NOT NULL
);

-- Debit notes (ZATCA 383): a document of the same chain as invoices and credit notes, with its own printed serial
-- (DN-000001..), issued once per `debit_key` (the caller's key for the charge it records). SQLite changes a CHECK only
-- by rebuilding the table, as 0027 did; every row and number stays what it was.
CREATE TABLE invoices_new (
  number INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note', 'debit_note')),
  serial INTEGER NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  refund_id INTEGER CHECK ((kind = 'credit_note') = (refund_id IS NOT NULL)),
  debit_key TEXT CHECK ((kind = 'debit_note') = (debit_key IS NOT NULL)),
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
SELECT number, kind, serial, order_id, refund_id, uuid, issued_at, content, previous_hash, hash, signature, qr, xml,
  reporting_status, reporting_answer, report_attempts, next_report_at, reported_at
FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE UNIQUE INDEX invoices_one_per_refund ON invoices (refund_id) WHERE refund_id IS NOT NULL;
CREATE UNIQUE INDEX invoices_one_per_debit ON invoices (debit_key) WHERE debit_key IS NOT NULL;
CREATE INDEX invoices_by_order ON invoices (order_id, kind, serial);
CREATE INDEX invoices_unsealed ON invoices (number) WHERE hash IS NULL;
CREATE INDEX invoices_unreported ON invoices (number) WHERE reported_at IS NULL;
