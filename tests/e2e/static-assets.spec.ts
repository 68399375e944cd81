// Static files are served by Cloudflare before the Worker runs: they carry the same security headers
// as every page (build/static-headers.ts writes them into the client build's _headers).
import { expect, test } from './fixtures'

test('a script of the client build is served with nosniff and the rest of the security headers', async ({ request }) => {
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
})
