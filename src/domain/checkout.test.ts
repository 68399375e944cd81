import { describe, expect, it } from 'vitest'
import {
  addressErrors,
  checkoutErrors,
  contactErrors,
  normaliseAddress,
  normaliseDetails,
  type AddressFields,
  type CheckoutDetails,
} from './checkout'

const address: AddressFields = {
  regionId: 1101,
  district: 'النرجس',
  street: 'شارع الأمير محمد',
  building: '1234',
  postalCode: '13327',
  additionalNumber: '',
  shortAddress: '',
  note: '',
}
const details: CheckoutDetails = {
  contact: { name: 'سارة القحطاني', email: 'sara@example.com', mobile: '0551234567' },
  shipping_address: address,
  billing_address: null,
  delivery_date: '2026-11-24',
}

describe('contact', () => {
  it('accepts a full name, an email and a Saudi mobile typed any usual way', () => {
    expect(contactErrors(details.contact)).toEqual([])
    expect(contactErrors({ ...details.contact, mobile: '+966 55 123 4567' })).toEqual([])
    expect(contactErrors({ ...details.contact, mobile: '٠٥٥١٢٣٤٥٦٧' })).toEqual([])
  })
  it('names every broken field in form order', () => {
    expect(contactErrors({ name: ' ab ', email: 'sara@', mobile: '0521234567' })).toEqual(['name', 'email', 'mobile'])
    expect(contactErrors({ ...details.contact, name: '1234' })).toEqual(['name'])
    expect(contactErrors({ ...details.contact, name: 'x'.repeat(81) })).toEqual(['name'])
    expect(contactErrors({ ...details.contact, mobile: '055123456' })).toEqual(['mobile'])
  })
})

describe('National Address', () => {
  it('accepts the required fields alone', () => {
    expect(addressErrors(address)).toEqual([])
  })
  it('folds Arabic-Indic digits, drops spaces in numbers and capitalises the short address', () => {
    const typed = { ...address, building: '١٢ ٣٤', postalCode: '۱۳۳۲۷', additionalNumber: '٥٦٧٨', shortAddress: 'rrrd ٢٩٢٩' }
    expect(addressErrors(typed)).toEqual([])
    expect(normaliseAddress(typed)).toMatchObject({ building: '1234', postalCode: '13327', additionalNumber: '5678', shortAddress: 'RRRD2929' })
  })
  it('wants a 4-digit building number, a 5-digit postal code and a district and street', () => {
    expect(addressErrors({ ...address, building: '123' })).toEqual(['building'])
    expect(addressErrors({ ...address, building: '12345' })).toEqual(['building'])
    expect(addressErrors({ ...address, postalCode: '1332' })).toEqual(['postalCode'])
    expect(addressErrors({ ...address, district: ' ', street: 'x' })).toEqual(['district', 'street'])
  })
  it('checks the optional parts only when given', () => {
    expect(addressErrors({ ...address, additionalNumber: '12' })).toEqual(['additionalNumber'])
    expect(addressErrors({ ...address, shortAddress: 'RR2929' })).toEqual(['shortAddress'])
    expect(addressErrors({ ...address, shortAddress: 'RRRD29290' })).toEqual(['shortAddress'])
    expect(addressErrors({ ...address, note: 'x'.repeat(201) })).toEqual(['note'])
  })
  it('wants one of the store cities', () => {
    expect(addressErrors({ ...address, regionId: 9999 })).toEqual(['regionId'])
  })
})

describe('the whole form', () => {
  it('checks the billing address only when it differs, and the date against the offered ones', () => {
    expect(checkoutErrors(details, ['2026-11-24'])).toEqual([])
    expect(checkoutErrors(details, ['2026-11-25'])).toEqual(['delivery_date'])
    expect(checkoutErrors({ ...details, billing_address: { ...address, postalCode: '' } }, ['2026-11-24'])).toEqual(['billing_postalCode'])
  })
  it('wants a pickup to name one of the city showrooms, and nothing else to need one', () => {
    const riyadh = ['riyadh-olaya', 'riyadh-malqa']
    expect(checkoutErrors(details, ['2026-11-24'], riyadh)).toEqual(['pickup_showroom'])
    expect(checkoutErrors({ ...details, pickup_showroom: 'jeddah-tahlia' }, ['2026-11-24'], riyadh)).toEqual(['pickup_showroom'])
    expect(checkoutErrors({ ...details, pickup_showroom: 'riyadh-malqa' }, ['2026-11-24'], riyadh)).toEqual([])
    expect(checkoutErrors({ ...details, pickup_showroom: null }, ['2026-11-24'])).toEqual([])
  })
  it("wants a business's registered name and a VAT number of 15 digits starting and ending with 3", () => {
    const business = { company: 'شركة الأفق للتجارة', vat_number: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣' }
    expect(checkoutErrors({ ...details, business }, ['2026-11-24'])).toEqual([])
    expect(checkoutErrors({ ...details, business: { ...business, vat_number: '310122393500002' } }, ['2026-11-24'])).toEqual(['vat_number'])
    expect(checkoutErrors({ ...details, business: { ...business, vat_number: '31012239350000' } }, ['2026-11-24'])).toEqual(['vat_number'])
    expect(checkoutErrors({ ...details, business: { company: ' x ', vat_number: '' } }, ['2026-11-24'])).toEqual(['company', 'vat_number'])
    expect(normaliseDetails({ ...details, business: { company: ' شركة   الأفق ', vat_number: '310 122 393 500 003' } }).business).toEqual({
      company: 'شركة الأفق',
      vat_number: '310122393500003',
    })
  })
  it("asks a business's pickup for the address its invoice names, and a consumer's pickup for none", () => {
    const pickup = { ...details, shipping_address: null, pickup_showroom: 'riyadh-malqa' }
    const business = { company: 'شركة الأفق للتجارة', vat_number: '310122393500003' }
    expect(checkoutErrors({ ...pickup, business }, ['2026-11-24'], ['riyadh-malqa'])).toEqual(['billing_district'])
    expect(checkoutErrors({ ...pickup, business, billing_address: address }, ['2026-11-24'], ['riyadh-malqa'])).toEqual([])
    // A consumer's pickup ignores a stray billing address, broken or not.
    expect(checkoutErrors({ ...pickup, billing_address: { ...address, building: '' } }, ['2026-11-24'], ['riyadh-malqa'])).toEqual([])
  })
})
