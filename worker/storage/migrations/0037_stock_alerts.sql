-- Back-in-stock alerts (docs/decisions/0035-stock-alerts.md): a shopper asks to be told when a product out of stock in
-- their city comes back there, by SMS to a mobile they proved by code or by email to an address they proved by code.
-- One alert per product, city and contact.
CREATE TABLE stock_alerts (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(entity_id) ON DELETE CASCADE,
  region_id INTEGER NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  -- A mobile as 966XXXXXXXXX, or an email in lower case.
  contact TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ar', 'en')),
  customer_id INTEGER,
  created_at TEXT NOT NULL,
  -- Set by the triggers below when the city's stock goes from none to some; the sender claims due, unsent alerts.
  due_at TEXT,
  sent_at TEXT,
  UNIQUE (product_id, region_id, contact)
);
CREATE INDEX stock_alerts_waiting ON stock_alerts (product_id, region_id) WHERE sent_at IS NULL;
CREATE INDEX stock_alerts_due ON stock_alerts (due_at) WHERE due_at IS NOT NULL AND sent_at IS NULL;
CREATE INDEX stock_alerts_contact ON stock_alerts (contact, sent_at);
CREATE INDEX stock_alerts_customer ON stock_alerts (customer_id) WHERE customer_id IS NOT NULL;

-- The database itself marks a restock, whatever wrote the stock: an import, the console's edit, a cancelled order
-- giving its units back, the triggers that keep a configurable product's row the sum of its variants'
-- (0022_parent_stock_follows_variants.sql). No code path can forget to; the sender only reads what is due.
CREATE TRIGGER stock_alerts_due_on_update AFTER UPDATE OF qty ON stock
WHEN OLD.qty <= 0 AND NEW.qty > 0
BEGIN
  UPDATE stock_alerts SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE product_id = NEW.product_id AND region_id = NEW.region_id AND sent_at IS NULL AND due_at IS NULL;
END;

CREATE TRIGGER stock_alerts_due_on_insert AFTER INSERT ON stock
WHEN NEW.qty > 0
BEGIN
  UPDATE stock_alerts SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE product_id = NEW.product_id AND region_id = NEW.region_id AND sent_at IS NULL AND due_at IS NULL;
END;

-- A code may now prove a mobile or an email for an alert. SQLite changes a CHECK only by rebuilding the table.
CREATE TABLE otp_codes_new (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'register', 'checkout', 'mobile_change', 'email_change', 'account_close', 'stock_alert')),
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
