-- The account a customer edits (docs/product.md, "Accounts"): a new email or mobile is confirmed by a one-time code sent
-- to it, and the favourites are kept with the account.

-- One-time codes may now confirm a new mobile (by SMS) or a new email: for 'email_change' the phone column holds the
-- email in lower case. SQLite changes a CHECK only by rebuilding the table.
CREATE TABLE otp_codes_new (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'register', 'checkout', 'mobile_change', 'email_change')),
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
CREATE INDEX otp_codes_expires ON otp_codes (expires_at);

-- A customer's favourite products, oldest first (the id keeps the order), each once; at most
-- serverLimits.wishlistPerCustomer of them.
CREATE TABLE customer_wishlist (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  sku TEXT NOT NULL,
  added_at TEXT NOT NULL,
  UNIQUE (customer_id, sku)
);
