-- The console's coupons (docs/product.md, "The merchant console" and "Rules"): a coupon may be paused, limited per
-- customer, kept to some products or categories, or minted for one customer; columns are added, none changed, so the
-- seeded coupons and code written before this keep working. A use records who placed the order and when, so the
-- per-customer limit is counted in the order's own batch, by a trigger, as the total limit already is (0008).

ALTER TABLE coupons ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
ALTER TABLE coupons ADD COLUMN max_uses_per_customer INTEGER;
-- JSON arrays, or NULL for no restriction: SKUs, and category url keys (a category covers those under it).
ALTER TABLE coupons ADD COLUMN product_skus TEXT;
ALTER TABLE coupons ADD COLUMN category_keys TEXT;
-- A one-use coupon minted for one shopper (createSingleUseCoupon): only this customer, or this phone, may spend it.
ALTER TABLE coupons ADD COLUMN for_customer_id INTEGER;
ALTER TABLE coupons ADD COLUMN for_phone TEXT;
ALTER TABLE coupons ADD COLUMN created_at TEXT;
ALTER TABLE coupons ADD COLUMN updated_at TEXT;

ALTER TABLE coupon_uses ADD COLUMN customer_id INTEGER;
ALTER TABLE coupon_uses ADD COLUMN phone TEXT;
ALTER TABLE coupon_uses ADD COLUMN used_at TEXT;
CREATE INDEX coupon_uses_code ON coupon_uses (code, phone);

-- A customer is the signed-in account or the order's phone, as the cash-order limit counts them (order-store.ts).
CREATE TRIGGER coupon_uses_per_customer BEFORE INSERT ON coupon_uses
WHEN (SELECT max_uses_per_customer FROM coupons WHERE code = NEW.code) IS NOT NULL
  AND (SELECT count(*) FROM coupon_uses WHERE code = NEW.code AND (phone = NEW.phone OR customer_id = NEW.customer_id))
    >= (SELECT max_uses_per_customer FROM coupons WHERE code = NEW.code)
BEGIN
  SELECT RAISE(ABORT, 'coupon_uses_per_customer');
END;

-- Paused between the check at placing and the batch, or minted for someone else: the order is refused.
CREATE TRIGGER coupon_uses_closed BEFORE INSERT ON coupon_uses
WHEN EXISTS (
  SELECT 1 FROM coupons WHERE code = NEW.code AND (
    paused = 1
    OR ((for_customer_id IS NOT NULL OR for_phone IS NOT NULL)
        AND coalesce(NEW.customer_id = for_customer_id, 0) = 0 AND coalesce(NEW.phone = for_phone, 0) = 0)
  )
)
BEGIN
  SELECT RAISE(ABORT, 'coupon_uses_closed');
END;
