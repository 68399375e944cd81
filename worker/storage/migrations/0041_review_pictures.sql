-- A buyer's pictures with a review (docs/decisions/0034-reviews.md, "Pictures"): the bytes are in R2 (REVIEW_PICTURES)
-- under `key`, checked by their first bytes and stripped of their metadata before they were stored; a row lives only
-- as long as its review is not rejected and its author's account is not closed, and its R2 object goes after it.
CREATE TABLE review_pictures (
  id INTEGER PRIMARY KEY,
  review_id INTEGER NOT NULL REFERENCES reviews(id),
  -- reviews/<uuid>.<ext>: random, so a picture's address says nothing and cannot be guessed; never reused.
  key TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  -- 0 to 3, in the order the buyer chose them.
  position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),
  UNIQUE (review_id, position)
);
