import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { regionIds } from '../../app.config'
import { importStatements } from '../storage/catalogue-sql'
import { storeKeysOf, storeSnapshotOf, type StoreSnapshot } from '../storage/catalogue-snapshot'
import { parseCsv, readCatalogueCsv, readCatalogueJson, riyadhInstant, type ImportProblem } from './catalogue-file'

const example = (name: string) => readFileSync(new URL(`../../docs/examples/${name}`, import.meta.url), 'utf8')

/** A store holding the demo's smartphones category and one product. */
const snapshot: StoreSnapshot = storeSnapshotOf([
  [{ sku: 'SAM-1001', entity_id: 1001, rewrite_url: 'samsung-galaxy-1001' }],
  [
    { id: 3, url_key: 'mobiles' },
    { id: 4, url_key: 'smartphones' },
  ],
  [{ fee_id: 1, title_en: 'Installation' }],
  [{ last: 7 }],
])
const store = storeKeysOf(snapshot)

const header = 'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock'
const good = 'PH-1,جوال تجريبي,Test Phone,وصف الجوال,A phone,سامسونج,Samsung,smartphones,999,1101=5|1102=0'
const csv = (...rows: string[]) => [header, ...rows].join('\n') + '\n'
const where = (problems: ImportProblem[]) => problems.map((p) => `${p.where}: ${p.message}`)

describe('the example files', () => {
  it('import cleanly, CSV with its categories and JSON alike, into an empty store', () => {
    const empty = storeKeysOf(storeSnapshotOf([[], [], [], [{ last: 0 }]]))
    const fromCsv = readCatalogueCsv(example('catalogue.csv'), empty, example('catalogue-categories.csv'))
    const fromJson = readCatalogueJson(example('catalogue.json'), empty)
    expect(fromCsv.problems).toEqual([])
    expect(fromJson.problems).toEqual([])
    expect(fromCsv.file.products.map((p) => p.sku)).toEqual(['HO-CHAIR-01', 'HO-LAMP-02', 'HO-DESK-03'])
    // The same catalogue written both ways reads the same, but for what CSV cannot say (specifications).
    // A CSV column left empty is written out (no, none, nothing) where JSON leaves the field away; for a new product
    // both mean the same.
    const comparable = ({ specifications: _, ...product }: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(product).filter(([, value]) => value !== false && value !== null && !(Array.isArray(value) && value.length === 0)),
      )
    expect(fromCsv.file.products.map(comparable)).toEqual(fromJson.file.products.map(comparable))
    expect(fromCsv.file.categories).toEqual(fromJson.file.categories.map((c) => ({ ...c, position: c.position ?? 0, include_in_menu: true })))
  })
})

