-- The console's customers and abandoned carts (docs/product.md, "The merchant console"; docs/decisions/0032-abandoned-carts.md).

-- A known shopper's active cart (signed in, or a mobile verified by code), written by the cart's Durable Object on every
-- change (worker/durable-objects/cart-object.ts), deleted when the cart empties, becomes an order or is forgotten: the
-- abandoned carts are one query here instead of a visit to every object. `reminders` counts the reminders sent (two at
-- most, docs/decisions/0032), kept across the shopper's later changes to the same cart.
CREATE TABLE shopper_carts (
  quote_id TEXT PRIMARY KEY,
  customer_id INTEGER,
  -- The verified mobile (966...) reminders go to by SMS; null for an account whose mobile is read from customers.
  phone TEXT,
  locale TEXT NOT NULL DEFAULT 'ar',
  lines INTEGER NOT NULL,
  -- The cart's grand total in SAR at its last change.
  value REAL NOT NULL,
  updated_at TEXT NOT NULL,
  reminders INTEGER NOT NULL DEFAULT 0,
  reminded_at TEXT
);
CREATE INDEX shopper_carts_updated ON shopper_carts (updated_at);
CREATE INDEX shopper_carts_customer ON shopper_carts (customer_id);

-- A shopper who asked for no more cart reminders, by the SHA-256 of the mobile (966...) or the lower-case email: the
-- opt-out is honoured without keeping the contact itself.
CREATE TABLE cart_reminder_optouts (
  contact_hash TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);

-- A reminder's one-tap unsubscribe link: the SHA-256 of its token and the digests of the contacts it stops (JSON).
CREATE TABLE cart_reminder_stops (
  token_hash TEXT PRIMARY KEY,
  contacts TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- A payment link staff made for a cart: the SHA-256 of its token, the cart it pays, and the order it became once opened.
CREATE TABLE cart_payment_links (
  token_hash TEXT PRIMARY KEY,
  quote_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  order_id INTEGER
);
CREATE INDEX cart_payment_links_quote ON cart_payment_links (quote_id);

-- An account closed by its owner (docs/decisions/0028-personal-data-kept.md): only its number and when, so the console
-- can say it was closed without keeping anything about the person.
CREATE TABLE closed_accounts (
  customer_id INTEGER PRIMARY KEY,
  closed_at TEXT NOT NULL
);
