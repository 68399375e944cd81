-- Cash on delivery holds stock from the moment it is placed, so an order nobody confirms must not hold it for ever
-- (docs/decisions/0007, "Cash on delivery"): the operator confirms it, or the housekeeping cancels it after a while.
-- The timeline gains 'confirmed' (and the steps fulfilment and refunds will write); SQLite changes a CHECK only by
-- rebuilding the table.

CREATE TABLE order_events_new (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'confirmed', 'preparing', 'shipped', 'delivered', 'canceled', 'refunded')),
  at TEXT NOT NULL,
  PRIMARY KEY (order_id, status)
) WITHOUT ROWID;
INSERT INTO order_events_new SELECT order_id, status, at FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_new RENAME TO order_events;

-- Open cash orders are counted per phone and per account at every placement, and found by age for the expiry.
CREATE INDEX orders_phone_method_status ON orders (phone, payment_method, status);
CREATE INDEX orders_method_status_created ON orders (payment_method, status, created_at);
