import { describe, expect, it } from 'vitest'
import { isPictureAddress, pictureDeliveryOf, pictureSources } from './pictures'

describe('pictureSources', () => {
  it('gives a picture its own address when nothing resizes it', () => {
    expect(pictureSources('https://cdn.example.sa/p/1.jpg', 'direct')).toEqual({ src: 'https://cdn.example.sa/p/1.jpg' })
  })

  it('resizes through /cdn-cgi/image at quality 75 and the best format, one width per breakpoint', () => {
    expect(pictureSources('https://cdn.example.sa/p/1.jpg', 'cdn-cgi', [768, 320])).toEqual({
      src: '/cdn-cgi/image/width=768,quality=75,format=auto/https://cdn.example.sa/p/1.jpg',
      srcSet:
        '/cdn-cgi/image/width=320,quality=75,format=auto/https://cdn.example.sa/p/1.jpg 320w, ' +
        '/cdn-cgi/image/width=768,quality=75,format=auto/https://cdn.example.sa/p/1.jpg 768w',
    })
    // A path on the store is a path on the zone.
    expect(pictureSources('/pictures/chair.jpg', 'cdn-cgi', [400]).src).toBe('/cdn-cgi/image/width=400,quality=75,format=auto/pictures/chair.jpg')
  })

  it('never resizes the generated drawings', () => {
    expect(pictureSources('/media/product/sofa-chair-black-0.svg', 'cdn-cgi')).toEqual({ src: '/media/product/sofa-chair-black-0.svg' })
  })

  it('reads the setting, direct unless it says cdn-cgi', () => {
    expect(pictureDeliveryOf('cdn-cgi')).toBe('cdn-cgi')
    expect(pictureDeliveryOf('')).toBe('direct')
    expect(pictureDeliveryOf(undefined)).toBe('direct')
  })
})

describe('isPictureAddress (docs/catalogue-import.md, "Pictures")', () => {
  it('takes an https address on a public host and a path under /media/', () => {
    for (const picture of [
      'https://cdn.example.sa/p/1.jpg',
      'https://CDN.Example.SA/p/1.jpg?w=800#top',
      'https://cdn.example.sa:443/p/1.jpg',
      'https://xn--mgbh0fb.xn--mgberp4a5d4ar/p/%D8%B5%D9%88%D8%B1%D8%A9.jpg',
      '/media/product/sofa-chair-black-0.svg',
      '/media/banner/hero-1-desktop.svg',
    ])
      expect([picture, isPictureAddress(picture)]).toEqual([picture, true])
  })

  it('refuses any other path of the store, an address it would resize from elsewhere and a private machine', () => {
    for (const picture of [
      // What a hostile catalogue stored (issue 43, M3): the store's own calls, its resizer, the metadata service.
      '/api/cart/clearCart',
      '/api/ops/orders',
      '/cdn-cgi/image/width=320,quality=75/http://127.0.0.1:8787/',
      'https://169.254.169.254/latest/meta-data/',
      // The way out of /media/: dot segments, written plainly or encoded, backslashes, an empty segment.
      '/media/../api/cart/clearCart',
      '/media/./x.svg',
      '/media/%2e%2e/api/cart/clearCart',
      '/media/..%2Fapi/cart/clearCart',
      '/media\\..\\api/cart/clearCart',
      '/media//evil.example/x.svg',
      '/media/',
      '/mediax/a.svg',
      '//evil.example/x.jpg',
      // IP addresses in every spelling the URL parser reads, and names no public server has.
      'https://127.0.0.1/x.jpg',
      'https://2130706433/x.jpg',
      'https://0x7f.1/x.jpg',
      'https://10.0.0.8./x.jpg',
      'https://[::1]/x.jpg',
      'https://[::ffff:a9fe:a9fe]/x.jpg',
      'https://localhost/x.jpg',
      'https://cdn.localhost/x.jpg',
      'https://printer.local/x.jpg',
      'https://metadata.google.internal/x.jpg',
      'https://router.home.arpa/x.jpg',
      'https://intranet/x.jpg',
      'https://shop.example/x.jpg',
      // Credentials, a port, another scheme, characters a browser would drop or act on.
      'https://user:secret@cdn.example.sa/x.jpg',
      'https://cdn.example.sa@169.254.169.254/x.jpg',
      'https://cdn.example.sa:8443/x.jpg',
      'http://cdn.example.sa/x.jpg',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'https://cdn.exa\tmple.sa/x.jpg',
      'https://cdn.example.sa/x.jpg\u0000',
      'https://cdn.example.sa/\u202Egpj.jpg',
      'https://cdn.example.sa/a b.jpg',
      'https://cdn.example.sa/"onerror="x.jpg',
      '',
    ])
      expect([picture, isPictureAddress(picture)]).toEqual([picture, false])
  })
})
