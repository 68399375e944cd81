-- The retailer's showrooms (docs/product.md, "Showrooms"): what "Available on stores" points to. One row a
-- showroom, in both languages, in the city (region) it stands in; opening hours are Riyadh wall-clock times
-- ('HH:MM'), Saturday to Thursday and Friday apart (Friday opens after the midday prayer).
CREATE TABLE showrooms (
  id TEXT PRIMARY KEY,
  region_id INTEGER NOT NULL REFERENCES regions(id),
  position INTEGER NOT NULL,
  name_ar TEXT NOT NULL,
  name_en TEXT NOT NULL,
  address_ar TEXT NOT NULL,
  address_en TEXT NOT NULL,
  opens TEXT NOT NULL,
  closes TEXT NOT NULL,
  friday_opens TEXT NOT NULL,
  friday_closes TEXT NOT NULL,
  phone TEXT NOT NULL,
  map_url TEXT NOT NULL
);
CREATE INDEX showrooms_region ON showrooms (region_id, position);

-- A pickup order names the showroom of its city it is collected from; a delivered order has none.
ALTER TABLE orders ADD COLUMN pickup_showroom TEXT REFERENCES showrooms(id);
