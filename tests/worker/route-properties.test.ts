// Random bodies and path parameters at every route of the Direct API and /api (issue 31, item 4): whatever arrives,
// the answer is never a 5xx (docs/architecture.md, "Bars every part clears": bad input). The routes are read from the
// apps themselves, so a new route is in this test the day it is written.
import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apiApp } from '../../worker/api/app'
import { directApi } from '../../worker/commerce/direct-api'
import { newGuestCart, origin } from './commerce-helpers'

/** Bodies per route; the routes times this is the number of requests. */
const runs = 20

type Route = { method: string; path: string }

function routesOf(app: { routes: { method: string; path: string }[] }, prefix: string): Route[] {
  const seen = new Map<string, Route>()
  for (const { method, path } of app.routes) {
    // Middleware is mounted as ALL on a pattern; the handlers are what a request reaches.
    if (method === 'ALL' || path.includes('*')) continue
    const route = { method, path: prefix + path }
    seen.set(`${route.method} ${route.path}`, route)
  }
  return [...seen.values()]
}

const routes = [...routesOf(directApi, '/commerce'), ...routesOf(apiApp, '')]

/** What a hostile or broken client may put where a route expects a parameter. */
const parameter = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^[0-9]{1,12}$/),
  fc.constantFrom('0', '-1', '1e309', 'NaN', '..%2F..', '%00', 'null', 'undefined', '000000001', 'ÿ', '١٢٣'),
)
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', '[]', '{"__proto__":{"admin":true}}', '{"qty":1e309}', 'null', '"\u202E"'),
)

function filled(path: string, values: string[]): string {
  let i = 0
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?\??/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'))
}

describe('every route against random input', () => {
  it(`answers ${runs} random bodies and parameters at each of the ${routes.length} routes without a 5xx`, { timeout: 600_000 }, async () => {
    expect(routes.length).toBeGreaterThan(40)
    const caller = await newGuestCart('en', '1101')
    let requests = 0
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.array(parameter, { minLength: 1, maxLength: 3 }), body, async (values, text) => {
          const url = `${origin}${filled(route.path, values)}`
          const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
          const response = await SELF.fetch(url, {
            method: route.method,
            headers: {
              authorization: `Bearer ${caller.token}`,
              quote: caller.quote!,
              'content-type': 'application/json',
              'sec-fetch-site': 'same-origin',
              origin,
              'cf-connecting-ip': caller.ip!,
            },
            body: hasBody ? text : undefined,
          })
          await response.arrayBuffer()
          requests += 1
          expect(response.status, `${route.method} ${url} ${hasBody ? text.slice(0, 200) : ''}`).toBeLessThan(500)
        }),
        { numRuns: runs },
      )
    }
    expect(requests).toBe(routes.length * runs)
  })
})

/** Pages: random segments under each kind of page, and random query strings. */
const pageRuns = 80
const pagePrefixes = [
  '/',
  '/en/',
  '/product/',
  '/en/product/',
  '/blogs/',
  '/static/',
  '/search?q=',
  '/en/laptops?',
  '/kitchen?page=',
  '/user/',
  '/checkout?',
]

describe('every kind of page against random paths', () => {
  it(`answers ${pageRuns} random page addresses without a 5xx`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pagePrefixes), fc.string({ maxLength: 60 }), parameter, async (prefix, tail, extra) => {
        const path = prefix + encodeURI(tail).replaceAll('#', '%23') + (prefix.endsWith('?') ? `&x=${encodeURIComponent(extra)}` : '')
        const response = await SELF.fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })
        await response.arrayBuffer()
        expect(response.status, path).toBeLessThan(500)
      }),
      { numRuns: pageRuns },
    )
  })
})
