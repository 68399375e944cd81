import { describe, expect, it } from 'vitest'
import { sellerAddress, sellerIdentity } from './seller'

describe('sellerIdentity', () => {
  it('names the seller in the page language and keeps only well-formed numbers', () => {
    const settings = {
      SELLER_NAME_AR: 'شركة متجر',
      SELLER_NAME_EN: 'Matjar Co.',
      SELLER_VAT_NUMBER: '310122393500003',
      SELLER_CR_NUMBER: '1010010000',
    }
    expect(sellerIdentity(settings, 'ar')).toEqual({ name: 'شركة متجر', vatNumber: '310122393500003', crNumber: '1010010000' })
    expect(sellerIdentity(settings, 'en').name).toBe('Matjar Co.')
  })

  it('is empty when nothing is set, and never shows a malformed number', () => {
    expect(sellerIdentity({}, 'ar')).toEqual({ name: null, vatNumber: null, crNumber: null })
    expect(sellerIdentity({ SELLER_VAT_NUMBER: '300000000000004', SELLER_CR_NUMBER: '12345' }, 'en')).toEqual({
      name: null,
      vatNumber: null,
      crNumber: null,
    })
  })
})

describe('sellerAddress', () => {
  const settings = {
    SELLER_BUILDING_NUMBER: '2322',
    SELLER_STREET: 'الامير سلطان | Prince Sultan',
    SELLER_DISTRICT: 'المربع | Al-Murabba',
    SELLER_CITY: 'الرياض | Riyadh',
    SELLER_POSTAL_CODE: '23333',
    SELLER_ADDITIONAL_NUMBER: '',
  }

  it('is the National Address when every field ZATCA requires is there', () => {
    expect(sellerAddress(settings)).toEqual({
      building_number: '2322',
      street: 'الامير سلطان | Prince Sultan',
      district: 'المربع | Al-Murabba',
      city: 'الرياض | Riyadh',
      postal_code: '23333',
      additional_number: null,
    })
    expect(sellerAddress({ ...settings, SELLER_ADDITIONAL_NUMBER: ' 8228 ' })?.additional_number).toBe('8228')
  })

  it('is none when a field is missing or malformed (BR-KSA-09, -37, -66)', () => {
    expect(sellerAddress({})).toBeNull()
    expect(sellerAddress({ ...settings, SELLER_DISTRICT: ' ' })).toBeNull()
    expect(sellerAddress({ ...settings, SELLER_BUILDING_NUMBER: '232' })).toBeNull()
    expect(sellerAddress({ ...settings, SELLER_POSTAL_CODE: '2333A' })).toBeNull()
    expect(sellerAddress({ ...settings, SELLER_ADDITIONAL_NUMBER: '12' })).toBeNull()
  })
})
