-- A configurable product's stock in a city is the sum of its variants' there, kept so by the database itself
-- (docs/decisions/0020-variants-are-products.md): every write of a variant's stock (a sale, a cancellation that gives
-- it back, an import, the seed) sets its parent's row in the same city in the same statement. Cards, the listings'
-- "in stock" filter and the search documents read the parent's row, so a parent whose variants all sold out in a
-- city is out of stock there. A parent row is written only by these triggers once it has variants.
CREATE TRIGGER stock_parent_follows_update AFTER UPDATE OF qty ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = NEW.product_id) IS NOT NULL
BEGIN
  INSERT INTO stock (product_id, region_id, qty)
  SELECT p.parent_id, NEW.region_id,
    (SELECT coalesce(sum(s.qty), 0) FROM stock s JOIN products v ON v.entity_id = s.product_id
     WHERE v.parent_id = p.parent_id AND s.region_id = NEW.region_id)
  FROM products p WHERE p.entity_id = NEW.product_id
  ON CONFLICT (product_id, region_id) DO UPDATE SET qty = excluded.qty;
END;

CREATE TRIGGER stock_parent_follows_insert AFTER INSERT ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = NEW.product_id) IS NOT NULL
BEGIN
  INSERT INTO stock (product_id, region_id, qty)
  SELECT p.parent_id, NEW.region_id,
    (SELECT coalesce(sum(s.qty), 0) FROM stock s JOIN products v ON v.entity_id = s.product_id
     WHERE v.parent_id = p.parent_id AND s.region_id = NEW.region_id)
  FROM products p WHERE p.entity_id = NEW.product_id
  ON CONFLICT (product_id, region_id) DO UPDATE SET qty = excluded.qty;
END;

-- A variant taken off (an import's removal): its parent's row, if still there, loses its share. Only an update, so a
-- parent removed in the same statement is not written again.
CREATE TRIGGER stock_parent_follows_delete AFTER DELETE ON stock
WHEN (SELECT parent_id FROM products WHERE entity_id = OLD.product_id) IS NOT NULL
BEGIN
  UPDATE stock SET qty =
    (SELECT coalesce(sum(s.qty), 0) FROM stock s JOIN products v ON v.entity_id = s.product_id
     WHERE v.parent_id = stock.product_id AND s.region_id = OLD.region_id)
  WHERE region_id = OLD.region_id AND product_id = (SELECT parent_id FROM products WHERE entity_id = OLD.product_id);
END;
