-- Messages sent through a provider (docs/decisions/0017-messages-through-a-queue.md): one row per message, keyed by its
-- idempotency key, written before the message is queued and updated by the queue's consumer, so a message the queue
-- delivers twice is sent once. No body is kept (it may hold a one-time code); the queue carries it.
CREATE TABLE message_deliveries (
  id TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  template TEXT NOT NULL,
  -- queued -> sending -> sent; retrying after a provider's hiccup; dead after a permanent refusal or the last retry;
  -- expired when it arrived too late to matter (a one-time code); outbox when no provider is configured.
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'retrying', 'sent', 'dead', 'expired', 'outbox')),
  attempts INTEGER NOT NULL DEFAULT 0,
  provider TEXT,
  provider_message_id TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX message_deliveries_by_created ON message_deliveries (created_at);
CREATE INDEX message_deliveries_by_status ON message_deliveries (status, updated_at);
