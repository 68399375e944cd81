-- Card payments through Moyasar (docs/decisions/0014-card-payments-through-moyasar.md).
-- One hosted invoice per order; the payment that paid it, and what was given back, once.
CREATE TABLE order_payments (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  provider TEXT NOT NULL,
  invoice_id TEXT NOT NULL UNIQUE,
  invoice_url TEXT NOT NULL,
  payment_id TEXT,
  refunded_halalas INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- The embedded Moyasar (worker/integrations/moyasar-sandbox.ts) keeps its invoices and payments as Moyasar answers them.
CREATE TABLE moyasar_sandbox_invoices (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL
);
CREATE TABLE moyasar_sandbox_payments (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX moyasar_sandbox_payments_by_invoice ON moyasar_sandbox_payments (invoice_id);
