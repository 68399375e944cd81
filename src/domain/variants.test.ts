import { describe, expect, it } from 'vitest'
import { shownVariant, specificationsDiffering, specificationsWith, variantAfterChoice, variantMatching } from './variants'

// A phone in two colours (1 black, 2 silver) and two storages (1 128 GB, 2 512 GB); silver 512 GB is sold out.
const variants = [
  { sku: 'P-1', values: { color: 1, variant: 1 }, in_stock: true },
  { sku: 'P-2', values: { color: 2, variant: 1 }, in_stock: true },
  { sku: 'P-3', values: { color: 1, variant: 2 }, in_stock: true },
  { sku: 'P-4', values: { color: 2, variant: 2 }, in_stock: false },
]

describe('variantMatching', () => {
  it('finds the variant standing for exactly these values', () => {
    expect(variantMatching(variants, { variant: 2, color: 2 })?.sku).toBe('P-4')
    expect(variantMatching(variants, { color: 2 })).toBeUndefined()
    expect(variantMatching(variants, { color: 3, variant: 1 })).toBeUndefined()
  })
})

describe('variantAfterChoice', () => {
  it('keeps the other choices when a variant has them, sold out or not', () => {
    expect(variantAfterChoice(variants, { color: 1, variant: 2 }, 'color', 2)?.sku).toBe('P-4')
    expect(variantAfterChoice(variants, { color: 2, variant: 1 }, 'variant', 2)?.sku).toBe('P-4')
  })

  it('changes another choice only when no variant keeps it, preferring one in stock', () => {
    const partial = [variants[0]!, variants[1]!, variants[2]!]
    // No silver 512 GB at all: silver leads to silver 128 GB.
    expect(variantAfterChoice(partial, { color: 1, variant: 2 }, 'color', 2)?.sku).toBe('P-2')
    const stocked = [
      { sku: 'A', values: { color: 2, variant: 1 }, in_stock: false },
      { sku: 'B', values: { color: 2, variant: 3 }, in_stock: true },
      { sku: 'C', values: { color: 1, variant: 2 }, in_stock: true },
    ]
    expect(variantAfterChoice(stocked, { color: 1, variant: 2 }, 'color', 2)?.sku).toBe('B')
  })

  it('finds nothing for a value no variant has', () => {
    expect(variantAfterChoice(variants, { color: 1, variant: 1 }, 'color', 9)).toBeUndefined()
  })
})

describe('shownVariant', () => {
  it("shows the address's variant, else the opening one, and ignores a SKU of another product", () => {
    expect(shownVariant(variants, 'P-3', 'P-1')?.sku).toBe('P-3')
    expect(shownVariant(variants, undefined, 'P-1')?.sku).toBe('P-1')
    expect(shownVariant(variants, 'OTHER-9', 'P-2')?.sku).toBe('P-2')
    expect(shownVariant([], 'P-3', null)).toBeUndefined()
  })
})

describe('specifications', () => {
  const parent = [
    { name: 'Brand', value: 'Samsung' },
    { name: 'Variant', value: '128GB' },
    { name: 'Colour', value: 'Black' },
  ]
  const child = [
    { name: 'Brand', value: 'Samsung' },
    { name: 'Variant', value: '512GB' },
    { name: 'Colour', value: 'Silver' },
  ]

  it("sends only a variant's differing rows and puts them back in the parent's order", () => {
    const own = specificationsDiffering(parent, child)
    expect(own).toEqual([child[1], child[2]])
    expect(specificationsWith(parent, own)).toEqual(child)
  })
})
