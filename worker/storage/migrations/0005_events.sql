-- Personalisation events the storefront posts (viewed, added to cart, wishlist...).
CREATE TABLE personalisation_events (
  id INTEGER PRIMARY KEY,
  session_id TEXT,
  user_id INTEGER,
  event_type TEXT NOT NULL,
  item_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX personalisation_events_session ON personalisation_events(session_id, created_at);
