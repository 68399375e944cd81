-- A buyer asks to return a delivered order within the days the terms give (docs/product.md, "Fulfilment"): the
-- request is kept, one per order, and the timeline gains 'return_requested'; SQLite changes a CHECK only by
-- rebuilding the table. (0015-0018 are the invoices, messages, catalogue import and Tamara.)
CREATE TABLE order_events_new (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'confirmed', 'preparing', 'shipped', 'delivered', 'canceled', 'refunded', 'return_requested')),
  at TEXT NOT NULL,
  PRIMARY KEY (order_id, status)
) WITHOUT ROWID;
INSERT INTO order_events_new SELECT order_id, status, at FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_new RENAME TO order_events;

CREATE TABLE order_returns (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  reason TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  requested_at TEXT NOT NULL
);
