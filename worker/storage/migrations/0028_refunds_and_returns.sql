-- Returns handled and money given back (docs/product.md, "Returns and refunds"). (0027 is the credit notes'.)
--
-- The timeline gains the return's steps: accepted, refused (with the reason its buyer reads), received. SQLite changes
-- a CHECK only by rebuilding the table.
CREATE TABLE order_events_new (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'confirmed', 'preparing', 'shipped', 'ready_for_pickup', 'delivered', 'canceled', 'refunded',
    'return_requested', 'return_accepted', 'return_refused', 'return_received')),
  at TEXT NOT NULL,
  actor TEXT,
  PRIMARY KEY (order_id, status)
) WITHOUT ROWID;
INSERT INTO order_events_new SELECT order_id, status, at, actor FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_new RENAME TO order_events;

-- Where the request stands, the answer its buyer reads, and the units the warehouse took back (JSON [{sku, qty}]).
ALTER TABLE order_returns ADD COLUMN status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'accepted', 'refused', 'received'));
ALTER TABLE order_returns ADD COLUMN answer TEXT NOT NULL DEFAULT '';
ALTER TABLE order_returns ADD COLUMN received_lines TEXT NOT NULL DEFAULT '[]';
CREATE INDEX order_returns_open ON order_returns (status) WHERE status IN ('requested', 'accepted', 'received');

-- Every refund of an order, each once: `request_key` is the console form's (a double click or a retry is the same
-- refund), and the statement that adds a refund checks in the same breath that the order still holds that much
-- money and those units, and that no other refund of the order is on its way (worker/storage/refund-store.ts).
-- `amount` is in halalas. A refund the provider refused is 'failed' and no longer counts; it can be sent again.
CREATE TABLE order_refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  request_key TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  lines TEXT NOT NULL DEFAULT '[]',
  delivery INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('provider', 'bank_transfer', 'showroom')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  failure TEXT,
  actor TEXT,
  created_at TEXT NOT NULL,
  done_at TEXT,
  UNIQUE (order_id, request_key)
);
CREATE INDEX order_refunds_failed ON order_refunds (status) WHERE status <> 'done';

-- The whole-payment refunds of cancelled orders, kept until now as one figure on the payment.
INSERT INTO order_refunds (order_id, request_key, amount, reason, method, status, created_at, done_at)
  SELECT order_id, 'cancel', refunded_halalas, 'cancelled', 'provider', 'done', updated_at, updated_at FROM order_payments WHERE refunded_halalas > 0;
ALTER TABLE order_payments DROP COLUMN refunded_halalas;
