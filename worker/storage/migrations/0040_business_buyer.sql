-- A business buyer's registered name and VAT number, as JSON {company, vat_number}, given at checkout for a standard
-- tax invoice (docs/decisions/0041-standard-invoices-for-businesses.md). Null for a consumer's order. The issued invoice
-- keeps its own copy, so closing an account or the retention schedule may clear this one with the addresses.
ALTER TABLE orders ADD COLUMN business TEXT;
