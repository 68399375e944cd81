/**
 * The bot check on forms. With TURNSTILE_SECRET set, tokens are verified by Cloudflare Turnstile;
 * otherwise by the test verifier, which accepts any token except "fail" (so tests can see a refusal)
 * and refuses an empty one. Production without the secret refuses everything.
 */
import { isDevelopment } from '../http/environment'
interface BotVerifier {
  verify(token: string, ip: string | undefined): Promise<boolean>
}

const testVerifier: BotVerifier = {
  async verify(token) {
    return token.length > 0 && token !== 'fail'
  },
}

function turnstileVerifier(secret: string): BotVerifier {
  return {
    async verify(token, ip) {
      if (!token) return false
      const form = new FormData()
      form.set('secret', secret)
      form.set('response', token)
      if (ip) form.set('remoteip', ip)
      const response = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', { method: 'POST', body: form })
      const result = (await response.json().catch(() => ({ success: false }))) as { success?: boolean }
      return result.success === true
    },
  }
}

export function botVerifier(env: Env & { TURNSTILE_SECRET?: string }): BotVerifier {
  if (env.TURNSTILE_SECRET) return turnstileVerifier(env.TURNSTILE_SECRET)
  if (!isDevelopment(env)) return { verify: async () => false }
  return testVerifier
}
