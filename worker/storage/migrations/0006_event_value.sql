-- A payment-failure event carries the amount and the method that travelled through the provider's page.
ALTER TABLE personalisation_events ADD COLUMN value REAL;
ALTER TABLE personalisation_events ADD COLUMN detail TEXT;
