-- A code keeps the channel it was asked for (docs/decisions/0036-whatsapp-channel.md): the mobile's choice of WhatsApp
-- or SMS is stored only once that code is typed back, so asking for a code to someone else's mobile changes nothing.
ALTER TABLE otp_codes ADD COLUMN channel TEXT CHECK (channel IN ('sms', 'whatsapp'));
