// The sealed session cookie: only the Worker can read or write it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sealSession, unsealSession } from '~/storefront/sealed-session'

const session = {
  user: { id: 7, email: 'a@b.co', firstname: 'Amal', lastname: 'Alsaud', store_id: 1, custom_attributes: [], telesales: true },
  mage: 'token-token-token-token-token',
  expires: new Date(Date.now() + 9 * 24 * 3600 * 1000).toISOString(),
}

describe('sealed session', () => {
  it('round-trips, and its content is not readable in the cookie', async () => {
    const sealed = await sealSession(env, session)
    expect(sealed).not.toContain('Amal')
    expect(sealed.split('.')).toHaveLength(5)
    expect(await unsealSession(env, sealed)).toEqual(session)
  })

  it('refuses a tampered, foreign or expired cookie', async () => {
    const sealed = await sealSession(env, session)
    const parts = sealed.split('.')
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA')
    expect(await unsealSession(env, parts.join('.'))).toBeNull()
    expect(await unsealSession(env, 'not.a.session.at.all')).toBeNull()
    expect(await unsealSession(env, undefined)).toBeNull()
    const expired = await sealSession(env, { ...session, expires: new Date(Date.now() - 1000).toISOString() })
    expect(await unsealSession(env, expired)).toBeNull()
  })
})
