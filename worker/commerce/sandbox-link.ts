/**
 * An order's payment links are its buyer's alone (issue 31, L5; issue 29): the way back from a provider's page carries
 * an HMAC of the order number, given only to the buyer, as a real gateway signs its return
 * (worker/commerce/hosted-payments.ts), so nobody else can end a buyer's payment. The embedded Tamara's page asks for
 * the same signature (worker/integrations/tamara-sandbox.ts): knowing a pending order's number is not enough to pay or
 * decline it.
 */
import { readSecret } from './secrets'

async function key(env: Env): Promise<CryptoKey> {
  const secret = await readSecret(env, 'SESSION_SECRET')
  return crypto.subtle.importKey('raw', new TextEncoder().encode(`sandbox-payment:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null
  return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))
}

/** The order's signature: given only to its buyer, in the links that pay it and that return from paying it. */
export async function orderSignature(env: Env, increment: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign('HMAC', await key(env), new TextEncoder().encode(increment)))
}

/** Whether `signature` is the order's (compared in constant time by WebCrypto). */
export async function isOrderSignature(env: Env, increment: string, signature: string | undefined): Promise<boolean> {
  const bytes = signature ? fromBase64Url(signature) : null
  return bytes !== null && crypto.subtle.verify('HMAC', await key(env), bytes, new TextEncoder().encode(increment))
}
