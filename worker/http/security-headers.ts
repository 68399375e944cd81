/**
 * Security headers for every response of the Worker. Pages get a nonce-based CSP from src/start.ts;
 * everything else (JSON, images) gets the strict default, which allows no script at all.
 */

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

const turnstileOrigin = 'https://challenges.cloudflare.com'
/** Algolia's hosts for search and insights, when the hosted search is configured. */
const algoliaOrigins = 'https://*.algolia.net https://*.algolianet.com https://insights.algolia.io'

/** With Turnstile configured, pages may load its script and frame (a trusted script adds it under strict-dynamic). */
export function contentSecurityPolicy(nonce?: string, options: { turnstile?: boolean; algolia?: boolean; remotePictures?: boolean } = {}): string {
  const script = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'none'"
  const turnstile = Boolean(nonce && options.turnstile)
  return [
    "default-src 'self'",
    `script-src ${script}${turnstile ? ` ${turnstileOrigin}` : ''}`,
    ...(turnstile ? [`frame-src ${turnstileOrigin}`] : []),
    // React sets style attributes for layout (e.g. skeleton widths); no remote styles.
    "style-src 'self' 'unsafe-inline'",
    // Pictures by URL come from their own https origins unless the zone resizes them at /cdn-cgi/image on this origin
    // (docs/decisions/0018-catalogue-import.md, "Pictures").
    `img-src 'self' data: blob:${options.remotePictures ? ' https:' : ''}`,
    "font-src 'self' data:",
    // The service worker (/sw.js) and the manifests: 'strict-dynamic' drops 'self' from script-src, which worker-src
    // would fall back to (docs/decisions/0037-app-on-the-home-screen.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    `connect-src 'self'${turnstile ? ` ${turnstileOrigin}` : ''}${nonce && options.algolia ? ` ${algoliaOrigins}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** Every response's headers; also written into the static assets' _headers file by the build (build/static-headers.ts). */
export const staticHeaders: Record<string, string> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
}

/** Adds the headers every response carries; keeps a CSP already set by the page renderer. */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(staticHeaders)) headers.set(name, value)
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', contentSecurityPolicy())
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