describe('reading CSV', () => {
  it('keeps quoted commas, doubled quotes and newlines inside a field, and the line each record starts on', () => {
    const { records, problems } = parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\nz,w\n')
    expect(problems).toEqual([])
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\nthere'] },
      { line: 5, fields: ['z', 'w'] },
    ])
  })

  it('names malformed quoting by its line', () => {
    expect(where(parseCsv('a,b\n"x"y,z\n').problems)).toEqual([
      'line 2: text after a closing quote: a quote inside a quoted field is written twice ("")',
    ])
    expect(where(parseCsv('a,b\nx"y,z\n').problems)).toEqual([
      'line 2: a quote inside an unquoted field: quote the whole field and write the quote twice ("")',
    ])
    expect(where(parseCsv('a,b\n"never closed,z\nmore\n').problems)).toEqual(['line 2: a quoted field is never closed (a missing ")'])
  })

  it('reads a good row', () => {
    const { file, problems } = readCatalogueCsv(csv(good), store)
    expect(problems).toEqual([])
    expect(file.products[0]).toMatchObject({ sku: 'PH-1', price: 999, stock: { 1101: 5, 1102: 0 }, categories: ['smartphones'] })
  })

  it('names a missing column and an unknown one on the header line', () => {
    const { problems } = readCatalogueCsv('name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,stock,colour\n', store)
    expect(where(problems)).toEqual(['line 1: column sku is missing', 'line 1, column 9: unknown column "colour"'])
  })

  it("names a column a new product needs, on the new product's row only", () => {
    const noPrice = 'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,stock\n'
    const { file, problems } = readCatalogueCsv(
      `${noPrice}PH-1,جوال,Phone,وصف,Desc,ب,B,smartphones,1101=1\nSAM-1001,جوال,Phone,وصف,Desc,ب,B,smartphones,1101=3\n`,
      store,
    )
    expect(where(problems)).toEqual(['line 2, column price: is missing: a new product (a SKU the store does not have) needs it'])
    expect(file.products.map((p) => p.sku)).toEqual(['SAM-1001'])
  })

  it('updates a product of the store from the columns a file has, and only those', () => {
    const { file, problems } = readCatalogueCsv('sku,price,special_price,stock\nSAM-1001,1199,,1101=4\n', store)
    expect(problems).toEqual([])
    // An empty special price clears it (and its window); what has no column stays.
    expect(file.products).toEqual([{ sku: 'SAM-1001', price: 1199, special_price: null, stock: { 1101: 4 } }])
    const sql = importStatements(file, snapshot, new Date()).join('\n')
    expect(sql).toContain(
      'UPDATE products SET price = v.column2, special_price = v.column3, discounted_price_from = v.column4, discounted_price_to = v.column5 FROM (VALUES\n(1001, 1199, NULL, NULL, NULL)) AS v WHERE products.entity_id = v.column1;',
    )
    expect(sql).not.toContain('product_categories')
    expect(sql).not.toContain('product_fee_options')
    expect(sql).toContain('(1001, 1101, 4)')
  })

  it('names every bad row by line and column, all at once, and keeps none of the file', () => {
    const rows = [
      good,
      // bad price, negative stock, unknown region
      'PH-2,جوال,Phone 2,وصف,Desc,ب,B,smartphones,12.345,1101=-1|9999=3',
      // duplicate SKU, missing English name, Arabic written in English
      'PH-1,Phone in English,,وصف,Desc,ب,B,smartphones,10,1101=1',
      // a row with a field too few
      'PH-3,جوال,Phone 3,وصف,Desc,ب,B,smartphones,10',
    ]
    const { file, problems } = readCatalogueCsv(csv(...rows), store)
    expect(where(problems)).toEqual([
      'line 5: 9 fields where the header names 10 columns (a comma inside a field needs quotes)',
      'line 3, column price: must be an amount in riyals with at most 2 decimals (was 12.345)',
      'line 3, column stock: must be non-negative (was -1)',
      "line 3, column stock: unknown region 9999 (the store's regions: " + regionIds.join(', ') + ')',
      'line 4, column name_en: must be non-empty',
      'line 4, column sku: SKU "PH-1" is listed twice (first at line 2, column sku)',
      'line 4, column name_ar: must be written in Arabic',
    ])
    expect(file.products.map((p) => p.sku)).toEqual(['PH-1'])
  })

  it('names a price that is not a number with the value written', () => {
    const { problems } = readCatalogueCsv(csv('PH-1,جوال,Phone,وصف,Desc,ب,B,smartphones,abc,1101=1'), store)
    expect(where(problems)).toEqual(['line 2, column price: must be a number (was "abc")'])
  })

  it('checks the discount window in Riyadh time', () => {
    const withWindow =
      'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock,special_price,special_from,special_to'
    const row = (special: string, from: string, to: string) => `PH-1,جوال,Phone,وصف,Desc,ب,B,smartphones,100,1101=1,${special},${from},${to}`
    const read = (...rows: string[]) => where(readCatalogueCsv([withWindow, ...rows].join('\n'), store).problems)
    expect(read(row('80', '2026-12-01', '2026-12-31 18:00'))).toEqual([])
    expect(read(row('80', '2026-12-31', '2026-12-01'))).toEqual([
      'line 2, column special_to: the discount ends (2026-12-01) before it starts (2026-12-31)',
    ])
    expect(read(row('80', '2026-02-30', ''))).toEqual(['line 2, column special_from: "2026-02-30" is not a day of the calendar'])
    expect(read(row('80', '01/12/2026', ''))).toEqual([
      'line 2, column special_from: must be a date in Riyadh time: YYYY-MM-DD or YYYY-MM-DD HH:MM (was "01/12/2026")',
    ])
    expect(read(row('120', '', ''))).toEqual(['line 2, column special_price: must be more than 0 and less than the price (100)'])
    expect(read(row('', '2026-12-01', ''))).toEqual(['line 2, column special_from: a discount window needs a special_price'])
    expect(riyadhInstant('2026-12-01', 'start')).toBe('2026-12-01T00:00:00+03:00')
    expect(riyadhInstant('2026-12-31 18:00', 'end')).toBe('2026-12-31T18:00:00+03:00')
    expect(riyadhInstant('2026-12-31', 'end')).toBe('2026-12-31T23:59:59+03:00')
  })

  it('refuses a picture that is not https or on the store, and an unknown category', () => {
    const withImages = `${header},images`
    const row = (images: string, category = 'smartphones') => `PH-1,جوال,Phone,وصف,Desc,ب,B,${category},100,1101=1,${images}`
    const read = (r: string) => where(readCatalogueCsv(`${withImages}\n${r}`, store).problems)
    expect(read(row('https://cdn.example.sa/p/1.jpg|/media/product/box-10-0.svg'))).toEqual([])
    expect(read(row('http://cdn.example.sa/1.jpg'))).toEqual([
      'line 2, column images: must be an https:// address on a public host or a path under /media/ on this store (was "http://cdn.example.sa/1.jpg")',
    ])
    expect(read(row('//evil.example/x.jpg'))).toHaveLength(1)
    expect(read(row('not a url'))).toHaveLength(1)
    expect(read(row('', 'smartphones|tvs'))).toEqual(['line 2, column categories: no category has the url key "tvs"'])
  })

  it('refuses a picture that is a call of the store or a private address (issue 43, M3)', () => {
    const withImages = `${header},images`
    const read = (picture: string) =>
      where(readCatalogueCsv(`${withImages}\nPH-1,جوال,Phone,وصف,Desc,ب,B,smartphones,100,1101=1,"${picture}"\n`, store).problems)
    // What a hostile file loaded: a product page then asked the store to empty the shopper's cart, as a picture.
    for (const picture of [
      '/api/cart/clearCart',
      '/api/ops/orders',
      '/cdn-cgi/image/width=320,quality=75/http://127.0.0.1:8787/',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/x.jpg',
      'https://cdn.example.sa:8443/x.jpg',
      'https://user:secret@cdn.example.sa/x.jpg',
      '/media/../api/cart/clearCart',
      '/media/%2e%2e/api/cart/clearCart',
    ]) {
      expect(read(picture)).toEqual([
        `line 2, column images: must be an https:// address on a public host or a path under /media/ on this store (was "${picture}")`,
      ])
    }
  })

  it('reads a service and an option, and names their problems by their columns', () => {
    const wide = `${header},service_ar,service_en,service_prices,option_code,option_label_ar,option_label_en,option_values_ar,option_values_en`
    const row = (service: string, options: string) => `PH-1,جوال,Phone,وصف,Desc,ب,B,smartphones,100,1101=1,${service},${options}`
    const read = (r: string) => readCatalogueCsv(`${wide}\n${r}`, store)
    const ok = read(row('تركيب,Installation,1101=50|1112=80', 'storage,السعة,Storage,128 جيجا|256 جيجا,128GB|256GB'))
    expect(ok.problems).toEqual([])
    expect(ok.file.products[0]!.services).toEqual([{ title: { ar: 'تركيب', en: 'Installation' }, prices: { 1101: 50, 1112: 80 } }])
    expect(ok.file.products[0]!.options![0]!.values).toEqual([
      { ar: '128 جيجا', en: '128GB' },
      { ar: '256 جيجا', en: '256GB' },
    ])
    expect(where(read(row('تركيب,,1101=50|7=1|x', 'storage,السعة,Storage,128 جيجا,128GB|256GB')).problems)).toEqual([
      'line 2, column service_prices: "x" is not REGION=AMOUNT (e.g. 1101=5)',
      'line 2, column option_values_ar: 1 values against 2 in option_values_en',
      'line 2, column option_values_ar: must be non-empty',
      'line 2, column service_en: must be non-empty',
      'line 2, column service_prices: unknown region 7',
    ])
  })

  it('takes a product off with remove, and refuses to remove one the store does not have', () => {
    const withRemove = `${header},remove`
    const { file, problems } = readCatalogueCsv(`${withRemove}\nSAM-1001,,,,,,,,,,yes\nNOPE-1,,,,,,,,,,yes\n`, store)
    expect(where(problems)).toEqual(['line 3, column sku: no product with SKU "NOPE-1" to remove'])
    expect(file.removals).toEqual(['SAM-1001', 'NOPE-1'])
  })

  it("names a categories file's problems as its own", () => {
    const categories = 'url_key,parent,name_ar,name_en\ncases,mobiles,أغطية,Cases\nCables!,nowhere,كيابل,\n'
    const { file, problems } = readCatalogueCsv(csv(good.replace('smartphones', 'cases')), store, categories)
    expect(where(problems)).toEqual([
      'categories file, line 3, column url_key: must be lower-case letters, digits and dashes (was "Cables!")',
      'categories file, line 3, column name_en: must be non-empty',
    ])
    expect(file.products.map((p) => p.categories)).toEqual([['cases']])
    expect(where(readCatalogueCsv(csv(good), store, 'url_key,name_ar\n').problems)).toEqual(['categories file, line 1: column name_en is missing'])
  })

  it('refuses a url key another product of the store has', () => {
    const withKey = `${header},url_key`
    const { problems } = readCatalogueCsv(`${withKey}\n${good},samsung-galaxy-1001\n`, store)
    expect(where(problems)).toEqual(['line 2, column url_key: url key "samsung-galaxy-1001" belongs to the store\'s product SAM-1001'])
  })
})

