// Staff of the merchant console in workerd tests: a member invited and joined through the console's own API, and calls
// made as them (docs/product.md, "The merchant console").
import { env } from 'cloudflare:test'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { apiApp } from '~/api/app'
import type { StaffRole } from '@/domain/staff'
import { newIp } from './commerce-helpers'
import { asOperator, opsToken } from './order-helpers'

export const withToken = { ...env, OPS_TOKEN: opsToken } as unknown as Env

export interface Staff {
  email: string
  joinCode: string
  password: string
  secret: string
  cookie: string
  ip: string
}

/** A call to the console's API as a signed-in staff member (their cookie), or as nobody. */
export async function asStaff(who: Pick<Staff, 'cookie' | 'ip'> | null, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await apiApp.request(
    `/api/ops${path}`,
    {
      method,
      headers: {
        'cf-connecting-ip': who?.ip ?? newIp(),
        ...(who ? { cookie: who.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    withToken,
  )
  return { status: response.status, body: (await response.json()) as any, setCookie: response.headers.get('set-cookie') }
}

/** The authenticator app's code for a secret at a time (a later step than any code used before, unless told). */
export const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at })

export const cookieOf = (setCookie: string | null) => /ops_session=([^;]+)/.exec(setCookie ?? '')![1]!

/** A staff member invited by the terminal's token, who has joined: signed in with the cookie joining gave. */
export async function joined(role: StaffRole, name = 'Reem Alharbi'): Promise<Staff> {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@matjar.test`
  const invited = await asOperator('POST', '/staff/invite', { email, role })
  expect(invited.status).toBe(200)
  const invite = new URL(invited.body.data.link).searchParams.get('invite')!
  const started = await asStaff(null, 'GET', `/join?invite=${invite}`)
  expect(started.body.data).toMatchObject({ email, role })
  const password = 'a long staff passphrase'
  const secret = started.body.data.secret as string
  const joinCode = codeFor(secret)
  const done = await asStaff(null, 'POST', '/join', { invite, enrolment: started.body.data.enrolment, name, password, code: joinCode })
  expect(done.status).toBe(200)
  return { email, joinCode, password, secret, cookie: `ops_session=${cookieOf(done.setCookie)}`, ip: newIp() }
}
