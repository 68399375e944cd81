/**
 * Password hashes: PBKDF2-SHA256 with 100,000 iterations (the Workers ceiling), a per-hash salt and a
 * secret pepper. The scheme and count are stored with each hash ("pbkdf2-sha256$100000$salt$hash") so
 * the count can be raised later and old hashes upgraded at the next login.
 */
import { serverLimits } from '../../config/server-limits'

const scheme = 'pbkdf2-sha256'
const encoder = new TextEncoder()

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(`${password}${pepper}`), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256)
  return new Uint8Array(bits)
}

export async function hashPassword(password: string, pepper: string, iterations: number = serverLimits.pbkdf2Iterations): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  return `${scheme}$${iterations}$${toBase64(salt)}$${toBase64(await derive(password, pepper, salt, iterations))}`
}

/** Checks a password in constant time; says when the stored hash should be redone with today's count. */
export async function verifyPassword(stored: string, password: string, pepper: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const [name, count, salt, hash] = stored.split('$')
  const iterations = Number(count)
  if (name !== scheme || !salt || !hash || !Number.isInteger(iterations) || iterations < 1) return { ok: false, needsRehash: false }
  const expected = fromBase64(hash)
  const actual = await derive(password, pepper, fromBase64(salt), iterations)
  let difference = expected.length ^ actual.length
  for (let i = 0; i < Math.min(expected.length, actual.length); i++) difference |= expected[i]! ^ actual[i]!
  const ok = difference === 0
  return { ok, needsRehash: ok && iterations !== serverLimits.pbkdf2Iterations }
}
