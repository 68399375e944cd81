-- Checkout (docs/product.md, "Checkout"): what an order is sent to and when, the phones verified at checkout, a customer's
-- saved addresses and each order's status history.

-- One-time codes may now also verify a phone at checkout: SQLite cannot change a CHECK, so the table is rebuilt.
CREATE TABLE otp_codes_new (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'register', 'checkout')),
  code_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  wrong_attempts INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
INSERT INTO otp_codes_new SELECT id, phone, purpose, code_hash, expires_at, wrong_attempts, used, created_at FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_new RENAME TO otp_codes;
CREATE INDEX otp_codes_phone ON otp_codes(phone, purpose, created_at DESC);

-- The contact, the verified phone, the addresses (JSON, the National Address shape), the delivery and the
-- full totals the shopper saw. Orders placed before this migration keep NULLs.
ALTER TABLE orders ADD COLUMN customer_name TEXT;
ALTER TABLE orders ADD COLUMN phone TEXT;
ALTER TABLE orders ADD COLUMN phone_verified INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN shipping_address TEXT;
ALTER TABLE orders ADD COLUMN billing_address TEXT;
ALTER TABLE orders ADD COLUMN delivery_date TEXT;
ALTER TABLE orders ADD COLUMN shipping_method TEXT;
ALTER TABLE orders ADD COLUMN totals TEXT;
ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'ar';
CREATE INDEX orders_customer ON orders (customer_id, created_at DESC);
CREATE INDEX orders_phone ON orders (phone);

ALTER TABLE order_items ADD COLUMN name_ar TEXT;
ALTER TABLE order_items ADD COLUMN image TEXT;

-- placed, paid, preparing, shipped, delivered, canceled: one row per step, the order's timeline.
CREATE TABLE order_events (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'preparing', 'shipped', 'delivered', 'canceled')),
  at TEXT NOT NULL,
  PRIMARY KEY (order_id, status)
) WITHOUT ROWID;
INSERT INTO order_events (order_id, status, at) SELECT id, 'placed', created_at FROM orders;

-- A phone a customer verified at checkout stays verified for them (their registered mobile already is).
CREATE TABLE customer_phones (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  phone TEXT NOT NULL,
  verified_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, phone)
) WITHOUT ROWID;

-- A customer's saved addresses; one may be the default.
CREATE TABLE customer_addresses (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  address TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX customer_addresses_customer ON customer_addresses(customer_id);