describe('reading JSON', () => {
  const product = JSON.parse(
    JSON.stringify({
      sku: 'PH-1',
      name: { ar: 'جوال', en: 'Phone' },
      description: { ar: 'وصف', en: 'Desc' },
      brand: { ar: 'ب', en: 'B' },
      categories: ['smartphones'],
      price: 100,
      stock: { 1101: 1 },
    }),
  ) as Record<string, unknown>

  it('names problems by item index and field path', () => {
    const bad = [product, { ...product, sku: 'PH-2', name: { en: 'Phone' }, price: -5, stock: { 1101: 1.5 }, images: ['ftp://x'] }]
    expect(where(readCatalogueJson(JSON.stringify({ products: bad }), store).problems)).toEqual([
      'products[1].name.ar: is missing: a new product (a SKU the store does not have) needs it',
      'products[1].price: must be non-negative (was -5)',
      'products[1].stock.1101: must be an integer (was 1.5)',
      'products[1].images[0]: must be an https:// address on a public host or a path under /media/ on this store (was "ftp://x")',
    ])
  })

  it('says when the file is not JSON or not a catalogue', () => {
    expect(where(readCatalogueJson('{"products": [', store).problems)[0]).toMatch(/^the file: not JSON/)
    expect(where(readCatalogueJson('{"items": []}', store).problems)).toEqual([
      'the file: expected {"products": [...]} (and optionally "categories": [...]) or an array of products',
    ])
  })

  it('refuses categories whose parents go round in a loop', () => {
    const categories = [
      { url_key: 'a', parent: 'b', name: { ar: 'أ', en: 'A' } },
      { url_key: 'b', parent: 'a', name: { ar: 'ب', en: 'B' } },
      { url_key: 'c', parent: 'c', name: { ar: 'ج', en: 'C' } },
    ]
    expect(where(readCatalogueJson(JSON.stringify({ categories, products: [] }), store).problems)).toEqual([
      'categories[0].parent: the category is its own ancestor (a > b > a)',
      'categories[1].parent: the category is its own ancestor (b > a > b)',
      'categories[2].parent: the category is its own ancestor (c > c)',
    ])
  })

  it('checks categories: a parent that exists, one entry per url key', () => {
    const categories = [
      { url_key: 'cases', parent: 'mobiles', name: { ar: 'أغطية', en: 'Cases' } },
      { url_key: 'cables', parent: 'nowhere', name: { ar: 'كيابل', en: 'Cables' } },
      { url_key: 'cases', name: { ar: 'أغطية', en: 'Cases' } },
    ]
    expect(where(readCatalogueJson(JSON.stringify({ categories, products: [] }), store).problems)).toEqual([
      'categories[2].url_key: category "cases" is listed twice',
      'categories[1].parent: no category has the url key "nowhere"',
    ])
  })
})

