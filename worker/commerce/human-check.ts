/**
 * The bot check in front of everything that costs the store money or tells an attacker something: every code sent by
 * SMS (sign-in, registration, checkout), sign-in by password and a password reset (docs/product.md, "Limits").
 */
import { botVerifier } from '../integrations/bot-check'
import { CommerceError } from './errors'

/** Refuses the request unless the bot check's token passes; nothing else has run yet. */
export async function requireBotCheck(env: Env, token: string | undefined, ip: string): Promise<void> {
  if (!(await botVerifier(env).verify(token ?? '', ip))) throw new CommerceError(400, 'bot_check_failed')
}

/** The bot-check header is "Bearer <token>" (docs/product.md, "Calls"); forms may also send recaptchaToken. */
export function botTokenFromHeader(value: string | undefined): string | undefined {
  return value?.startsWith('Bearer ') ? value.slice(7).trim() : undefined
}
