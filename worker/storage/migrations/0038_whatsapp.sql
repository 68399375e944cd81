-- WhatsApp as a channel (docs/decisions/0036-whatsapp-channel.md): SQLite cannot change a CHECK, so the outbox and the
-- message record are rebuilt to accept 'whatsapp'. A WhatsApp message also keeps, until WhatsApp says it arrived, the
-- SMS to send in its place (`fallback`, with the moment it is worth nothing for a code: `expires_at`) and the last status
-- WhatsApp reported (`whatsapp_status`: sent, delivered, read, failed).
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email', 'whatsapp')),
  recipient TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
INSERT INTO outbox_new SELECT id, channel, recipient, body, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_recipient ON outbox(recipient, id DESC);
CREATE INDEX outbox_created ON outbox (created_at);

CREATE TABLE message_deliveries_new (
  id TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email', 'whatsapp')),
  recipient TEXT NOT NULL,
  template TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'retrying', 'sent', 'dead', 'expired', 'outbox')),
  attempts INTEGER NOT NULL DEFAULT 0,
  provider TEXT,
  provider_message_id TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  content TEXT,
  locale TEXT,
  fallback TEXT,
  expires_at TEXT,
  whatsapp_status TEXT CHECK (whatsapp_status IN ('sent', 'delivered', 'read', 'failed'))
);
INSERT INTO message_deliveries_new (id, channel, recipient, template, status, attempts, provider, provider_message_id, last_error,
  created_at, updated_at, content, locale)
SELECT id, channel, recipient, template, status, attempts, provider, provider_message_id, last_error, created_at, updated_at, content, locale
FROM message_deliveries;
DROP TABLE message_deliveries;
ALTER TABLE message_deliveries_new RENAME TO message_deliveries;
CREATE INDEX message_deliveries_by_created ON message_deliveries (created_at);
CREATE INDEX message_deliveries_by_status ON message_deliveries (status, updated_at);

-- How a mobile wants its codes and order updates (docs/product.md, "Accounts"): SMS unless its owner chose WhatsApp.
-- Keyed by the mobile in international form (9665XXXXXXXX), as messages are addressed, so a guest's choice at checkout
-- and an account's setting are one.
CREATE TABLE message_channels (
  phone TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  updated_at TEXT NOT NULL
);
