/**
 * Secrets the backend signs and peppers with. Production must set each one (`wrangler secret put`);
 * outside production a missing secret is generated once and kept in KV, so a fresh clone runs with
 * no secret in the repository and none to configure.
 */
import { isDevelopment } from '../http/environment'

type SecretName =
  | 'HANDSHAKE_SECRET'
  | 'SESSION_SECRET'
  | 'PASSWORD_PEPPER'
  | 'STAFF_SECRET'
  | 'MOYASAR_SECRET_KEY'
  | 'MOYASAR_WEBHOOK_SECRET'
  | 'TABBY_SECRET_KEY'
  | 'TABBY_WEBHOOK_SECRET'
  | 'TAMARA_API_TOKEN'
  | 'TAMARA_NOTIFICATION_TOKEN'
  | 'UNIFONIC_APP_SID'
  | 'TAQNYAT_BEARER_TOKEN'
  | 'RESEND_API_KEY'
  | 'WHATSAPP_ACCESS_TOKEN'
  | 'WHATSAPP_PHONE_NUMBER_ID'
  | 'WHATSAPP_APP_SECRET'
  | 'WHATSAPP_VERIFY_TOKEN'
  | 'ZATCA_PRIVATE_KEY'
  | 'ZATCA_BINARY_TOKEN'
  | 'ZATCA_SECRET'
  | 'NATIONAL_ADDRESS_API_KEY'

class MissingSecretError extends Error {
  constructor(name: SecretName) {
    super(`${name} is not set: run \`wrangler secret put ${name}\``)
  }
}

const cache = new Map<SecretName, Promise<string>>()

export function readSecret(env: { APP_ENV?: string; CACHE: KVNamespace } & Partial<Record<SecretName, string>>, name: SecretName): Promise<string> {
  const configured = env[name]
  if (configured) return Promise.resolve(configured)
  if (!isDevelopment(env)) return Promise.reject(new MissingSecretError(name))
  let pending = cache.get(name)
  if (!pending) {
    pending = (async () => {
      const key = `dev-secret:${name}`
      const stored = await env.CACHE.get(key)
      if (stored) return stored
      const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      await env.CACHE.put(key, fresh)
      // Two isolates racing here both read back the winner.
      return (await env.CACHE.get(key)) ?? fresh
    })()
    cache.set(name, pending)
    pending.catch(() => cache.delete(name))
  }
  return pending
}
