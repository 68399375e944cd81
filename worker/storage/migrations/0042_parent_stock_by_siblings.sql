-- The triggers that keep a configurable product's stock the sum of its variants' (0022_parent_stock_follows_variants.sql)
-- summed by scanning the whole city: SQLite's planner read `stock` by its (region_id, qty) index first and then checked
-- each row's product for the parent, so one variant's stock write read every stock row of its city (about 100,000 at
-- 100,000 products), and seeding that catalogue took over half an hour. The sum now starts from the parent's variants
-- (products_parent) and reads each one's row in the city by the primary key: a handful of rows per write, whatever the
-- catalogue's size. CROSS JOIN keeps that order: SQLite never reorders its left table inside.
DROP TRIGGER stock_parent_follows_update;
DROP TRIGGER stock_parent_follows_insert;
DROP TRIGGER stock_parent_follows_delete;

CREATE TRIGGER stock_parent_follows_update AFTER UPDATE OF qty ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = NEW.product_id) IS NOT NULL
BEGIN
  INSERT INTO stock (product_id, region_id, qty)
  SELECT p.parent_id, NEW.region_id,
    (SELECT coalesce(sum(s.qty), 0) FROM products v CROSS JOIN stock s
     WHERE v.parent_id = p.parent_id AND s.product_id = v.entity_id AND s.region_id = NEW.region_id)
  FROM products p WHERE p.entity_id = NEW.product_id
  ON CONFLICT (product_id, region_id) DO UPDATE SET qty = excluded.qty;
END;

CREATE TRIGGER stock_parent_follows_insert AFTER INSERT ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = NEW.product_id) IS NOT NULL
BEGIN
  INSERT INTO stock (product_id, region_id, qty)
  SELECT p.parent_id, NEW.region_id,
    (SELECT coalesce(sum(s.qty), 0) FROM products v CROSS JOIN stock s
     WHERE v.parent_id = p.parent_id AND s.product_id = v.entity_id AND s.region_id = NEW.region_id)
  FROM products p WHERE p.entity_id = NEW.product_id
  ON CONFLICT (product_id, region_id) DO UPDATE SET qty = excluded.qty;
END;

CREATE TRIGGER stock_parent_follows_delete AFTER DELETE ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = OLD.product_id) IS NOT NULL
BEGIN
  UPDATE stock SET qty =
    (SELECT coalesce(sum(s.qty), 0) FROM products v CROSS JOIN stock s
     WHERE v.parent_id = stock.product_id AND s.product_id = v.entity_id AND s.region_id = OLD.region_id)
  WHERE region_id = OLD.region_id AND product_id = (SELECT parent_id FROM products WHERE entity_id = OLD.product_id);
END;
