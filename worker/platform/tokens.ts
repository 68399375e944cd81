/**
 * Random tokens and their SHA-256 hex: a token is handed out once and only its hash is stored (customer tokens,
 * password resets, staff sessions and invites), and a stand-in provider hashes what it was sent. Below commerce,
 * integrations and the console alike (docs/architecture.md, "Who may import whom").
 */

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...raw))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}