describe('characters no catalogue text may hold (issue 43, L4 and L5)', () => {
  it('refuses NUL, controls, direction controls, zero-width characters and line separators, by line, column and character', () => {
    const rows = [
      // A NUL: the dry run passed it, then the load failed with wrangler's raw error.
      good.replace('Test Phone', 'Test\u0000Phone'),
      // A name that shows as "Charger exe.png".
      good.replace('PH-1', 'PH-2').replace('Test Phone', 'Charger \u202Egnp.exe'),
      // Invisible characters: a zero-width space, a zero-width non-joiner (docs/catalogue-import.md, "Characters").
      good.replace('PH-1', 'PH-3').replace('Samsung', 'Sam\u200Bsung').replace('جوال تجريبي', 'جوال\u200Cتجريبي'),
      // A line separator in a description, an isolate around a brand, an Arabic letter mark, a C1 control.
      good.replace('PH-1', 'PH-4').replace('A phone', 'A\u2028phone').replace('سامسونج', '\u2067سامسونج\u2069'),
      good.replace('PH-1', 'PH-5').replace('وصف الجوال', 'وصف\u061C الجوال').replace('Test Phone', 'Test\u0085Phone'),
      // A line break in a name: only a description has several lines.
      good.replace('PH-1', 'PH-6').replace('Test Phone', '"Test\nPhone"'),
      // DEL, and a byte-order mark inside the text.
      good.replace('PH-1', 'PH-7').replace('Test Phone', 'Test\u007FPhone').replace('A phone', 'A \uFEFFphone'),
    ]
    const { file, problems } = readCatalogueCsv(csv(...rows), store)
    expect(where(problems)).toEqual([
      'line 2, column name_en: holds a control character (U+0000) at character 5: remove it',
      'line 3, column name_en: holds an invisible direction control (U+202E) at character 9, which reorders the text around it: remove it',
      'line 4, column brand_en: holds an invisible zero-width character (U+200B) at character 4: remove it',
      'line 4, column name_ar: holds an invisible zero-width character (U+200C) at character 5: remove it',
      'line 5, column brand_ar: holds an invisible direction control (U+2067) at character 1, which reorders the text around it: remove it',
      'line 5, column description_en: holds a line separator (U+2028) at character 2: break lines with an ordinary line break',
      'line 6, column description_ar: holds an invisible direction control (U+061C) at character 4, which reorders the text around it: remove it',
      'line 6, column name_en: holds a control character (U+0085) at character 5: remove it',
      'line 7, column name_en: holds a line break (U+000A) at character 5: only a description may have several lines',
      'line 9, column description_en: holds an invisible zero-width character (U+FEFF) at character 3: remove it',
      'line 9, column name_en: holds a control character (U+007F) at character 5: remove it',
    ])
    expect(file.products).toEqual([])
  })

  it('lets a description break lines, and writes no character it refuses into its messages', () => {
    const described = good.replace('A phone', '"A phone.\r\nTwo SIMs,\ta 5,000 mAh battery."')
    const { file, problems } = readCatalogueCsv(csv(described), store)
    expect(problems).toEqual([])
    expect(file.products[0]!.description!.en).toBe('A phone.\r\nTwo SIMs,\ta 5,000 mAh battery.')
    // A value echoed in a message shows the character by its code, never as itself (a terminal would act on it).
    const echoed = where(readCatalogueCsv(csv(good.replace('PH-1', 'PH\u202E-1').replace('smartphones', 'smart\u0000phones')), store).problems)
    for (const line of echoed) expect(line).not.toMatch(/[\p{Cc}\u202A-\u202E]/u)
    expect(echoed.join('\n')).toContain('PH<U+202E>-1')
  })

  it('names the field of a JSON file by its path', () => {
    const item = {
      sku: 'PH-1',
      name: { ar: 'جوال', en: 'Phone\u2029' },
      description: { ar: 'وصف', en: 'Desc\nmore' },
      brand: { ar: 'ب', en: 'B' },
      categories: ['smartphones'],
      price: 100,
      stock: { 1101: 1 },
      specifications: [{ name: { ar: 'اللون', en: 'Colour' }, value: { ar: 'أسود', en: 'Bl\u200Dack' } }],
    }
    const categories = [{ url_key: 'cases', name: { ar: 'أغطية\u200F', en: 'Cases' } }]
    expect(where(readCatalogueJson(JSON.stringify({ categories, products: [item] }), store).problems)).toEqual([
      'categories[0].name.ar: holds an invisible direction control (U+200F) at character 6, which reorders the text around it: remove it',
      'products[0].name.en: holds a paragraph separator (U+2029) at character 6: only a description may have several lines',
      'products[0].specifications[0].value.en: holds an invisible zero-width character (U+200D) at character 3: remove it',
    ])
  })
})

