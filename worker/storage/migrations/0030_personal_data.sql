-- Shoppers' personal data as the PDPL asks (docs/decisions/0028-personal-data-kept.md):
-- closing an account is confirmed by a code, consent choices are recorded, data requests reach the console, and the
-- retention schedule (worker/storage/retention-store.ts) finds what it deletes through an index on its time.

-- One-time codes may now confirm closing an account (by SMS to the account's mobile). SQLite changes a CHECK only by
-- rebuilding the table.
CREATE TABLE otp_codes_new (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'register', 'checkout', 'mobile_change', 'email_change', 'account_close')),
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

-- Each answer to the cookie banner: which categories, under which version of the banner's text, when, and the
-- customer when one was signed in. The browser's cookie says the choice; this row proves it was made.
CREATE TABLE consent_records (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER,
  -- {"functions": true, "marketing": false, ...}
  choices TEXT NOT NULL,
  version TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX consent_records_customer ON consent_records (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX consent_records_created ON consent_records (created_at);

-- A shopper's request about their data, from the privacy page, for the owner to answer from the console.
CREATE TABLE data_requests (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'correction', 'erasure', 'other')),
  message TEXT NOT NULL DEFAULT '',
  locale TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  created_at TEXT NOT NULL,
  answered_at TEXT
);
CREATE INDEX data_requests_open ON data_requests (status, created_at);

-- What the retention schedule finds by time: revoked and ended sessions, the audit trail, orders whose contact is
-- still kept.
CREATE INDEX staff_sessions_last_seen ON staff_sessions (last_seen_at);
CREATE INDEX staff_invites_expires ON staff_invites (expires_at);
CREATE INDEX orders_with_contact ON orders (created_at) WHERE phone IS NOT NULL;
