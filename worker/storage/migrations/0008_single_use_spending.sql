-- Spending a voucher or a limited coupon lands in the order's batch, and a second spend makes the whole
-- batch fail (docs/product.md, "Rules"): an ERP voucher is spent once (primary key), a coupon at most
-- max_uses times (the trigger aborts the insert past the limit).

CREATE TABLE erp_voucher_spends (
  voucher TEXT PRIMARY KEY REFERENCES erp_vouchers (voucher),
  quote_id TEXT NOT NULL
);

ALTER TABLE coupons ADD COLUMN max_uses INTEGER;

CREATE TABLE coupon_uses (
  quote_id TEXT PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE REFERENCES coupons (code)
);

CREATE TRIGGER coupon_uses_limit BEFORE INSERT ON coupon_uses
WHEN (SELECT max_uses FROM coupons WHERE code = NEW.code) IS NOT NULL
  AND (SELECT count(*) FROM coupon_uses WHERE code = NEW.code) >= (SELECT max_uses FROM coupons WHERE code = NEW.code)
BEGIN
  SELECT RAISE(ABORT, 'coupon_uses_limit');
END;
