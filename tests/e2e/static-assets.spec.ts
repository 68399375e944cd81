// Static files are served by Cloudflare before the Worker runs: they carry the same security headers
// as every page (build/static-headers.ts writes them into the client build's _headers).
import { expect, test } from './fixtures'

test('a script of the client build is served with nosniff, the rest of the security headers, and kept a year', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0]
  expect(script).toBeTruthy()
  const response = await request.get(script!)
  expect(response.status()).toBe(200)
  const headers = response.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['strict-transport-security']).toContain('max-age=')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  // Named by its content's hash: a browser keeps it and never asks again.
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
  // A page is not a build file: it is never kept as one.
  expect((await request.get('/')).headers()['cache-control'] ?? '').not.toContain('immutable')
})
