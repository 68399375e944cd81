-- Payments on a provider's page (docs/decisions/0014-card-payments-through-moyasar.md, 0015-tabby-for-real.md).
-- One checkout per order (Moyasar's invoice, Tabby's payment), the payment that paid it, and a refund taken once.
CREATE TABLE order_payments (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  provider TEXT NOT NULL,
  checkout_id TEXT NOT NULL,
  checkout_url TEXT NOT NULL,
  payment_id TEXT,
  refunded_halalas INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  UNIQUE (provider, checkout_id)
);

-- The embedded providers (worker/integrations/*-sandbox.ts) keep their records as the JSON the provider answers with.
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
CREATE TABLE tabby_sandbox_sessions (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL
);
CREATE TABLE tabby_sandbox_payments (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL
);
