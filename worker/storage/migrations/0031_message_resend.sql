-- An order's message keeps what it said, rendered in the buyer's language, so that a staff member can send it again
-- exactly as it was (docs/product.md, "The merchant console"). One-time codes never keep theirs. The words go with the
-- row when the retention job deletes it.
ALTER TABLE message_deliveries ADD COLUMN content TEXT;
ALTER TABLE message_deliveries ADD COLUMN locale TEXT;
