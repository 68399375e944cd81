-- Simplified tax invoices (docs/decisions/0016-zatca-invoices.md). `number` is the gap-free sequence and ZATCA's
-- invoice counter (ICV): each is allocated as max + 1 in the one statement that stores the invoice, so concurrent
-- orders never share or skip a number, and UNIQUE (order_id) gives an order one invoice however often it is issued.
-- `content` is the invoice as issued (JSON, halalas). The sealed parts (XML, hash, signature, QR) are written once, in
-- number order, each only after the previous invoice's hash: the chain's order is the sequence's.
CREATE TABLE invoices (
  number INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
  uuid TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL,
  content TEXT NOT NULL,
  previous_hash TEXT,
  hash TEXT,
  signature TEXT,
  qr TEXT,
  xml TEXT,
  -- Reporting to ZATCA (simplified invoices within 24 hours): the last answer, the tries, and when to try again.
  reporting_status TEXT,
  reporting_answer TEXT,
  report_attempts INTEGER NOT NULL DEFAULT 0,
  next_report_at TEXT,
  reported_at TEXT
);
CREATE INDEX invoices_unsealed ON invoices (number) WHERE hash IS NULL;
CREATE INDEX invoices_unreported ON invoices (number) WHERE reported_at IS NULL;

-- The embedded ZATCA (worker/integrations/zatca-sandbox.ts) keeps what it was sent, as ZATCA would.
CREATE TABLE zatca_sandbox_reports (
  uuid TEXT PRIMARY KEY,
  invoice_hash TEXT NOT NULL,
  icv INTEGER NOT NULL,
  received_at TEXT NOT NULL
);