describe('the import SQL', () => {
  const read = (products: unknown[], categories: unknown[] = []) => {
    const { file, problems } = readCatalogueJson(JSON.stringify({ categories, products }), store)
    expect(problems).toEqual([])
    return importStatements(file, snapshot, new Date('2026-11-25T12:00:00Z')).join('\n')
  }
  const base = {
    name: { ar: 'جوال', en: 'Phone' },
    description: { ar: 'وصف', en: 'Desc' },
    brand: { ar: 'ب', en: 'B' },
    categories: ['smartphones'],
    price: 100,
    stock: { 1101: 4 },
  }

  it('keeps an existing product its id and creation date, and gives a new one the next id', () => {
    const sql = read([
      { ...base, sku: 'SAM-1001', url_key: 'samsung-galaxy-1001' },
      { ...base, sku: 'NEW-1', name: { ar: 'جوال جديد', en: 'New Phone' } },
    ])
    expect(sql).toContain(
      "FROM (VALUES\n(1001, 'samsung-galaxy-1001', 'جوال', 'Phone', 'وصف', 'Desc', 'ب', 'B', 100, 4)) AS v WHERE products.entity_id = v.column1;",
    )
    expect(sql).not.toMatch(/UPDATE products SET [^;]*created_at/)
    expect(sql).toMatch(
      /INSERT INTO products \(entity_id, sku, rewrite_url, [^)]*created_at\) VALUES\n\(1002, 'NEW-1', 'new-phone-new-1'.*'2026-11-25T12:00:00.000Z'\);/,
    )
    // Every region gets the file's count, 0 where it names none, so the file is the stock.
    expect(sql).toContain('(1001, 1101, 4)')
    expect(sql).toContain('(1001, 1116, 0)')
    expect(sql).toContain('DELETE FROM product_categories WHERE product_id IN (1001, 1002);')
  })

  it('gives a new category the next id with its parent first, and a service its own id or the one it has', () => {
    const sql = read(
      [{ ...base, sku: 'NEW-1', categories: ['cases'], services: [{ title: { ar: 'تركيب', en: 'Installation' }, prices: { 1101: 50 } }] }],
      [
        { url_key: 'cases', parent: 'accessories', name: { ar: 'أغطية', en: 'Cases' } },
        { url_key: 'accessories', parent: 'mobiles', name: { ar: 'إكسسوارات', en: 'Accessories' } },
      ],
    )
    expect(sql.indexOf("'accessories'")).toBeLessThan(sql.indexOf("'cases'"))
    expect(sql).toContain("(5, 3, 'accessories'")
    expect(sql).toContain("(6, 5, 'cases'")
    expect(sql).toContain("(1, 'Installation', 'تركيب')")
    expect(sql).toContain('(8, 1, 1002, 1101, 50)')
  })

  it("keeps every statement under D1's 100 KB however long the descriptions", () => {
    const long = { ar: 'وصف طويل '.repeat(2000), en: 'A long description '.repeat(1000) }
    const products = Array.from({ length: 20 }, (_, i) => ({ ...base, sku: `LONG-${i}`, description: long }))
    const { file, problems } = readCatalogueJson(JSON.stringify(products), store)
    expect(problems).toEqual([])
    const statements = importStatements(file, snapshot, new Date()).filter((sql) => sql.startsWith('INSERT INTO products'))
    expect(statements.length).toBeGreaterThan(1)
    for (const sql of statements) expect(new TextEncoder().encode(sql).byteLength).toBeLessThan(100_000)
    expect(statements.join('').match(/'LONG-\d+'/g)).toHaveLength(20)
  })

  it('changes many products of the store in few statements, grouped by the columns they set', () => {
    const many = new Map(Array.from({ length: 100 }, (_, i) => [`SKU-${i}`, { entity_id: 2000 + i, rewrite_url: `p-${i}` }]))
    const big: StoreSnapshot = { ...snapshot, products: many }
    const rows = [...many.keys()].map((sku, i) => (i % 2 ? { sku, price: 10 + i } : { sku, price: 10 + i, stock: { 1101: i } }))
    const { file, problems } = readCatalogueJson(JSON.stringify(rows), storeKeysOf(big))
    expect(problems).toEqual([])
    const statements = importStatements(file, big, new Date())
    const updates = statements.filter((sql) => sql.startsWith('UPDATE products') && sql.includes('FROM (VALUES'))
    expect(updates).toHaveLength(5)
    expect(updates.join('\n').match(/\(\d{4}, \d+\)/g)).toHaveLength(100)
    // Each changed product moves on one version, by nobody (docs/decisions/0030-console-edits-share-the-import.md): one statement.
    const stamps = statements.filter((sql) => sql.startsWith('UPDATE products SET version = version + 1'))
    expect(stamps).toHaveLength(1)
    expect(stamps[0]!.split('IN (')[1]!.split(', ')).toHaveLength(100)
  })

  it('deletes a removed product with its rows', () => {
    const { file } = readCatalogueJson(JSON.stringify([{ sku: 'SAM-1001', remove: true }]), store)
    expect(importStatements(file, snapshot, new Date())).toEqual(
      expect.arrayContaining(['DELETE FROM stock WHERE product_id IN (1001);', 'DELETE FROM products WHERE entity_id IN (1001);']),
    )
  })
})

