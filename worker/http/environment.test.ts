import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { devRouteAllowed, isDevelopment } from './environment'

describe('the environment', () => {
  it('is production unless development is asked for', () => {
    expect(isDevelopment({})).toBe(false)
    expect(isDevelopment({ APP_ENV: 'production' })).toBe(false)
    expect(isDevelopment({ APP_ENV: 'Development ' })).toBe(false)
    expect(isDevelopment({ APP_ENV: 'development' })).toBe(true)
  })
  it('is deployed as production: wrangler.toml says so, local runs say otherwise in .dev.vars', () => {
    const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8')
    expect(toml.match(/^APP_ENV\s*=\s*"([^"]*)"/m)?.[1]).toBe('production')
  })
  it('opens development-only routes only on this machine', () => {
    const dev = { APP_ENV: 'development' }
    expect(devRouteAllowed(dev, 'http://localhost:8787/commerce/dev/outbox')).toBe(true)
    expect(devRouteAllowed(dev, 'http://127.0.0.1/commerce/dev/outbox')).toBe(true)
    expect(devRouteAllowed(dev, 'https://matjar.example/commerce/dev/outbox')).toBe(false)
    expect(devRouteAllowed({}, 'http://localhost/commerce/dev/outbox')).toBe(false)
  })
})
