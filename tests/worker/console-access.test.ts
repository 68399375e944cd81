// The console behind Cloudflare Access (worker/console/access.ts) and the scripts' named tokens
// (worker/console/ops-tokens.ts): a JWT is verified against the team's keys and mapped to an active staff account; a
// script's change is recorded under its own token's name.
import { env } from 'cloudflare:test'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiApp } from '~/api/app'
import { accessEmail, accessSettings, teamKeys, type AccessSettings } from '~/console/access'
import { scriptTokens } from '~/console/ops-tokens'
import { newIp } from './commerce-helpers'
import { joined } from './staff-helpers'

const settings = accessSettings({ CF_ACCESS_TEAM: 'matjar', CF_ACCESS_AUD: 'aud-console-1' })!
let signingKey: CryptoKey
let certs: string

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  signingKey = pair.privateKey
  certs = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'team-key', alg: 'RS256', use: 'sig' }] })
})

/** A JWT as Access issues it; each part can be made wrong. */
async function accessJwt(email: string, change: { audience?: string; issuer?: string; expiresIn?: string; key?: CryptoKey } = {}) {
  return new SignJWT({ email, type: 'app' })
    .setProtectedHeader({ alg: 'RS256', kid: 'team-key' })
    .setIssuer(change.issuer ?? settings.issuer)
    .setAudience(change.audience ?? settings.audience)
    .setSubject(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(change.expiresIn ?? '10m')
    .sign(change.key ?? signingKey)
}

describe('an Access JWT', () => {
  const verify = (token: string, s: AccessSettings = settings) => accessEmail(token, teamKeys(s, certs), s)

  it('names its email when the team signed it for this application', async () => {
    expect(await verify(await accessJwt('Reem@Matjar.test'))).toBe('reem@matjar.test')
  })

  it('names no one when expired, for another application, from another team, or signed by another key', async () => {
    const other = (await generateKeyPair('RS256')).privateKey
    expect(await verify(await accessJwt('a@matjar.test', { expiresIn: '-1m' }))).toBeNull()
    expect(await verify(await accessJwt('a@matjar.test', { audience: 'another-app' }))).toBeNull()
    expect(await verify(await accessJwt('a@matjar.test', { issuer: 'https://evil.cloudflareaccess.com' }))).toBeNull()
    expect(await verify(await accessJwt('a@matjar.test', { key: other }))).toBeNull()
    expect(await verify('not.a.jwt')).toBeNull()
    // alg "none": an unsigned token claiming the same email.
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify({ email: 'a@matjar.test', aud: settings.audience, iss: settings.issuer }))}.`
    expect(await verify(unsigned)).toBeNull()
  })

  it('is required with its audience: a team alone is a configuration error', () => {
    expect(accessSettings({})).toBeNull()
    expect(() => accessSettings({ CF_ACCESS_TEAM: 'matjar' })).toThrow(/CF_ACCESS_AUD/)
    expect(() => accessSettings({ CF_ACCESS_TEAM: 'https://x', CF_ACCESS_AUD: 'a' })).toThrow()
  })
})

describe('the console behind Access', () => {
  const behindAccess = () => ({ ...env, CF_ACCESS_TEAM: 'matjar', CF_ACCESS_AUD: settings.audience, CF_ACCESS_CERTS: certs }) as unknown as Env
  const me = async (headers: Record<string, string>) => {
    const response = await apiApp.request('/api/ops/me', { headers: { 'cf-connecting-ip': newIp(), ...headers } }, behindAccess())
    return (await response.json()) as { data: { name: string; role: string; kind: string } | null }
  }

  it('takes the staff member the JWT names, and no one else: not a stranger, not a session cookie alone', async () => {
    const member = await joined('support', 'Huda Alqahtani')
    expect((await me({ 'cf-access-jwt-assertion': await accessJwt(member.email) })).data).toMatchObject({
      kind: 'staff',
      name: 'Huda Alqahtani',
      role: 'support',
    })
    expect((await me({ 'cf-access-jwt-assertion': await accessJwt('stranger@matjar.test') })).data).toBeNull()
    expect((await me({ 'cf-access-jwt-assertion': await accessJwt(member.email, { audience: 'another-app' }) })).data).toBeNull()
    // Behind Access the gate is Access: the console's own cookie without its JWT is no one.
    expect((await me({ cookie: member.cookie })).data).toBeNull()
  })
})

describe("the scripts' named tokens", () => {
  const secret = (c: string) => c.repeat(24)

  it('reads name@role=secret entries beside the terminal token, refusing what would be ambiguous', () => {
    expect(scriptTokens({ OPS_TOKEN: secret('t'), OPS_TOKENS: `courier-sync@operations=${secret('c')}, reports=${secret('r')}` })).toEqual([
      { name: 'terminal', role: 'owner', secret: secret('t') },
      { name: 'courier-sync', role: 'operations', secret: secret('c') },
      { name: 'reports', role: 'operations', secret: secret('r') },
    ])
    expect(() => scriptTokens({ OPS_TOKENS: 'short=abc' })).toThrow(/24 characters/)
    expect(() => scriptTokens({ OPS_TOKENS: `x@king=${secret('k')}` })).toThrow(/unknown role/)
    expect(() => scriptTokens({ OPS_TOKENS: `x=${secret('a')},x=${secret('b')}` })).toThrow(/twice/)
  })

  it("acts under the token's own name and role, so the audit trail says which script it was", async () => {
    const tokens = { ...env, OPS_TOKENS: `courier-sync@operations=${secret('c')},reports@support=${secret('r')}` } as unknown as Env
    const as = async (token: string, path: string, body?: unknown) =>
      apiApp.request(
        `/api/ops${path}`,
        {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': newIp(), 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        tokens,
      )
    const courier = (await (await as(secret('c'), '/me')).json()) as { data: { kind: string; name: string; role: string } }
    expect(courier.data).toMatchObject({ kind: 'token', name: 'courier-sync', role: 'operations' })
    // Support's token may not invite staff.
    expect((await as(secret('r'), '/staff/invite', { email: 'x@matjar.test', role: 'support' })).status).toBe(403)
    expect((await as(secret('z'), '/me')).status).toBe(404)
  })
})
