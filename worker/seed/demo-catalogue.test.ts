/**
 * The demo catalogue reads as a real shop's (docs/product.md, "Demo catalogue and pictures"): prices rise with
 * storage and size within a line, every flagship costs more than every other line of its kind at the same option,
 * accessories are cheap, and what a product's name says its specifications and picture say too.
 * `MATJAR_CATALOGUE_SIZE=100000` checks the large catalogue the same way (a few seconds).
 */
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from './demo-catalogue'
import { finishOf, type ProductLine, type SubCategoryTemplate, taxonomy, type Text } from './taxonomy'
import { finishNames } from '../media/illustrations'
import { drawingStyles, isDrawingStyle } from '../media/drawing-styles'
import type { Catalogue } from './demo-catalogue'
import type { ProductRow } from '../../src/domain/catalogue'

interface Spec {
  name: Text
  value: Text
}

const specsOf = (p: ProductRow) => JSON.parse(p.specifications) as Spec[]
const specValue = (p: ProductRow, name: string) => specsOf(p).find((s) => s.name.en === name)?.value.en
const shownPrice = (p: ProductRow) => Math.min(p.price, p.special_price ?? p.price)

/** A quantity an option names, in one unit per kind of measure (GB, inches, litres...), or null when it names none. */
function magnitude(option: string): number | null {
  const match = /^([\d,.]+)\s*(GB|TB|-inch|mm|kg|L|cu ft|BTU|W|-piece)?/.exec(option)
  if (!match?.[2]) return null
  const value = Number(match[1]!.replace(/,/g, ''))
  return match[2] === 'TB' ? value * 1024 : value
}

interface Placed {
  product: ProductRow
  template: SubCategoryTemplate
  line: ProductLine
  option: string
}

/** Every product with the template and line it was made from, found by its brand and model. */
function place(catalogue: Catalogue): Placed[] {
  const templateOf = new Map(
    catalogue.categories.flatMap((c) => taxonomy.flatMap((top) => top.children.filter((t) => t.urlKey === c.url_key).map((t) => [c.id, t] as const))),
  )
  return catalogue.products.map((product) => {
    const template = templateOf.get(product.main_category_id)!
    const model = specValue(product, 'Model')
    const line = template.lines.find((l) => l.brand.en === product.brand_en && l.series.en === model)
    if (!line) throw new Error(`${product.name_en}: no line ${product.brand_en} ${model}`)
    const option = specValue(product, template.variantLabel?.en ?? 'Option') ?? ''
    return { product, template, line, option }
  })
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}

/** What sets an earlier edition apart at the end of its English name: "(2025)", "(model SAS25-03)", or both. */
const editionSuffix = / \((?:\d{4}(?:, model [A-Z0-9]+-\d+)?|model [A-Z0-9]+-\d+)\)$/
const editionOf = (p: ProductRow) => editionSuffix.exec(p.name_en)?.[0] ?? ''

/** A line within one edition (the current model, an earlier model year or model number). */
const lineKey = ({ product, line }: Placed) => `${line.brand.en}|${line.series.en}|${editionOf(product)}`

