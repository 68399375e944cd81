import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './security-headers'

describe('content security policy', () => {
  it('allows no script at all without a nonce', () => {
    expect(contentSecurityPolicy()).toContain("script-src 'none'")
  })

  it('allows only the nonce on pages, and no third party by default', () => {
    const csp = contentSecurityPolicy('abc')
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'")
    expect(csp).not.toContain('challenges.cloudflare.com')
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('opens script, frame and connect to Turnstile only when it is configured', () => {
    const csp = contentSecurityPolicy('abc', { turnstile: true })
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' https://challenges.cloudflare.com")
    expect(csp).toContain('frame-src https://challenges.cloudflare.com')
    expect(csp).toContain("connect-src 'self' https://challenges.cloudflare.com")
    // Responses that are not pages never allow it.
    expect(contentSecurityPolicy(undefined, { turnstile: true })).not.toContain('challenges.cloudflare.com')
  })

  it('lets pages connect to Algolia only when hosted search is configured', () => {
    expect(contentSecurityPolicy('abc')).toContain("connect-src 'self';")
    expect(contentSecurityPolicy('abc', { algolia: true })).toContain(
      "connect-src 'self' https://*.algolia.net https://*.algolianet.com https://insights.algolia.io",
    )
    expect(contentSecurityPolicy(undefined, { algolia: true })).not.toContain('algolia')
  })
})
