/**
 * One listing per product (issue 42, item 1): the demo catalogue at the seeded size, and at the 10,000 and 100,000
 * products `npm run bench` seeds, names no product twice in a language, names nothing as another kind than its
 * category sells, and holds more of some kinds than others (worker/seed/catalogue-check.ts). Generation is pure, so
 * this runs in Node: about 10 s for all three sizes on a shared 2-core machine, 6 s of it making the 100,000 and 2.5 s
 * checking them.
 */
import { describe, expect, it } from 'vitest'
import { catalogueProblems } from './catalogue-check'
import { generateCatalogue, type Catalogue } from './demo-catalogue'

describe('the catalogue check', () => {
  const seeded = generateCatalogue()
  const listed = seeded.products.filter((p) => p.parent_id === null)
  const copy = (change: (c: Catalogue) => void): Catalogue => {
    const c = structuredClone(seeded)
    change(c)
    return c
  }

  it('finds a second listing of a name, in either language', () => {
    const [a, b] = listed
    const twice = copy((c) => (c.products.find((p) => p.entity_id === b!.entity_id)!.name_ar = a!.name_ar))
    expect(catalogueProblems(twice)).toEqual([`two listings named "${a!.name_ar}" (ar): ${a!.entity_id} and ${b!.entity_id}`])
  })

  it('finds a name that says another kind than its category sells', () => {
    const projectors = seeded.categories.find((c) => c.url_key === 'projectors')!
    const projector = listed.find((p) => p.main_category_id === projectors.id)!
    const monitor = copy((c) => {
      const p = c.products.find((q) => q.entity_id === projector.entity_id)!
      p.name_en = p.name_en.replace('Projector', 'Monitor')
    })
    expect(catalogueProblems(monitor)).toEqual([
      `"${projector.name_en.replace('Projector', 'Monitor')}" in projectors names monitors`,
      expect.stringContaining('in projectors does not say what it is'),
    ])
  })

  it('finds a description that speaks of the store, or an Arabic colour without its article', () => {
    const [a, b] = listed
    const old = copy((c) => {
      // As the generator wrote them before issue 42.
      c.products.find((p) => p.entity_id === a!.entity_id)!.description_ar =
        'سامسونج جالاكسي S25 باللون أسود. منتج سامسونج الأصلي، يبيعه ويوصله متجر مع ضمان لمدة سنتين.'
      c.products.find((p) => p.entity_id === b!.entity_id)!.description_en = 'Apple iPhone 17 Pro in silver. Sold and delivered by Matjar.'
    })
    expect(catalogueProblems(old)).toEqual([
      expect.stringContaining(`the description of ${a!.entity_id} speaks of the store`),
      `the description of ${a!.entity_id} says "باللون أسود" without the article`,
      expect.stringContaining(`the description of ${b!.entity_id} speaks of the store`),
    ])
  })

  it('finds leaf categories that all hold the same count', () => {
    const leaves = seeded.categories.filter((c) => c.parent_id !== null)
    // The same listings, dealt out to the leaves in turn.
    const dealt = copy((c) => c.products.forEach((p, i) => (p.main_category_id = leaves[i % leaves.length]!.id)))
    const evenly = { ...dealt, products: dealt.products.slice(0, leaves.length * 10).map((p) => ({ ...p, parent_id: null })) }
    expect(catalogueProblems(evenly)).toContain(`every leaf category holds 10 products`)
  })
})

describe.each([
  ['the seeded size', undefined],
  ['10,000 products', 10_000],
  ['100,000 products', 100_000],
])('the demo catalogue at %s', { timeout: 120_000 }, (_, products) => {
  it('lists each product once, named as its category sells it, in categories of different sizes', () => {
    const catalogue = generateCatalogue(products === undefined ? {} : { products })
    expect(catalogueProblems(catalogue)).toEqual([])
  })
})
