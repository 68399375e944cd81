// Properties of the shared rules every boundary leans on (issue 31, item 4), over random input: a validator answers
// valid or refused and never throws, and the readings of text a shopper types are stable when read again.
import { type } from 'arktype'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseListingSearch } from './listing'
import { internationalMobile, localMobile } from './phone'
import * as schemas from './schemas'
import { normaliseSearchText } from './search-text'

const runs = 500
// Text as shoppers send it: any Unicode, Arabic and its digits, and the characters that break naive parsing.
const typed = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...'٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹0123456789+ -()أإآٱاةهىيـًٌٍَُِّْ\u200f\u202e\u200b') }),
)

describe(`the arktype schemas, ${runs} random inputs each`, () => {
  // An arktype Type is a function that carries its own expression; the module's helpers are plain functions.
  const validators = Object.entries(schemas).filter(
    (entry): entry is [string, type.Any] => typeof entry[1] === 'function' && 'expression' in entry[1],
  )
  it.each(validators.map(([name]) => name))('%s answers valid or refused, and never throws', (name) => {
    const validate = validators.find(([n]) => n === name)![1]
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), typed, fc.object()), (input) => {
        const out = validate(input)
        expect(out instanceof type.errors || out !== undefined).toBe(true)
      }),
      { numRuns: runs },
    )
  })
})

describe(`text a shopper types, ${runs} random strings`, () => {
  it('reads the same after being read once (search normalisation is idempotent)', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const once = normaliseSearchText(text)
        expect(normaliseSearchText(once)).toBe(once)
      }),
      { numRuns: runs },
    )
  })

  it('a mobile, once read, reads as itself; its international form has 12 digits from 9665', () => {
    // Some of them a real number typed the usual ways (+966, 00966, 05, Arabic-Indic digits, spaces).
    const digits = fc.array(fc.constantFrom(...'0123456789'), { minLength: 7, maxLength: 7 }).map((d) => d.join(''))
    const typedMobile = fc
      .tuple(fc.constantFrom('05', '+9665', '009665', '9665', '٠٥'), fc.constantFrom('0', '3', '5', '9'), digits, fc.constantFrom('', ' '))
      .map(([prefix, second, rest, gap]) => `${prefix}${second}${gap}${rest}`)
    fc.assert(
      fc.property(fc.oneof(typed, typedMobile), (text) => {
        const local = localMobile(text)
        if (local === null) {
          expect(internationalMobile(text)).toBeNull()
        } else {
          expect(localMobile(local)).toBe(local)
          expect(internationalMobile(text)).toMatch(/^9665\d{8}$/)
        }
      }),
      { numRuns: runs },
    )
  })

  it('any query string gives a listing search of known keys, and reading it again changes nothing', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('page', 'sort', 'brand', 'price_min', 'price_max', 'in_stock', 'city', 'delivery', 'x'),
          fc.oneof(typed, fc.integer(), fc.jsonValue()),
        ),
        (query) => {
          const search = parseListingSearch(query)
          expect(parseListingSearch(search as Record<string, unknown>)).toEqual(search)
        },
      ),
      { numRuns: runs },
    )
  })
})
