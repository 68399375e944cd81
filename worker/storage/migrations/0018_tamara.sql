-- The embedded Tamara (worker/integrations/tamara-sandbox.ts; docs/decisions/0019-tamara-for-real.md) keeps each order
-- it opened as the JSON Tamara answers with, found by Tamara's order id or by the checkout the buyer pays on.
CREATE TABLE tamara_sandbox_orders (
  id TEXT PRIMARY KEY,
  checkout_id TEXT NOT NULL UNIQUE,
  body TEXT NOT NULL
);
