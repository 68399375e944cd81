-- The console's products and stock (docs/product.md, "The merchant console"; docs/decisions/0030-console-edits-share-the-import.md).
-- A product carries a version, bumped by every console save and every import that changes it, with who (a staff
-- member's name; NULL for an import) and when: a save names the version it edited, and the trigger refuses one whose
-- version moved since, inside the save's own batch, so nothing of a stale save lands.
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN updated_at TEXT;
ALTER TABLE products ADD COLUMN updated_by TEXT;
-- Hidden: kept in the store (orders, carts and links keep working) but shown nowhere to shoppers.
ALTER TABLE products ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
-- Units in a city at or below which the product is low there; NULL takes the store's default (app.config.ts).
ALTER TABLE products ADD COLUMN low_stock INTEGER;

CREATE TRIGGER products_version_moves_by_one BEFORE UPDATE OF version ON products
WHEN NEW.version <> OLD.version + 1
BEGIN
  SELECT RAISE(ABORT, 'stale product version');
END;

-- The low-stock list reads stock by city and quantity.
CREATE INDEX stock_by_region_qty ON stock(region_id, qty);
