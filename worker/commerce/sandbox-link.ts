/**
 * An order's payment links are its buyer's alone (issue 31, L5; issue 29): the way back from a provider's page carries
 * an HMAC of the order number, given only to the buyer, as a real gateway signs its return
 * (worker/commerce/hosted-payments.ts), so nobody else can end a buyer's payment. The embedded Tamara's page asks for
 * the same signature (worker/integrations/tamara-sandbox.ts): knowing a pending order's number is not enough to pay or
 * decline it.
 */
import { readSecret } from '../platform/secrets'

/**
 * What a signed link grants: paying (and returning from paying) an order, or reading its invoice from the link in the
 * buyer's email (docs/decisions/0016-zatca-invoices.md), or reviewing its products from the message sent at delivery
 * (worker/commerce/review-requests.ts), or leaving a back-in-stock alert in one tap (docs/decisions/0035-stock-alerts.md).
 * Each purpose has its own key, so one link never opens another.
 */
export type LinkPurpose = 'sandbox-payment' | 'invoice' | 'review' | 'stock-alert'

async function key(env: Env, purpose: LinkPurpose): Promise<CryptoKey> {
  const secret = await readSecret(env, 'SESSION_SECRET')
  return crypto.subtle.importKey('raw', new TextEncoder().encode(`${purpose}:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
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
export async function orderSignature(env: Env, increment: string, purpose: LinkPurpose = 'sandbox-payment'): Promise<string> {
  return toBase64Url(await crypto.subtle.sign('HMAC', await key(env, purpose), new TextEncoder().encode(increment)))
}

/** Whether `signature` is the order's (compared in constant time by WebCrypto). */
export async function isOrderSignature(
  env: Env,
  increment: string,
  signature: string | undefined,
  purpose: LinkPurpose = 'sandbox-payment',
): Promise<boolean> {
  const bytes = signature ? fromBase64Url(signature) : null
  return bytes !== null && crypto.subtle.verify('HMAC', await key(env, purpose), bytes, new TextEncoder().encode(increment))
}
