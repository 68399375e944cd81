-- A pickup order is made ready at its showroom instead of shipped (docs/product.md, "Fulfilment"): the timeline gains
-- 'ready_for_pickup'; SQLite changes a CHECK only by rebuilding the table.
CREATE TABLE order_events_new (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'confirmed', 'preparing', 'shipped', 'ready_for_pickup', 'delivered', 'canceled', 'refunded', 'return_requested')),
  at TEXT NOT NULL,
  PRIMARY KEY (order_id, status)
) WITHOUT ROWID;
INSERT INTO order_events_new SELECT order_id, status, at FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_new RENAME TO order_events;
