-- Newsletter sign-ups from the footer. The address is stored lower-cased, once.
CREATE TABLE newsletter_subscribers (
  email TEXT PRIMARY KEY,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL
);
