-- One-time codes, password resets and the development outbox.

-- A code is bound to a phone (966...) and a purpose; only its SHA-256 is kept.
CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'register')),
  code_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  wrong_attempts INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX otp_codes_phone ON otp_codes(phone, purpose, created_at DESC);

-- Proof that a phone was verified for registration, spent by the registration itself.
CREATE TABLE phone_verifications (
  token_hash TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE password_resets (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  token_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  wrong_attempts INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX password_resets_customer ON password_resets(customer_id, created_at DESC);

-- What the embedded SMS and email senders "sent": read in development and tests only.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_recipient ON outbox(recipient, id DESC);
