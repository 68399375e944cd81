-- Ratings and reviews from verified buyers (docs/product.md, "Reviews"; docs/decisions/0034-reviews.md).

-- One review per product per order: the UNIQUE constraint, not a check in code, so two submits that race land once.
-- A demo catalogue's review (worker/seed/reviews.ts) has no order, is not shown as a verified purchase, and is never
-- one of a buyer's. `held` is why the automatic check held it (link, phone, abuse), `reason` why staff rejected it.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL,
  order_id INTEGER REFERENCES orders(id),
  line INTEGER,
  customer_id INTEGER,
  -- The name shown: the buyer's first name and the first letter of the last, taken from the order, never typed.
  author TEXT NOT NULL,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ar', 'en')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  held TEXT CHECK (held IN ('link', 'phone', 'abuse')),
  reason TEXT,
  answer TEXT,
  answered_at TEXT,
  helpful INTEGER NOT NULL DEFAULT 0,
  reports INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  moderated_at TEXT,
  UNIQUE (order_id, sku)
);
CREATE INDEX reviews_shown ON reviews (sku, status, helpful DESC, created_at DESC);
CREATE INDEX reviews_queue ON reviews (status, created_at);

-- A product's approved reviews counted: rewritten from `reviews` in the same batch as every approval or rejection, so
-- the numbers a card and the product page show are always exact; cards read them with the listing's products.
CREATE TABLE review_totals (
  sku TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  -- The sum of the stars: the average is stars / count.
  stars INTEGER NOT NULL,
  one INTEGER NOT NULL,
  two INTEGER NOT NULL,
  three INTEGER NOT NULL,
  four INTEGER NOT NULL,
  five INTEGER NOT NULL
) WITHOUT ROWID;

-- One helpful vote and one report per voter (the SHA-256 of the shopper's session cookie) per review.
CREATE TABLE review_votes (
  review_id INTEGER NOT NULL REFERENCES reviews(id),
  voter TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('helpful', 'report')),
  at TEXT NOT NULL,
  PRIMARY KEY (review_id, voter, kind)
) WITHOUT ROWID;
