import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { cartAddBody, checkoutDetails, otpCode, cartAddBodyOf, cartLine, mobile, regionId } from './schemas'

const ok = <T>(result: T | type.errors): T => {
  if (result instanceof type.errors) throw new Error(result.summary)
  return result
}

describe('regionId', () => {
  it('takes a known region as text or number and answers the number', () => {
    expect(regionId('1101')).toBe(1101)
    expect(regionId(1116)).toBe(1116)
  })
  it('refuses unknown regions and anything but 4 digits', () => {
    for (const bad of ['9999', 9999, '110', '11011', 'abcd', '1107', 1.5]) expect(regionId(bad)).toBeInstanceOf(type.errors)
  })
})

describe('cartLine', () => {
  it('accepts a line with options and services', () => {
    const line = ok(cartLine({ sku: 'TV-55-1', qty: 2, regionId: '1102', options: [{ option_id: 'color', option_value: 3 }], feeIds: [1] }))
    expect(line.regionId).toBe(1102)
  })
  it('refuses a bad sku, quantity or region', () => {
    expect(cartLine({ sku: 'x y', qty: 1, regionId: '1101' })).toBeInstanceOf(type.errors)
    expect(cartLine({ sku: 'A', qty: 0, regionId: '1101' })).toBeInstanceOf(type.errors)
    expect(cartLine({ sku: 'A', qty: 100, regionId: '1101' })).toBeInstanceOf(type.errors)
    expect(cartLine({ sku: 'A', qty: 1, regionId: '9999' })).toBeInstanceOf(type.errors)
  })
  it('reshapes into the Direct API body that the Direct API accepts', () => {
    const body = cartAddBodyOf({ sku: 'A-1', qty: 1, regionId: 1101, options: [{ option_id: 'storage', option_value: 2 }] })
    expect(body.extension_attributes.region).toBe(1101)
    expect(ok(cartAddBody(body)).extension_attributes.region).toBe(1101)
    expect(cartAddBodyOf({ sku: 'A-1', qty: 1, regionId: 1101 })).not.toHaveProperty('product_option')
  })
})

describe('mobile', () => {
  it('folds Arabic-Indic digits and the country code into 05XXXXXXXX', () => {
    expect(mobile('٠٥٦١٢٣٤٩٨٧')).toBe('0561234987')
    expect(mobile('+966561234987')).toBe('0561234987')
  })
  it('refuses what is not a Saudi mobile', () => {
    expect(mobile('0261234987')).toBeInstanceOf(type.errors)
    expect(mobile('05612')).toBeInstanceOf(type.errors)
  })
})

describe('checkout details', () => {
  const address = {
    regionId: '1101',
    district: 'النرجس',
    street: 'شارع الأمير',
    building: '١٢٣٤',
    postalCode: '13327',
    additionalNumber: '',
    shortAddress: '',
    note: '',
  }
  const details = {
    contact: { name: 'سارة', email: 'sara@example.com', mobile: '0551234567' },
    shipping_address: address,
    billing_address: null,
    delivery_date: '2026-11-24',
  }
  it('takes the city as a region number and leaves the field rules to src/domain/checkout.ts', () => {
    expect(ok(checkoutDetails(details)).shipping_address?.regionId).toBe(1101)
  })
  it('refuses an unknown city, an overlong field or a date that is not yyyy-mm-dd', () => {
    expect(checkoutDetails({ ...details, shipping_address: { ...address, regionId: '9999' } })).toBeInstanceOf(type.errors)
    expect(checkoutDetails({ ...details, shipping_address: { ...address, note: 'x'.repeat(401) } })).toBeInstanceOf(type.errors)
    expect(checkoutDetails({ ...details, delivery_date: 'tomorrow' })).toBeInstanceOf(type.errors)
  })
})

describe('otpCode', () => {
  it('folds Arabic-Indic digits and spaces, and wants 6 digits', () => {
    expect(otpCode('١٢٣ ٤٥٦')).toBe('123456')
    expect(otpCode('12345')).toBeInstanceOf(type.errors)
  })
})
