/**
 * Static assets (/assets/*, pictures in the client build) are served by Cloudflare before the Worker
 * runs, so the Worker cannot add its security headers to them. Workers Static Assets read a `_headers`
 * file from the assets directory: this plugin writes one into the client build with the same headers
 * every Worker response carries (worker/http/security-headers.ts), so there is one list.
 */
import type { Plugin } from 'vite'
import { contentSecurityPolicy, staticHeaders } from '../worker/http/security-headers.ts'

export function staticAssetHeaders(): Plugin {
  return {
    name: 'matjar:static-asset-headers',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const headers = { ...staticHeaders, 'content-security-policy': contentSecurityPolicy() }
      const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)
      // The build's files are named by their content's hash, so a browser may keep each for good: without this,
      // Cloudflare serves them to be asked about again (max-age=0, must-revalidate) on every page.
      const forGood = `/assets/*\n  cache-control: public, max-age=31536000, immutable\n`
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n${forGood}` })
    },
  }
}
