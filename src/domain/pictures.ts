/**
 * How a product's picture by URL reaches the shopper (docs/decisions/0018-catalogue-import.md, "Pictures"):
 * - 'direct': from its own address (local development, where nothing can resize it);
 * - 'cdn-cgi': through the store zone's Cloudflare image transformations, `/cdn-cgi/image/<options>/<source>`, one
 *   width per breakpoint in a srcset, at the spec's CDN settings (quality 75, the best format the browser takes).
 * The store's own drawings (/media/...) are SVG and never resized. Client-safe: no I/O.
 */

export type PictureDelivery = 'direct' | 'cdn-cgi'

/** The breakpoints' widths (docs/product.md: 576, 768, 992, 1200) and a small phone's, in CSS pixels. */
export const pictureWidths = [320, 576, 768, 992, 1200] as const

/** The spec's CDN quality (section 9, "Images": quality 75, auto format). */
const cdnOptions = 'quality=75,format=auto'

export function pictureDeliveryOf(setting: string | undefined): PictureDelivery {
  return setting === 'cdn-cgi' ? 'cdn-cgi' : 'direct'
}

/**
 * Names that reach no public server (RFC 6761, 6762 and 8375, ICANN's .internal, and the names private networks use),
 * as a host or its last labels.
 */
const privateNames = ['localhost', 'local', 'internal', 'test', 'invalid', 'example', 'arpa', 'lan', 'home', 'corp', 'intranet']

/**
 * A path segment of a picture on the store: no `.` or `..` (it starts with no dot) and no percent-encoding, so nothing
 * turns into either, or into a `/`, on the way.
 */
const mediaSegment = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/**
 * Whether an address may be stored and shown as a product's picture (docs/catalogue-import.md, "Pictures"): an
 * `https:` address on a public host, or a path under `/media/` on the store itself. An <img> makes its request with
 * the shopper's cookies, so a picture that names any other path of the store (`/api/cart/clearCart`), the zone's
 * resizer pointed elsewhere (`/cdn-cgi/image/...`) or a machine of a private network (an IP address, localhost, a port)
 * would act for whoever opens the page. Written in printable ASCII only: an international host is written as punycode
 * and other letters percent-encoded, as a browser copies an address. A public name may still resolve to a private
 * address; nothing here fetches it (the zone's image transformations fetch only from the origins allowed for them).
 * The one rule for the import, the product's stored pictures and every picture the pages draw.
 */
export function isPictureAddress(value: string): boolean {
  if (!/^[\x21-\x7E]{1,2000}$/.test(value) || /["'<>\\`]/.test(value)) return false
  if (value.startsWith('/')) {
    const [root, ...rest] = value.slice(1).split('/')
    return root === 'media' && rest.length > 0 && rest.every((segment) => mediaSegment.test(segment))
  }
  if (!/^https:\/\//i.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '' || url.port !== '') return false
  const labels = url.hostname.replace(/\.$/, '').split('.')
  const tld = labels[labels.length - 1]!
  // IP addresses of every spelling come out of the parser as digits and dots, or in brackets (IPv6).
  if (labels.length < 2 || !labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false
  return !labels.some((_, i) => privateNames.includes(labels.slice(i).join('.')))
}

/** The store's generated drawings: vector, already the right size. */
export function isDrawing(src: string): boolean {
  return src.startsWith('/media/')
}

function transformed(src: string, width: number): string {
  // The source is an absolute URL or a path on the zone, appended as it is (Cloudflare reads it unencoded).
  return `/cdn-cgi/image/width=${width},${cdnOptions}/${src.startsWith('/') ? src.slice(1) : src}`
}

/** The src and srcset of a picture for the widths it may be shown at (the largest first paints where srcset is unknown). */
export function pictureSources(src: string, delivery: PictureDelivery, widths: readonly number[] = pictureWidths): { src: string; srcSet?: string } {
  if (delivery === 'direct' || isDrawing(src) || src.startsWith('data:') || widths.length === 0) return { src }
  const sorted = [...widths].sort((a, b) => a - b)
  return {
    src: transformed(src, sorted[sorted.length - 1]!),
    srcSet: sorted.map((width) => `${transformed(src, width)} ${width}w`).join(', '),
  }
}

/** The store's own social preview, for every page that is not a product's (docs/product.md, "Demo catalogue and pictures"). */
export const storeSocialImage = '/media/og/store.png'

/** The social previews' size: what networks crop to, drawn to exactly that. */
export const socialImageSize = { width: 1200, height: 630 } as const

const drawingAddress = /^\/media\/product\/([a-z]+(?:-[a-z0-9]+){1,2})-[0-2](?:-cutout)?\.svg$/

/**
 * A product's social preview (og:image) from its first picture: networks show raster pictures only, so a drawing
 * becomes its PNG (/media/og/...), a picture by address is shown as it is unless it is an SVG, and anything else
 * falls back to the store's own preview.
 */
export function socialImageOf(picture: string | undefined): string {
  if (!picture) return storeSocialImage
  const drawing = drawingAddress.exec(picture)
  if (drawing) return `/media/og/${drawing[1]}.png`
  if (isDrawing(picture) || picture.startsWith('data:') || /\.svg(\?|$)/i.test(picture)) return storeSocialImage
  return picture
}
