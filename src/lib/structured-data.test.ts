import { describe, expect, it } from 'vitest'
import { openGraph } from './seo'
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from './structured-data'

const product = {
  sku: 'APP-1076',
  name: 'MacBook Air',
  brand: 'Apple',
  description: 'A laptop',
  image: ['/media/product/laptop-1-0.svg'],
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
      image: ['https://matjar.example/media/product/laptop-1-0.svg'],
      offers: {
        priceCurrency: 'SAR',
        price: '4449.00',
        availability: 'https://schema.org/InStock',
        url: 'https://matjar.example/en/product/apple-macbook-air-1076',
      },
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
    expect(openGraph({ title: 'T', description: 'D', image: '/x.svg' }, 'en')).toContainEqual({
      property: 'og:image',
      content: 'https://matjar.example/x.svg',
    })
  })
})

describe('JSON-LD script', () => {
  it('cannot be closed by the data', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
