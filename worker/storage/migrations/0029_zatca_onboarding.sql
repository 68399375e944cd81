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
