/**
 * How each mobile wants its codes and order updates (docs/decisions/0036-whatsapp-channel.md): SMS unless its owner
 * chose WhatsApp, keyed by the mobile in international form (9665XXXXXXXX) as messages are addressed.
 */
export type MessageChannel = 'sms' | 'whatsapp'

export function messageChannelStore(db: D1Database) {
  return {
    async channelOf(phone: string): Promise<MessageChannel> {
      const row = await db.prepare('SELECT channel FROM message_channels WHERE phone = ?').bind(phone).first<{ channel: MessageChannel }>()
      return row?.channel ?? 'sms'
    },

    /** SMS, the default, is kept as no row at all. */
    async choose(phone: string, channel: MessageChannel, now: Date): Promise<void> {
      if (channel === 'sms') await db.prepare('DELETE FROM message_channels WHERE phone = ?').bind(phone).run()
      else
        await db
          .prepare(
            `INSERT INTO message_channels (phone, channel, updated_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (phone) DO UPDATE SET channel = ?2, updated_at = ?3`,
          )
          .bind(phone, channel, now.toISOString())
          .run()
    },
  }
}
