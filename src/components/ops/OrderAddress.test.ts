import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AddressFields } from '../../domain/checkout'
import { BuyerPhone, OrderAddress } from './OrderAddress'

const address = {
  building: '2929',
  street: 'King Fahd Road',
  district: 'Al Olaya',
  postalCode: '12211',
  additionalNumber: '7788',
  shortAddress: 'RRRD2929',
} as AddressFields

describe('OrderAddress', () => {
  it('names the additional number and the short address couriers look the door up by, in the slip`s language', () => {
    const en = renderToStaticMarkup(createElement(OrderAddress, { address, locale: 'en' }))
    expect(en).toContain('2929, King Fahd Road, Al Olaya, 12211')
    expect(en).toContain('additional number 7788')
    expect(en).toContain('(RRRD2929)')
    const ar = renderToStaticMarkup(createElement(OrderAddress, { address, locale: 'ar' }))
    expect(ar).toContain('الرقم الإضافي 7788')
  })

  it('leaves out an additional number the buyer did not give', () => {
    const markup = renderToStaticMarkup(createElement(OrderAddress, { address: { ...address, additionalNumber: '' }, locale: 'en' }))
    expect(markup).not.toContain('additional')
  })
})

describe('BuyerPhone', () => {
  it('writes nothing once the retention schedule removed the mobile, never "+null"', () => {
    expect(renderToStaticMarkup(createElement(BuyerPhone, { phone: null, link: true }))).toBe('')
    expect(renderToStaticMarkup(createElement(BuyerPhone, { phone: '966551234567', link: true }))).toContain('href="tel:+966551234567"')
  })
})
