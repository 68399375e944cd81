-- Pictures by URL for imported products (docs/decisions/0018-catalogue-import.md): a JSON array of https:// addresses
-- or paths on the store, shown through the image pipeline; empty = the generated drawing (image_kind, image_hue).
ALTER TABLE products ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