function checkCatalogue(catalogue: Catalogue) {
  const placed = place(catalogue)

  it('raises prices with storage and size within a line, never with colour', () => {
    const byLine = groupBy(placed, lineKey)
    for (const [key, products] of byLine) {
      const variants = products[0]!.line.variants ?? products[0]!.template.variants
      const priceAt = new Map<string, number>()
      for (const { product, option } of products) {
        // One price for one option, whatever the colour.
        expect(priceAt.get(option) ?? product.price, `${key} ${option}`).toBe(product.price)
        priceAt.set(option, product.price)
      }
      const options = variants.map((v) => v.en).filter((o) => priceAt.has(o))
      for (let i = 1; i < options.length; i++) {
        expect(priceAt.get(options[i]!)!, `${key}: ${options[i]} against ${options[i - 1]}`).toBeGreaterThan(priceAt.get(options[i - 1]!)!)
        // Options are declared smallest first, so "bigger" is "later".
        const [a, b] = [magnitude(options[i - 1]!), magnitude(options[i]!)]
        if (a !== null && b !== null) expect(b, `${key}: ${options[i]} after ${options[i - 1]}`).toBeGreaterThan(a)
      }
    }
  })

  it('prices every flagship above every mid-range and entry line of its kind at the same option', () => {
    // Per line and option: the lowest price a flagship is shown at, the highest any other line asks.
    // Within one edition: last year's flagship may well cost less than this year's mid-range.
    const byLineOption = groupBy(placed, (p) => `${p.template.urlKey}|${editionOf(p.product)}|${p.line.brand.en}|${p.line.series.en}|${p.option}`)
    const cheapest = [...byLineOption.values()].map((group) => ({
      ...group[0]!,
      low: Math.min(...group.map((p) => shownPrice(p.product))),
      high: Math.max(...group.map((p) => p.product.price)),
    }))
    const optionsOf = (p: Placed) => (p.line.variants ?? p.template.variants).map((v) => v.en)
    for (const [sub, lines] of groupBy(cheapest, (p) => `${p.template.urlKey}${editionOf(p.product)}`)) {
      for (const f of lines.filter((p) => p.line.tier === 'flagship')) {
        for (const o of lines.filter((p) => p.line.tier !== 'flagship')) {
          // Compared at the option both sell, or each at its cheapest when they share none.
          const comparable = optionsOf(o).includes(f.option) ? o.option === f.option : f.option === optionsOf(f)[0] && o.option === optionsOf(o)[0]
          if (!comparable) continue
          expect(f.low, `${sub}: ${f.line.series.en} ${f.option} at ${f.low} against ${o.line.series.en} ${o.option} at ${o.high}`).toBeGreaterThan(
            o.high,
          )
        }
      }
    }
  })

  it('keeps accessories cheap and every price plausible', () => {
    for (const { product, template } of placed) {
      if (template.accessory) expect(product.price, product.name_en).toBeLessThan(1000)
      expect(product.price % 10, product.name_en).toBe(9)
      if (product.special_price !== null) {
        expect(product.special_price).toBeLessThan(product.price)
        expect(product.special_price).toBeGreaterThanOrEqual(product.price * 0.7)
      }
    }
  })

  it('gives every product of a line the same specifications but for its option and colour', () => {
    const byLine = groupBy(placed, lineKey)
    for (const [key, products] of byLine) {
      const label = products[0]!.template.variantLabel?.en ?? 'Option'
      const own = (p: Placed) => JSON.stringify(specsOf(p.product).filter((s) => s.name.en !== 'Colour' && s.name.en !== label))
      for (const p of products) expect(own(p), key).toBe(own(products[0]!))
    }
  })

  it('says in its specifications and picture what its name says', () => {
    for (const { product, template, line, option } of placed) {
      const colour = specValue(product, 'Colour')!
      expect(product.name_en.replace(editionSuffix, '').endsWith(`, ${colour}`), product.name_en).toBe(true)
      // An earlier edition says which in its specifications too.
      const [, year, modelNumber] = /\((\d{4})?(?:, )?(?:model ([A-Z0-9]+-\d+))?\)$/.exec(editionOf(product)) ?? []
      if (year) expect(specValue(product, 'Model year'), product.name_en).toBe(year)
      if (modelNumber) expect(specValue(product, 'Model number'), product.name_en).toBe(modelNumber)
      expect(product.name_en.startsWith(`${line.brand.en} ${line.series.en}`), product.name_en).toBe(true)
      if (option) expect(product.name_en, product.name_en).toContain(` ${option}`)
      // The picture is the line's drawing in the product's own colour.
      const pictures = JSON.parse(product.images!) as string[]
      expect(pictures).toHaveLength(product.image_count)
      const [, kind, style, finish] = /^\/media\/product\/([a-z]+)-([a-z0-9]+)-([a-z]+)-0\.svg$/.exec(pictures[0]!) ?? []
      expect(kind).toBe(template.kind)
      expect(isDrawingStyle(template.kind, style!), `${product.name_en}: ${style}`).toBe(true)
      expect(finish).toBe(finishOf({ en: colour, ar: '' }))
      expect(finishNames).toContain(finish)
      if (template.kind === 'tv') {
        // A TV is drawn at its size, and is 4K or 8K as its model is.
        expect(style).toMatch(new RegExp(`${Number.parseInt(option, 10)}$`))
        expect(specValue(product, 'Resolution')).toBe(product.name_en.includes('8K') ? '8K' : '4K UHD')
      }
      if (/OLED/.test(line.series.en) && template.kind === 'tv') expect(specValue(product, 'Resolution')).toMatch(/^(4K UHD|8K)$/)
      // An iPhone's screen and camera are Apple's, a Galaxy's Samsung's: no line borrows another's.
      if (line.brand.en === 'Apple' && template.kind === 'phone') expect(specValue(product, 'Screen')).not.toMatch(/AMOLED/)
    }
  })

  it('draws every phone line with its own camera layout', () => {
    const phones = placed.filter((p) => p.template.kind === 'phone')
    const styles = new Map(phones.map((p) => [p.line.series.en, p.line.drawing]))
    expect(new Set(styles.values()).size).toBe(styles.size)
    expect(drawingStyles.phone).toEqual(expect.arrayContaining([...styles.values()]))
  })
}

describe('the demo catalogue', () => {
  const catalogue = generateCatalogue()
  checkCatalogue(catalogue)

  it("holds current models only, and last years' only of what is sold by model year", () => {
    // A Galaxy S25 has no 2024 model and the seeded store invents no model numbers (docs/product.md).
    for (const { product, template } of place(catalogue)) {
      const edition = editionOf(product)
      if (!template.modelYears) expect(edition, product.name_en).toBe('')
      else expect(edition, product.name_en).toMatch(/^( \(202[45]\))?$/)
    }
  })
})

// Up to a minute a check at 100,000 products on a busy machine; seconds at the default size.
describe('a larger demo catalogue', { timeout: 120_000 }, () => {
  checkCatalogue(generateCatalogue({ products: Number(process.env.MATJAR_CATALOGUE_SIZE ?? 6000) }))
})
