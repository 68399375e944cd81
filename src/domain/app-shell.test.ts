import { describe, expect, it } from 'vitest'
import { isKeptOffline, offerInstallNow, offlinePageOf } from './app-shell'

describe('pages kept offline', () => {
  it('keeps product and category pages in both languages', () => {
    for (const path of ['/product/iphone-16-pro', '/en/product/iphone-16-pro', '/laptops', '/en/mobiles-tablets'])
      expect(isKeptOffline(path), path).toBe(true)
  })
  it('never keeps per-shopper pages, the console, the API or checkout', () => {
    for (const path of [
      '/',
      '/en',
      '/en/',
      '/cart',
      '/en/cart',
      '/checkout',
      '/checkout/success',
      '/user/profile',
      '/en/user/data',
      '/ops',
      '/ops/orders/1',
      '/api/getRegions',
      '/compare',
      '/search',
      '/invoice',
      '/_serverFn/x',
      '/offline.html',
    ])
      expect(isKeptOffline(path), path).toBe(false)
  })
  it('answers with the offline page in the page language', () => {
    expect(offlinePageOf('/laptops')).toBe('/offline.html')
    expect(offlinePageOf('/en/laptops')).toBe('/en/offline.html')
    expect(offlinePageOf('/en')).toBe('/en/offline.html')
    expect(offlinePageOf('/enamel')).toBe('/offline.html')
  })
})

describe('the install offer', () => {
  const now = Date.UTC(2026, 10, 28)
  const calm = { productViews: 2, dismissedAt: null, pathname: '/product/x', now }
  it('comes from the second product viewed, or on an order confirmation', () => {
    expect(offerInstallNow({ ...calm, productViews: 1 })).toBe(false)
    expect(offerInstallNow(calm)).toBe(true)
    expect(offerInstallNow({ ...calm, productViews: 0, pathname: '/' }, true)).toBe(true)
  })
  it('never over the cart or checkout', () => {
    expect(offerInstallNow({ ...calm, pathname: '/cart' })).toBe(false)
    expect(offerInstallNow({ ...calm, pathname: '/en/checkout' }, true)).toBe(false)
  })
  it('stays away 30 days after "not now"', () => {
    expect(offerInstallNow({ ...calm, dismissedAt: now - 29 * 86_400_000 })).toBe(false)
    expect(offerInstallNow({ ...calm, dismissedAt: now - 31 * 86_400_000 })).toBe(true)
  })
})
