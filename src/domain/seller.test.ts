import { describe, expect, it } from 'vitest'
import { sellerIdentity } from './seller'

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
