/**
 * How a signed-in customer gets their codes and order updates (docs/product.md, "Accounts";
 * docs/decisions/0036-whatsapp-channel.md): `GET /api/account/message-channel` answers `{data: {channel}}`, SMS unless
 * they chose WhatsApp; `PUT /api/account/message-channel {channel}` chooses, for the account's mobile. Without a
 * standing session both answer 403 and change nothing.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { accountStore } from '../storage/account-store'
import { messageChannelStore } from '../storage/message-channel-store'
import { standingCustomerId } from './account'
import { ApiError } from './errors'
import { validate } from './validate'

const body = type({ channel: "'sms' | 'whatsapp'" })

async function customerMobile(c: Parameters<typeof standingCustomerId>[0]): Promise<string> {
  const id = await standingCustomerId(c)
  const customer = id === null ? null : await accountStore(c.env.DB).customerById(id)
  if (!customer?.mobile) throw new ApiError(403, 'forbidden')
  return customer.mobile
}

export const messageChannelApi = new Hono<{ Bindings: Env }>()
  .get('/account/message-channel', async (c) => {
    const channel = await messageChannelStore(c.env.DB).channelOf(await customerMobile(c))
    c.header('cache-control', 'private, no-store')
    return c.json({ data: { channel } })
  })
  .put('/account/message-channel', validate('json', body), async (c) => {
    const { channel } = c.req.valid('json')
    await messageChannelStore(c.env.DB).choose(await customerMobile(c), channel, new Date())
    return c.json({ data: { channel } })
  })