describe('variants (docs/decisions/0020-variants-are-products.md)', () => {
  const variantHeader = `${header},option_code,option_label_ar,option_label_en,option_values_ar,option_values_en,parent_sku,variant`
  const parent = 'PH-9,جوال تجريبي,Test Phone,وصف الجوال,A phone,سامسونج,Samsung,smartphones,999,1101=5,color,اللون,Colour,أسود|فضي,Black|Silver,,'
  const variant = (sku: string, value: string, extra = '') =>
    `${sku},جوال تجريبي ${value},Test Phone ${value},وصف,A phone,سامسونج,Samsung,${extra},1049,1101=2|1102=1,,,,,,PH-9,color=${value}`
  const variantCsv = (...rows: string[]) => [variantHeader, ...rows].join('\n') + '\n'

  it('reads a variant of a parent in the same file, by the value in either language, listed before or after it', () => {
    const { file, problems } = readCatalogueCsv(variantCsv(variant('PH-9-S', 'silver'), parent, variant('PH-9-B', 'أسود')), store)
    expect(problems).toEqual([])
    expect(file.variants).toEqual([
      { sku: 'PH-9-S', parent_sku: 'PH-9', values: { color: 2 } },
      { sku: 'PH-9-B', parent_sku: 'PH-9', values: { color: 1 } },
    ])
    const sql = importStatements(file, snapshot, new Date('2026-11-25T12:00:00Z')).join('\n')
    // Ids in file order: the variant listed first names its parent's id all the same.
    const inserted = sql.split('\n').filter((line) => /^\((1002|1003|1004), 'PH-9/.test(line))
    expect(inserted).toHaveLength(3)
    const [silver, phone, black] = inserted
    expect(silver).toContain(`'{"color":2}'`)
    expect(silver).toMatch(/, 1003, '\{"color":2\}'/)
    // The parent's page opens on its first variant of the file; its main category is the variants'.
    expect(phone).toContain(`'{"color":2}'`)
    expect(black).toMatch(/, 1003, '\{"color":1\}'/)
    // The variants' stock goes in last, so the parent's becomes theirs (migration 0022).
    expect(sql.lastIndexOf('(1002, 1101, 2)')).toBeGreaterThan(sql.indexOf('(1003, 1101, 5)'))
  })

  it('reads a variant of a configurable product of the store, from JSON', () => {
    const withPhone = storeSnapshotOf([
      [
        { sku: 'SAM-1001', entity_id: 1001, rewrite_url: 'samsung-galaxy-1001', main_category_id: 4, configurables: null, parent_id: null },
        {
          sku: 'S25',
          entity_id: 1002,
          rewrite_url: 's25',
          main_category_id: 4,
          configurables: JSON.stringify([
            {
              attribute_code: 'storage',
              label: { ar: 'السعة', en: 'Storage' },
              options: [
                { value_index: 1, label: { ar: '128 جيجابايت', en: '128 GB' } },
                { value_index: 2, label: { ar: '512 جيجابايت', en: '512 GB' } },
              ],
            },
          ]),
          parent_id: null,
        },
        { sku: 'S25-1', entity_id: 1003, rewrite_url: 's25-1', main_category_id: 4, configurables: null, parent_id: 1002 },
      ],
      [{ id: 4, url_key: 'smartphones' }],
      [],
      [{ last: 0 }],
    ])
    const product = {
      sku: 'S25-2',
      name: { ar: 'جالكسي S25 512', en: 'Galaxy S25 512 GB' },
      description: { ar: 'وصف', en: 'A phone' },
      brand: { ar: 'سامسونج', en: 'Samsung' },
      price: 3999,
      stock: { 1101: 3 },
      parent_sku: 'S25',
      variant: { storage: '512 GB' },
    }
    const { file, problems } = readCatalogueJson(JSON.stringify([product]), storeKeysOf(withPhone))
    expect(problems).toEqual([])
    expect(file.variants).toEqual([{ sku: 'S25-2', parent_sku: 'S25', values: { storage: 2 } }])
    const sql = importStatements(file, withPhone, new Date()).join('\n')
    expect(sql).toMatch(/\(1004, 'S25-2', .*, 1002, '\{"storage":2\}'/)
    expect(sql).toContain('main_category_id')
    // A variant of a variant, and a value the parent does not have, are named by their JSON path.
    const bad = readCatalogueJson(
      JSON.stringify([
        { ...product, sku: 'S25-3', parent_sku: 'S25-1' },
        { ...product, sku: 'S25-4', variant: { storage: '1 TB' } },
      ]),
      storeKeysOf(withPhone),
    )
    expect(where(bad.problems)).toEqual([
      'products[0].parent_sku: "S25-1" is a variant itself: name the configurable product it belongs to',
      'products[1].variant.storage: "1 TB" is not a value of option "storage" (128 GB, 512 GB)',
    ])
  })

  it('names every bad variant by line and column', () => {
    const rows = [
      parent,
      // categories given
      variant('PH-9-A', 'Black', 'smartphones'),
      // a value the parent does not have
      variant('PH-9-B', 'Gold'),
      // the same combination as PH-9-A
      variant('PH-9-C', 'black'),
      // a parent that is no configurable product
      'PH-9-D,جوال,Phone D,وصف,Desc,ب,B,,10,1101=1,,,,,,SAM-1001,color=Black',
      // an unknown option, and the parent's option missing
      'PH-9-E,جوال,Phone E,وصف,Desc,ب,B,,10,1101=1,,,,,,PH-9,size=XL',
      // not OPTION=VALUE
      'PH-9-F,جوال,Phone F,وصف,Desc,ب,B,,10,1101=1,,,,,,PH-9,Black',
      // its own parent
      'PH-9-G,جوال,Phone G,وصف,Desc,ب,B,,10,1101=1,,,,,,PH-9-G,color=Black',
    ]
    const { file, problems } = readCatalogueCsv(variantCsv(...rows), store)
    expect(where(problems)).toEqual([
      "line 3, column categories: a variant belongs to no category: it is listed under its parent's",
      'line 8, column variant: "Black" is not OPTION=VALUE (e.g. color=Silver)',
      'line 4, column variant: "Gold" is not a value of option "color" (Black, Silver)',
      'line 5, column variant: PH-9 already has a variant with these values (PH-9-A)',
      'line 6, column parent_sku: no configurable product (one with options) has the SKU "SAM-1001", in the file or the store',
      'line 7, column variant: PH-9 has no option "size" (its options: color)',
      'line 7, column variant: a value of option "color" is missing (Black, Silver)',
      'line 8, column variant: a value of option "color" is missing (Black, Silver)',
      'line 9, column parent_sku: a product cannot be its own variant',
    ])
    expect(file.products.map((p) => p.sku)).not.toContain('PH-9-B')
  })
})
