-- The merchant console (docs/product.md, "The merchant console"): staff with their own sign-in and role, their
-- invitations and sessions, named tokens for scripts, and one audit trail of every change any of them made.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'operations', 'catalogue', 'support')),
  password_hash TEXT NOT NULL,
  -- The TOTP secret, sealed with STAFF_SECRET (worker/console/staff-auth.ts): a copy of the database alone is no
  -- second factor.
  totp_sealed TEXT NOT NULL,
  -- The last 30-second step a code was accepted for: a code is good once (RFC 6238, section 5.2).
  totp_last_step INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

CREATE TABLE staff_invites (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'operations', 'catalogue', 'support')),
  invited_by TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  ended INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('staff', 'token')),
  actor_id INTEGER,
  actor_name TEXT NOT NULL,
  action TEXT NOT NULL,
  subject_kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  request_id TEXT NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (at);
CREATE INDEX audit_log_by_actor ON audit_log (actor_name, at);
CREATE INDEX audit_log_by_subject ON audit_log (subject_kind, subject_id, at);

-- Who took a step of an order's timeline: a staff member's or a token's name; NULL for the buyer, a payment or a job.
ALTER TABLE order_events ADD COLUMN actor TEXT;

-- The console searches orders by mobile (orders_phone), email, city and date: each an index, at 100,000 orders too.
CREATE INDEX orders_by_email ON orders (email, created_at);
CREATE INDEX orders_by_region ON orders (region_id, created_at);
CREATE INDEX orders_by_created ON orders (created_at);
