-- Search analytics (Algolia Insights' events, received by the embedded service): clicks, add-to-cart
-- and purchases after a search (with its queryID), and views.
CREATE TABLE search_events (
  id INTEGER PRIMARY KEY,
  event_type TEXT NOT NULL,
  event_subtype TEXT,
  event_name TEXT NOT NULL,
  index_name TEXT NOT NULL,
  user_token TEXT NOT NULL,
  query_id TEXT,
  object_ids TEXT NOT NULL,
  positions TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX search_events_query ON search_events(query_id);
