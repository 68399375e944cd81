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
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n` })
    },
  }
}
