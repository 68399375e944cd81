import { describe, expect, it } from 'vitest'
import { openGraph } from './seo'
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from './structured-data'

const product = {
  sku: 'APP-1076',
  name: 'MacBook Air',
  brand: 'Apple',
  description: 'A laptop',
  image: ['/media/product/laptop-mac-silver-0.svg'],
  rewrite_url: 'apple-macbook-air-1076',
  in_stock: true,
  back_orders: 0,
  not_for_sale: false,
}

describe('structured data', () => {
  it('describes a product offer in SAR with its availability', () => {
    const ld = productJsonLd(product, 4449, 'en')
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: 'APP-1076',
      brand: { name: 'Apple' },
      image: ['https://matjar.example/media/product/laptop-mac-silver-0.svg'],
      offers: {
        priceCurrency: 'SAR',
        price: '4449.00',
        availability: 'https://schema.org/InStock',
        url: 'https://matjar.example/en/product/apple-macbook-air-1076',
      },
    })
    expect(productJsonLd(product, 1, 'en')).not.toHaveProperty('aggregateRating')
    expect(productJsonLd({ ...product, rating: { average: 4.5, count: 12 } }, 1, 'en').aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    })
    expect(productJsonLd({ ...product, in_stock: false }, 1, 'ar').offers).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
      url: 'https://matjar.example/product/apple-macbook-air-1076',
    })
    expect(productJsonLd({ ...product, back_orders: 101 }, 1, 'ar').offers).toMatchObject({ availability: 'https://schema.org/PreOrder' })
    expect(productJsonLd({ ...product, not_for_sale: true }, 1, 'ar').offers).toMatchObject({ availability: 'https://schema.org/InStoreOnly' })
  })

  it('numbers the breadcrumb trail', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Laptops', path: '/laptops' },
      ],
      'en',
    )
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://matjar.example/en/' },
      { '@type': 'ListItem', position: 2, name: 'Laptops', item: 'https://matjar.example/en/laptops' },
    ])
  })

  it('gives Open Graph tags in the page language', () => {
    expect(openGraph({ title: 'T', description: 'D', image: '/x.svg', type: 'product' }, 'ar')).toContainEqual({
      property: 'og:locale',
      content: 'ar_SA',
    })
  })

  it("gives social networks a PNG: the product drawing's own, or the store's for every other page", () => {
    const image = (picture?: string) =>
      openGraph({ title: 'T', description: 'D', image: picture }, 'en').find((t) => t.property === 'og:image')?.content
    expect(image('/media/product/phone-tri-silver-1.svg')).toBe('https://matjar.example/media/og/phone-tri-silver.png')
    expect(image('/media/product/tv-oled65-black-0-cutout.svg')).toBe('https://matjar.example/media/og/tv-oled65-black.png')
    // The older hue address of an import's drawing has its preview too.
    expect(image('/media/product/sofa-30-0.svg')).toBe('https://matjar.example/media/og/sofa-30.png')
    expect(image()).toBe('https://matjar.example/media/og/store.png')
    expect(image('/media/banner/category-tvs-desktop.svg')).toBe('https://matjar.example/media/og/store.png')
    expect(image('/x.svg')).toBe('https://matjar.example/media/og/store.png')
    // An import's photograph is already a raster picture.
    expect(image('https://cdn.example.sa/p/1.jpg')).toBe('https://cdn.example.sa/p/1.jpg')
    expect(image('/pictures/chair.jpg')).toBe('https://matjar.example/pictures/chair.jpg')
    const tags = openGraph({ title: 'T', description: 'D', image: '/media/product/phone-tri-silver-0.svg' }, 'ar')
    expect(tags).toContainEqual({ property: 'og:image:type', content: 'image/png' })
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(tags).toContainEqual({ property: 'og:image:height', content: '630' })
  })
})

describe('JSON-LD script', () => {
  it('cannot be closed by the data', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
