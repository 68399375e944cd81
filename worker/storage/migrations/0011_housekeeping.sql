-- Housekeeping (docs/architecture.md, "Housekeeping"): the scheduled job deletes rows past their retention in
-- bounded batches, each found by its time through one of these indexes rather than by a scan of the table.

CREATE INDEX outbox_created ON outbox (created_at);
CREATE INDEX personalisation_events_created ON personalisation_events (created_at);
CREATE INDEX search_events_created ON search_events (created_at);
CREATE INDEX otp_codes_expires ON otp_codes (expires_at);
CREATE INDEX phone_verifications_expires ON phone_verifications (expires_at);
CREATE INDEX password_resets_expires ON password_resets (expires_at);
CREATE INDEX customer_tokens_expires ON customer_tokens (expires_at);
