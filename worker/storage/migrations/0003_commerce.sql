-- The embedded commerce backend: customers and their tokens, orders, coupons and vouchers.

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  mobile TEXT NOT NULL UNIQUE,
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": scheme and count stored per hash.
  password_hash TEXT NOT NULL,
  telesales INTEGER NOT NULL DEFAULT 0,
  store_id INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

-- Customer tokens (mage): only a SHA-256 of the token is stored.
CREATE TABLE customer_tokens (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  expires_at TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX customer_tokens_customer ON customer_tokens(customer_id);

-- The one active cart of a customer (a digits-only quote id).
CREATE TABLE customer_quotes (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
  quote_id TEXT NOT NULL UNIQUE
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  increment_id TEXT NOT NULL UNIQUE,
  -- One order per cart: a repeated place-order for the same quote finds this row.
  quote_id TEXT NOT NULL UNIQUE,
  customer_id INTEGER REFERENCES customers(id),
  email TEXT NOT NULL,
  region_id INTEGER NOT NULL,
  payment_method TEXT NOT NULL,
  -- pending_payment (card awaiting the gateway), processing, canceled
  status TEXT NOT NULL,
  subtotal REAL NOT NULL,
  discount REAL NOT NULL,
  delivery REAL NOT NULL,
  vat REAL NOT NULL,
  grand_total REAL NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  line INTEGER NOT NULL,
  product_id INTEGER,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  qty INTEGER NOT NULL,
  price REAL NOT NULL,
  row_total REAL NOT NULL,
  fee_option_id INTEGER,
  parent_sku TEXT,
  PRIMARY KEY (order_id, line)
) WITHOUT ROWID;

CREATE TABLE coupons (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  -- percent or fixed (SAR)
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
  amount REAL NOT NULL CHECK (amount > 0),
  min_subtotal REAL NOT NULL DEFAULT 0,
  active_from TEXT,
  active_to TEXT
);

CREATE TABLE gift_vouchers (
  voucher TEXT PRIMARY KEY,
  pin TEXT NOT NULL,
  balance REAL NOT NULL CHECK (balance >= 0)
);

CREATE TABLE erp_vouchers (
  voucher TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  amount REAL NOT NULL CHECK (amount > 0),
  used_by_quote TEXT
);
