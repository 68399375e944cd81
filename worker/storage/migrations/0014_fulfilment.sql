-- Orders move to their buyers (docs/product.md, "Fulfilment"): the operator confirms, prepares, ships with a courier
-- and a tracking number, and delivers. The steps are rows of order_events; the parcel is kept here, one per order.
-- (The operator's work list reads open orders by status and age through orders_status_created, from 0009.)
CREATE TABLE order_shipments (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  courier TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  shipped_at TEXT NOT NULL
);
