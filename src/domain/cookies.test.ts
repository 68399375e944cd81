import { describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { cookies, customerSessionCookies, serverCookieOptions } from './cookies'

const all = [...Object.values(cookies).filter((c) => typeof c === 'object'), cookies.handshake('ar'), cookies.handshake('en')]

describe('the cookie registry', () => {
  it('names each cookie once', () => {
    const names = all.map((c) => c.name)
    expect(new Set(names).size).toBe(names.length)
  })
  it('keeps every token and id the browser must not read HttpOnly', () => {
    for (const c of [
      cookies.handshake('ar'),
      cookies.quote,
      cookies.mage,
      cookies.session,
      cookies.phoneVerification,
      cookies.lastQuote,
      cookies.d1Bookmark,
    ]) {
      expect(c).toMatchObject({ httpOnly: true, writtenBy: 'server' })
    }
  })
  it('takes lifetimes from app.config.ts', () => {
    expect(cookies.quote.maxAgeSeconds).toBe(appConfig.cookies.handshakeDays * 86_400)
    expect(cookies.consent.maxAgeSeconds).toBe(appConfig.cookies.cookieConsentMaxAgeSeconds)
    expect(cookies.mobileAppBanner.maxAgeSeconds).toBe(36_000)
  })
  it('writes server cookies Secure on the whole site, with a lifetime that can follow a token', () => {
    expect(serverCookieOptions(cookies.quote)).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      maxAge: cookies.quote.maxAgeSeconds,
    })
    expect(serverCookieOptions(cookies.mage, 120)).toMatchObject({ maxAge: 120 })
    expect(serverCookieOptions(cookies.mage)).not.toHaveProperty('maxAge')
  })
  it('drops the session, the customer token and the quote on sign-out', () => {
    expect(customerSessionCookies.map((c) => c.name)).toEqual(['session', 'mage', 'quote'])
  })
})
