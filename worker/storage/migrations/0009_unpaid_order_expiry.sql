-- Unpaid orders expire (docs/decisions/0007-money-rules-that-cannot-be-gamed.md): a scheduled task finds
-- pending payments older than the configured time, and cancelling one gives back everything it took:
-- its units, the gift-voucher balance it spent (recorded here, by order), its ERP voucher and its coupon use.

CREATE TABLE gift_voucher_spends (
  quote_id TEXT PRIMARY KEY,
  voucher TEXT NOT NULL REFERENCES gift_vouchers (voucher),
  amount REAL NOT NULL CHECK (amount > 0)
);

CREATE INDEX orders_status_created ON orders (status, created_at);
