/**
 * The shopper's address as Cloudflare reports it (the storefront forwards it to the commerce backend,
 * worker/commerce/client.ts): per-address limits and the bot check count by it (docs/product.md, "Limits").
 */
export function clientIp(header: (name: string) => string | undefined): string {
  return header('cf-connecting-ip') ?? header('x-real-ip') ?? 'unknown'
}
