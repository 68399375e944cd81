/**
 * The demo catalogue's shape: top categories, their sub-categories and what kind of products each
 * holds (brands, series, variants, price range, specifications). Names are written in both
 * languages as a shop in Riyadh would write them.
 */
import type { ImageKind } from '../../src/domain/catalogue'
import type { FinishName } from '../media/illustrations'

export interface Text {
  en: string
  ar: string
}

/**
 * Where a line sits in the market: a flagship costs more than every mid-range or entry line of its kind at the same
 * option (docs/product.md, "Demo catalogue and pictures").
 */
export type Tier = 'flagship' | 'mid' | 'entry'

interface Spec {
  name: Text
  value: Text
}

export interface ProductLine {
  brand: Text
  /** The model as its maker names it; in English it may say what the product is (Azur 8000 Steam Iron). */
  series: Text
  tier: Tier
  /**
   * What the product is, when the category's noun does not say it: English after the model ('' when the series says
   * it), Arabic first, before the brand, as Saudi shops write (مكواة بخار فيليبس أزور 8000).
   */
  kind?: Text
  /** Sold as one listing with a variant per option and colour (docs/decisions/0020-variants-are-products.md). */
  configurable?: boolean
  /** The price of its first option, in riyals; the others rise by the template's steps. */
  price: number
  /** How the line is drawn (worker/media/drawing-styles.ts, drawingStyles); a TV's size is added from its option. */
  drawing: string
  /** The options it is sold in, cheapest first, when not the template's. */
  variants?: readonly Text[]
  /** How much each of its options costs over the first, when its options are not the template's first ones. */
  variantSteps?: readonly number[]
  /** The colours it is sold in, when not the template's. */
  colours?: readonly Text[]
  /** What belongs to the line (screen, camera, processor, resolution): the same on every product of the line. */
  specs?: readonly Spec[]
}

interface SpecTemplate {
  name: Text
  values: readonly Text[]
}

export interface SubCategoryTemplate {
  urlKey: string
  name: Text
  kind: ImageKind
  /**
   * How many of the seeded store's listings are of this kind (docs/product.md, "Demo catalogue and pictures"): more
   * phones than projectors. A larger catalogue keeps the proportions.
   */
  share: number
  /**
   * Sold by model year (a TV, a fridge, a sofa collection): the seeded store may hold last year's model beside this
   * year's. A phone's generation is in its name instead, so its share never runs past its options and colours.
   */
  modelYears?: boolean
  /** What every product of the category is, unless its line says (Smart TV, تلفزيون ذكي). */
  noun?: Text
  /** The Arabic word before the option in a name (مقاس 55 بوصة, بسعة 9 كجم), where a bare number would not read. */
  optionWordAr?: string
  /** Product lines: a brand and one of its series, so names never mix brands. */
  lines: readonly ProductLine[]
  /** The options a line is sold in unless it names its own, cheapest first; one empty option for none. */
  variants: readonly Text[]
  /** What the option is (storage, screen size...): its specification row and its picker's label. */
  variantLabel?: Text
  /** How much each option costs over the first: a bigger storage or size never costs less. */
  variantSteps?: readonly number[]
  colours: readonly Text[]
  /** Specifications of the kind a line does not give itself: one value per line (never per product). */
  specs: readonly SpecTemplate[]
  /** Bulky goods: delivered only in the default region. */
  bigItems?: boolean
  /** A service sold with the product (installation, mounting...). */
  fee?: { title: Text; priceSar: number }
  /** Accessories: cheap by nature (docs/product.md, "Demo catalogue and pictures"). */
  accessory?: boolean
}

interface TopCategoryTemplate {
  urlKey: string
  name: Text
  hue: number
  showAnimation?: boolean
  /** Hidden from the mega menu by the product's rule (include_in_menu / show_in_mega_menu / product_count). */
  includeInMenu?: boolean
  showInMegaMenu?: boolean
  children: readonly SubCategoryTemplate[]
}

const t = (en: string, ar: string): Text => ({ en, ar })

const line = (brand: Text, series: Text, tier: Tier, price: number, drawing: string, more: Partial<ProductLine> = {}): ProductLine => ({
  brand,
  series,
  tier,
  price,
  drawing,
  ...more,
})

const spec = (en: string, ar: string, valueEn: string, valueAr: string): Spec => ({ name: t(en, ar), value: t(valueEn, valueAr) })

/**
 * The colours products are sold in, the finish each is drawn in (worker/media/illustrations.ts, finishes) and how
 * Arabic says "in that colour": with the article (باللون الأسود, not باللون أسود); steel is a finish, not a colour.
 */
const colourOf = (en: string, ar: string, finish: FinishName, inAr = `باللون ${definite(ar)}`) => {
  const text = t(en, ar)
  colourFinishes.set(en, finish)
  colourPhrases.set(en, inAr)
  return text
}
const colourFinishes = new Map<string, FinishName>()
const colourPhrases = new Map<string, string>()

/** An Arabic noun and its adjectives made definite: رمادي فلكي, الرمادي الفلكي. */
function definite(words: string): string {
  return words
    .split(' ')
    .map((word) => `ال${word}`)
    .join(' ')
}

/** The finish a colour is drawn in. */
export function finishOf(colour: Text): FinishName {
  return colourFinishes.get(colour.en) ?? 'grey'
}

/** "In this colour" in Arabic, as a description says it: باللون الفضي. */
export function inColourAr(colour: Text): string {
  return colourPhrases.get(colour.en) ?? `باللون ${definite(colour.ar)}`
}

const colours = {
  black: colourOf('Black', 'أسود', 'black'),
  white: colourOf('White', 'أبيض', 'white'),
  silver: colourOf('Silver', 'فضي', 'silver'),
  blue: colourOf('Blue', 'أزرق', 'blue'),
  gold: colourOf('Gold', 'ذهبي', 'gold'),
  grey: colourOf('Space Grey', 'رمادي فلكي', 'grey'),
  green: colourOf('Green', 'أخضر', 'green'),
  beige: colourOf('Beige', 'بيج', 'beige'),
  red: colourOf('Red', 'أحمر', 'red'),
  steel: colourOf('Stainless Steel', 'ستانلس ستيل', 'steel', 'بتشطيب من الستانلس ستيل'),
  // A metal, not an adjective of colour: "in the colour of natural titanium".
  titanium: colourOf('Natural Titanium', 'تيتانيوم طبيعي', 'titanium', 'بلون التيتانيوم الطبيعي'),
  deepBlue: colourOf('Deep Blue', 'أزرق داكن', 'navy'),
  orange: colourOf('Cosmic Orange', 'برتقالي كوني', 'orange'),
  navy: colourOf('Navy', 'كحلي', 'navy'),
  mint: colourOf('Mint', 'نعناعي', 'mint'),
  pink: colourOf('Pink', 'وردي', 'pink'),
  lavender: colourOf('Lavender', 'بنفسجي فاتح', 'purple'),
  purple: colourOf('Purple', 'بنفسجي', 'purple'),
  graphite: colourOf('Graphite', 'رمادي داكن', 'grey'),
  cream: colourOf('Cream', 'كريمي', 'beige'),
}

const brand = {
  apple: t('Apple', 'أبل'),
  samsung: t('Samsung', 'سامسونج'),
  huawei: t('Huawei', 'هواوي'),
  xiaomi: t('Xiaomi', 'شاومي'),
  honor: t('Honor', 'هونر'),
  lenovo: t('Lenovo', 'لينوفو'),
  hp: t('HP', 'إتش بي'),
  dell: t('Dell', 'ديل'),
  asus: t('ASUS', 'أسوس'),
  lg: t('LG', 'إل جي'),
  sony: t('Sony', 'سوني'),
  tcl: t('TCL', 'تي سي إل'),
  hisense: t('Hisense', 'هايسنس'),
  bose: t('Bose', 'بوز'),
  jbl: t('JBL', 'جي بي إل'),
  anker: t('Anker', 'أنكر'),
  microsoft: t('Microsoft', 'مايكروسوفت'),
  nintendo: t('Nintendo', 'نينتندو'),
  canon: t('Canon', 'كانون'),
  nikon: t('Nikon', 'نيكون'),
  dji: t('DJI', 'دي جي آي'),
  gopro: t('GoPro', 'جو برو'),
  bosch: t('Bosch', 'بوش'),
  whirlpool: t('Whirlpool', 'ويرلبول'),
  gree: t('Gree', 'جري'),
  zamil: t('Zamil', 'الزامل'),
  philips: t('Philips', 'فيليبس'),
  tefal: t('Tefal', 'تيفال'),
  braun: t('Braun', 'براون'),
  kenwood: t('Kenwood', 'كينوود'),
  delonghi: t("De'Longhi", 'ديلونجي'),
  nespresso: t('Nespresso', 'نسبريسو'),
  dyson: t('Dyson', 'دايسون'),
  ninja: t('Ninja', 'نينجا'),
  ikea: t('Home Line', 'هوم لاين'),
  pan: t('Pan Home', 'بان هوم'),
  tplink: t('TP-Link', 'تي بي لينك'),
  belkin: t('Belkin', 'بيلكن'),
  epson: t('Epson', 'إبسون'),
  xgimi: t('XGIMI', 'إكس جيمي'),
  marshall: t('Marshall', 'مارشال'),
  midea: t('Midea', 'ميديا'),
  carrier: t('Carrier', 'كاريير'),
  roborock: t('Roborock', 'روبوروك'),
}

/** In-ear headphones: earbuds in English, a سماعة all the same in Arabic. */
const earbuds = t('Earbuds', 'سماعة أذن')

/** No option: the product is sold one way (its name and specifications say nothing of it). */
const single = t('', '')
const gb = (n: number) => t(`${n}GB`, `${n} جيجابايت`)
const tb = (n: number) => t(`${n}TB`, `${n} تيرابايت`)
const inches = (sizes: number[]) => sizes.map((s) => t(`${s}-inch`, `${s} بوصة`))
const storageLabel = t('Storage', 'السعة التخزينية')
const sizeLabel = t('Screen size', 'حجم الشاشة')

const screen = (en: string, ar: string) => spec('Screen', 'الشاشة', en, ar)
const camera = (en: string, ar: string) => spec('Camera', 'الكاميرا', en, ar)
const chip = (en: string, ar: string) => spec('Processor', 'المعالج', en, ar)
const battery = (en: string, ar: string) => spec('Battery', 'البطارية', en, ar)
const resolution = (en: string, ar: string) => spec('Resolution', 'الدقة', en, ar)
const panel = (en: string, ar: string) => spec('Panel', 'نوع اللوحة', en, ar)
const platform = (en: string, ar: string) => spec('Smart platform', 'النظام الذكي', en, ar)
const power = (en: string, ar: string) => spec('Power', 'القدرة', en, ar)
const type = (en: string, ar: string) => spec('Type', 'النوع', en, ar)

export const taxonomy: readonly TopCategoryTemplate[] = [
  {
    urlKey: 'mobiles',
    name: t('Mobiles & Tablets', 'الجوالات والأجهزة اللوحية'),
    hue: 210,
    showAnimation: true,
    children: [
      {
        urlKey: 'smartphones',
        name: t('Smartphones', 'الهواتف الذكية'),
        kind: 'phone',
        // Every option and colour of every line (a phone's drawing is its line's own: no more lines than layouts).
        share: 30,
        noun: t('Smartphone', 'جوال'),
        variantLabel: storageLabel,
        variantSteps: [1, 1.16, 1.38],
        lines: [
          line(brand.samsung, t('Galaxy S25', 'جالاكسي S25'), 'flagship', 3449, 'row', {
            configurable: true,
            colours: [colours.black, colours.silver, colours.blue, colours.mint],
            specs: [
              screen('6.2-inch Dynamic AMOLED 2X, 120 Hz', 'ديناميك أموليد 2X مقاس 6.2 بوصة، 120 هرتز'),
              camera('50 MP triple: wide, ultra wide, 3x telephoto', 'ثلاثية 50 ميجابكسل: واسعة وفائقة الاتساع وتقريب 3x'),
              chip('Snapdragon 8 Elite for Galaxy', 'سنابدراجون 8 إيليت لجالاكسي'),
              battery('4,000 mAh', '4000 مللي أمبير'),
            ],
          }),
          line(brand.apple, t('iPhone 17 Pro', 'آيفون 17 برو'), 'flagship', 5099, 'tri', {
            configurable: true,
            variants: [gb(256), gb(512), tb(1)],
            colours: [colours.silver, colours.orange, colours.deepBlue],
            specs: [
              screen('6.3-inch Super Retina XDR OLED, ProMotion 120 Hz', 'سوبر ريتنا XDR أوليد مقاس 6.3 بوصة، بروموشن 120 هرتز'),
              camera('48 MP triple: Fusion, ultra wide, 4x telephoto', 'ثلاثية 48 ميجابكسل: فيوجن وفائقة الاتساع وتقريب 4x'),
              chip('A19 Pro', 'A19 برو'),
              battery('Up to 31 hours of video', 'حتى 31 ساعة تشغيل فيديو'),
            ],
          }),
          line(brand.huawei, t('Pura 80 Pro', 'بورا 80 برو'), 'flagship', 3999, 'ring', {
            variants: [gb(256), gb(512)],
            colours: [colours.black, colours.white, colours.gold],
            specs: [
              screen('6.8-inch LTPO OLED, 120 Hz', 'أوليد LTPO مقاس 6.8 بوصة، 120 هرتز'),
              camera('50 MP triple with 1-inch main sensor', 'ثلاثية 50 ميجابكسل بمستشعر رئيسي 1 بوصة'),
              chip('Kirin 9020', 'كيرين 9020'),
              battery('5,170 mAh', '5170 مللي أمبير'),
            ],
          }),
          line(brand.xiaomi, t('Redmi Note 15', 'ريدمي نوت 15'), 'entry', 899, 'duo', {
            variants: [gb(128), gb(256)],
            colours: [colours.black, colours.blue, colours.green, colours.purple],
            specs: [
              screen('6.77-inch AMOLED, 120 Hz', 'أموليد مقاس 6.77 بوصة، 120 هرتز'),
              camera('108 MP dual', 'مزدوجة 108 ميجابكسل'),
              chip('MediaTek Dimensity 6400', 'ميدياتك ديمنسيتي 6400'),
              battery('5,520 mAh', '5520 مللي أمبير'),
            ],
          }),
          line(brand.honor, t('Magic 8 Pro', 'ماجيك 8 برو'), 'flagship', 3799, 'square', {
            variants: [gb(256), gb(512)],
            colours: [colours.black, colours.titanium, colours.blue],
            specs: [
              screen('6.71-inch LTPO OLED, 120 Hz', 'أوليد LTPO مقاس 6.71 بوصة، 120 هرتز'),
              camera('50 MP triple with 200 MP periscope telephoto', 'ثلاثية 50 ميجابكسل مع عدسة تقريب بيرسكوب 200 ميجابكسل'),
              chip('Snapdragon 8 Elite Gen 5', 'سنابدراجون 8 إيليت الجيل 5'),
              battery('6,270 mAh', '6270 مللي أمبير'),
            ],
          }),
          line(brand.samsung, t('Galaxy A56', 'جالاكسي A56'), 'mid', 1599, 'island', {
            variants: [gb(128), gb(256)],
            colours: [colours.black, colours.silver, colours.pink, colours.lavender],
            specs: [
              screen('6.7-inch Super AMOLED, 120 Hz', 'سوبر أموليد مقاس 6.7 بوصة، 120 هرتز'),
              camera('50 MP triple: wide, ultra wide, macro', 'ثلاثية 50 ميجابكسل: واسعة وفائقة الاتساع وماكرو'),
              chip('Exynos 1580', 'إكسينوس 1580'),
              battery('5,000 mAh', '5000 مللي أمبير'),
            ],
          }),
        ],
        variants: [gb(128), gb(256), gb(512)],
        colours: [colours.black, colours.silver, colours.blue],
        specs: [{ name: t('Network', 'الشبكة'), values: [t('5G', 'الجيل الخامس')] }],
      },
      {
        urlKey: 'tablets',
        name: t('Tablets', 'الأجهزة اللوحية'),
        kind: 'tablet',
        share: 32,
        variantLabel: storageLabel,
        variantSteps: [1, 1.2, 1.45],
        lines: [
          line(brand.apple, t('iPad Air 11 (M3)', 'آيباد إير 11 (M3)'), 'flagship', 2599, 'portrait', {
            colours: [colours.grey, colours.blue, colours.lavender],
            specs: [screen('11-inch Liquid Retina', 'ليكويد ريتنا مقاس 11 بوصة'), chip('Apple M3', 'أبل M3')],
          }),
          line(brand.samsung, t('Galaxy Tab S10+', 'جالاكسي تاب S10+'), 'flagship', 3899, 'pen', {
            variants: [gb(256), gb(512)],
            colours: [colours.grey, colours.silver],
            specs: [
              screen('12.4-inch Dynamic AMOLED 2X, S Pen included', 'ديناميك أموليد 2X مقاس 12.4 بوصة، مع قلم S Pen'),
              chip('MediaTek Dimensity 9300+', 'ميدياتك ديمنسيتي 9300+'),
            ],
          }),
          line(brand.lenovo, t('Tab P12', 'تاب P12'), 'mid', 1299, 'keyboard', {
            variants: [gb(128), gb(256)],
            colours: [colours.grey],
            specs: [
              screen('12.7-inch 3K LCD, keyboard cover included', 'إل سي دي 3K مقاس 12.7 بوصة، مع غطاء لوحة مفاتيح'),
              chip('MediaTek Dimensity 7050', 'ميدياتك ديمنسيتي 7050'),
            ],
          }),
          line(brand.xiaomi, t('Pad 7', 'باد 7'), 'mid', 1399, 'landscape', {
            variants: [gb(128), gb(256)],
            colours: [colours.grey, colours.blue, colours.green],
            specs: [
              screen('11.2-inch 3.2K LCD, 144 Hz', 'إل سي دي 3.2K مقاس 11.2 بوصة، 144 هرتز'),
              chip('Snapdragon 7+ Gen 3', 'سنابدراجون 7+ الجيل 3'),
            ],
          }),
          line(brand.apple, t('iPad 11 (A16)', 'آيباد 11 (A16)'), 'mid', 1499, 'portrait', {
            colours: [colours.silver, colours.blue, colours.pink],
            specs: [screen('11-inch Liquid Retina', 'ليكويد ريتنا مقاس 11 بوصة'), chip('Apple A16', 'أبل A16')],
          }),
          line(brand.huawei, t('MatePad 11.5 S', 'ميت باد 11.5 S'), 'mid', 1599, 'landscape', {
            variants: [gb(256)],
            colours: [colours.grey, colours.purple],
            specs: [screen('11.5-inch PaperMatte LCD, 144 Hz', 'إل سي دي بيبر مات مقاس 11.5 بوصة، 144 هرتز'), chip('Kirin T90A', 'كيرين T90A')],
          }),
        ],
        variants: [gb(128), gb(256), gb(512)],
        colours: [colours.grey, colours.silver, colours.blue],
        specs: [{ name: t('Connectivity', 'الاتصال'), values: [t('Wi-Fi', 'واي فاي')] }],
      },
      {
        urlKey: 'smartwatches',
        name: t('Smart Watches', 'الساعات الذكية'),
        kind: 'watch',
        share: 20,
        // English names say Watch in the model (Apple Watch, Galaxy Watch); Arabic says ساعة first (ساعة أبل واتش).
        noun: t('', 'ساعة'),
        optionWordAr: 'مقاس',
        variantLabel: t('Case size', 'مقاس الساعة'),
        variantSteps: [1, 1.08],
        lines: [
          line(brand.apple, t('Watch Series 11', 'واتش سيريس 11'), 'flagship', 1699, 'square', {
            variants: [t('42mm', '42 ملم'), t('46mm', '46 ملم')],
            colours: [colours.black, colours.silver, colours.pink],
            specs: [screen('Always-on LTPO3 OLED', 'أوليد LTPO3 تعمل دائمًا'), spec('Water resistance', 'مقاومة الماء', '50 m', '50 مترًا')],
          }),
          line(brand.samsung, t('Galaxy Watch 8', 'جالاكسي ووتش 8'), 'mid', 1199, 'round', {
            variants: [t('40mm', '40 ملم'), t('44mm', '44 ملم')],
            colours: [colours.black, colours.silver],
            specs: [screen('Super AMOLED', 'سوبر أموليد'), spec('Water resistance', 'مقاومة الماء', '5 ATM and IP68', '5 ضغط جوي وIP68')],
          }),
          line(brand.huawei, t('Watch GT 6', 'ووتش GT 6'), 'mid', 899, 'round', {
            variants: [t('41mm', '41 ملم'), t('46mm', '46 ملم')],
            colours: [colours.black, colours.gold, colours.green],
            specs: [screen('AMOLED', 'أموليد'), spec('Water resistance', 'مقاومة الماء', '5 ATM', '5 ضغط جوي')],
          }),
          line(brand.apple, t('Watch Ultra 3', 'واتش ألترا 3'), 'flagship', 3499, 'square', {
            variants: [t('49mm', '49 ملم')],
            colours: [colours.black, colours.titanium],
            specs: [
              screen('Always-on LTPO3 wide-angle OLED', 'أوليد LTPO3 واسعة الزاوية تعمل دائمًا'),
              spec('Water resistance', 'مقاومة الماء', '100 m', '100 متر'),
            ],
          }),
          line(brand.xiaomi, t('Watch S4', 'ووتش S4'), 'entry', 599, 'round', {
            variants: [t('47mm', '47 ملم')],
            colours: [colours.black, colours.silver],
            specs: [screen('AMOLED', 'أموليد'), spec('Water resistance', 'مقاومة الماء', '5 ATM', '5 ضغط جوي')],
          }),
        ],
        variants: [t('42mm', '42 ملم'), t('46mm', '46 ملم')],
        colours: [colours.black, colours.silver, colours.gold],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'computers',
    name: t('Computers', 'الكمبيوتر'),
    hue: 250,
    children: [
      {
        urlKey: 'laptops',
        name: t('Laptops', 'اللابتوبات'),
        kind: 'laptop',
        share: 21,
        noun: t('Laptop', 'لابتوب'),
        variantLabel: t('Memory and storage', 'الذاكرة والتخزين'),
        variantSteps: [1, 1.32],
        lines: [
          line(brand.apple, t('MacBook Air 13 (M4)', 'ماك بوك إير 13 (M4)'), 'mid', 4499, 'mac', {
            configurable: true,
            colours: [colours.silver, colours.grey, colours.gold],
            specs: [
              chip('Apple M4', 'أبل M4'),
              screen('13.6-inch Liquid Retina', 'ليكويد ريتنا مقاس 13.6 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'macOS', 'ماك أو إس'),
            ],
          }),
          line(brand.lenovo, t('ThinkPad X1 Carbon', 'ثينك باد X1 كاربون'), 'flagship', 7299, 'thinkpad', {
            colours: [colours.black],
            specs: [
              chip('Intel Core Ultra 7 258V', 'إنتل كور ألترا 7 258V'),
              screen('14-inch 2.8K OLED', 'أوليد 2.8K مقاس 14 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Pro', 'ويندوز 11 برو'),
            ],
          }),
          line(brand.hp, t('Pavilion 15', 'بافيليون 15'), 'entry', 2599, 'wide', {
            colours: [colours.silver, colours.blue],
            specs: [
              chip('Intel Core i7-1355U', 'إنتل كور i7-1355U'),
              screen('15.6-inch Full HD IPS', 'آي بي إس فل إتش دي مقاس 15.6 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
          line(brand.dell, t('XPS 14', 'إكس بي إس 14'), 'flagship', 6999, 'slim', {
            configurable: true,
            colours: [colours.grey, colours.silver],
            specs: [
              chip('Intel Core Ultra 7 256V', 'إنتل كور ألترا 7 256V'),
              screen('14.5-inch 3.2K OLED touch', 'أوليد 3.2K لمس مقاس 14.5 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
          line(brand.asus, t('Zenbook 14', 'زين بوك 14'), 'mid', 3999, 'plain', {
            colours: [colours.grey, colours.blue],
            specs: [
              chip('AMD Ryzen AI 7 350', 'إيه إم دي رايزن AI 7 350'),
              screen('14-inch 3K OLED', 'أوليد 3K مقاس 14 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
          line(brand.lenovo, t('IdeaPad Slim 5', 'آيديا باد سليم 5'), 'mid', 2899, 'plain', {
            colours: [colours.grey, colours.blue],
            specs: [
              chip('AMD Ryzen 7 8845HS', 'إيه إم دي رايزن 7 8845HS'),
              screen('14-inch 2.2K IPS', 'آي بي إس 2.2K مقاس 14 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
          line(brand.apple, t('MacBook Pro 14 (M5)', 'ماك بوك برو 14 (M5)'), 'flagship', 7999, 'mac', {
            configurable: true,
            colours: [colours.black, colours.silver],
            specs: [
              chip('Apple M5', 'أبل M5'),
              screen('14.2-inch Liquid Retina XDR', 'ليكويد ريتنا XDR مقاس 14.2 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'macOS', 'ماك أو إس'),
            ],
          }),
          line(brand.hp, t('OmniBook X 14', 'أومني بوك X 14'), 'mid', 4299, 'slim', {
            colours: [colours.silver],
            specs: [
              chip('Snapdragon X Elite', 'سنابدراجون X إيليت'),
              screen('14-inch 2.2K IPS touch', 'آي بي إس 2.2K لمس مقاس 14 بوصة'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
          line(brand.asus, t('ROG Zephyrus G14', 'روج زيفيروس G14'), 'flagship', 7499, 'wide', {
            colours: [colours.grey, colours.white],
            specs: [
              chip('AMD Ryzen AI 9 HX 370, GeForce RTX 5070', 'إيه إم دي رايزن AI 9 HX 370، جي فورس RTX 5070'),
              screen('14-inch 3K OLED, 120 Hz', 'أوليد 3K مقاس 14 بوصة، 120 هرتز'),
              spec('Operating system', 'نظام التشغيل', 'Windows 11 Home', 'ويندوز 11 هوم'),
            ],
          }),
        ],
        variants: [
          t('16GB RAM, 512GB SSD', 'ذاكرة 16 جيجابايت وSSD بسعة 512 جيجابايت'),
          t('32GB RAM, 1TB SSD', 'ذاكرة 32 جيجابايت وSSD بسعة 1 تيرابايت'),
        ],
        colours: [colours.grey, colours.silver, colours.black],
        specs: [],
      },
      {
        urlKey: 'monitors',
        name: t('Monitors', 'الشاشات'),
        kind: 'monitor',
        share: 28,
        modelYears: true,
        noun: t('Monitor', 'شاشة'),
        optionWordAr: 'مقاس',
        variantLabel: sizeLabel,
        variantSteps: [1, 1.3, 1.75],
        lines: [
          line(brand.samsung, t('Odyssey G7', 'أوديسي G7'), 'mid', 1599, 'curved', {
            variants: inches([27, 32]),
            specs: [panel('Curved VA, QHD', 'منحنية VA بدقة QHD'), spec('Refresh rate', 'معدل التحديث', '240 Hz', '240 هرتز')],
          }),
          line(brand.lg, t('UltraGear', 'ألترا جير'), 'mid', 1299, 'gaming', {
            specs: [panel('Nano IPS, QHD', 'نانو IPS بدقة QHD'), spec('Refresh rate', 'معدل التحديث', '180 Hz', '180 هرتز')],
          }),
          line(brand.dell, t('UltraSharp', 'ألترا شارب'), 'mid', 1699, 'flat', {
            colours: [colours.silver],
            specs: [panel('IPS Black, QHD', 'IPS بلاك بدقة QHD'), spec('Refresh rate', 'معدل التحديث', '120 Hz', '120 هرتز')],
          }),
          line(brand.asus, t('ProArt', 'برو آرت'), 'flagship', 3999, 'pro', {
            specs: [panel('IPS, 4K, factory calibrated', 'IPS بدقة 4K معايرة من المصنع'), spec('Refresh rate', 'معدل التحديث', '60 Hz', '60 هرتز')],
          }),
          line(brand.samsung, t('ViewFinity S8', 'فيو فينيتي S8'), 'mid', 1399, 'flat', {
            variants: inches([27, 32]),
            specs: [panel('IPS, 4K', 'IPS بدقة 4K'), spec('Refresh rate', 'معدل التحديث', '60 Hz', '60 هرتز')],
          }),
        ],
        variants: inches([24, 27, 32]),
        colours: [colours.black],
        specs: [],
      },
      {
        urlKey: 'networking',
        name: t('Networking', 'الشبكات'),
        kind: 'router',
        share: 7,
        variantSteps: [1, 1.4],
        lines: [
          line(brand.tplink, t('Deco X50 Wi-Fi 6 Mesh', 'ديكو X50 واي فاي 6'), 'mid', 699, 'mesh', {
            kind: t('', 'نظام واي فاي شبكي'),
            variants: [t('2-pack', 'عبوة قطعتين'), t('3-pack', 'عبوة 3 قطع')],
            specs: [spec('Wi-Fi standard', 'معيار الواي فاي', 'Wi-Fi 6', 'واي فاي 6')],
          }),
          line(brand.asus, t('RT-AX88U Pro Wi-Fi 6 Router', 'RT-AX88U برو واي فاي 6'), 'flagship', 1199, 'router', {
            kind: t('', 'راوتر'),
            colours: [colours.black],
            specs: [spec('Wi-Fi standard', 'معيار الواي فاي', 'Wi-Fi 6', 'واي فاي 6')],
          }),
          line(brand.huawei, t('WiFi AX3 Wi-Fi 6 Router', 'WiFi AX3 واي فاي 6'), 'entry', 199, 'router', {
            kind: t('', 'راوتر'),
            specs: [spec('Wi-Fi standard', 'معيار الواي فاي', 'Wi-Fi 6', 'واي فاي 6')],
          }),
        ],
        variants: [single],
        colours: [colours.white, colours.black],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'tvs',
    name: t('TVs', 'الشاشات والتلفزيونات'),
    hue: 190,
    children: [
      {
        urlKey: 'smart-tvs',
        name: t('Smart TVs', 'التلفزيونات الذكية'),
        kind: 'tv',
        share: 76,
        modelYears: true,
        noun: t('Smart TV', 'تلفزيون ذكي'),
        optionWordAr: 'مقاس',
        bigItems: true,
        fee: { title: t('Wall mounting', 'تركيب على الجدار'), priceSar: 149.5 },
        variantLabel: sizeLabel,
        // 55, 65, 75 and 85 inches: a bigger screen always costs more.
        variantSteps: [1, 1.45, 2.1, 3.1],
        lines: [
          line(brand.samsung, t('Neo QLED QN90', 'نيو كيو ليد QN90'), 'flagship', 4999, 'qled', {
            specs: [
              resolution('4K UHD', 'فور كي'),
              panel('Neo QLED (Mini LED), 144 Hz', 'نيو كيو ليد (ميني ليد)، 144 هرتز'),
              platform('Tizen', 'تايزن'),
            ],
          }),
          line(brand.lg, t('OLED evo C5', 'أوليد إيفو C5'), 'flagship', 5499, 'oled', {
            specs: [resolution('4K UHD', 'فور كي'), panel('OLED evo, 144 Hz', 'أوليد إيفو، 144 هرتز'), platform('webOS', 'ويب أو إس')],
          }),
          line(brand.sony, t('Bravia 8 II OLED', 'برافيا 8 II أوليد'), 'flagship', 6499, 'oled', {
            specs: [resolution('4K UHD', 'فور كي'), panel('QD-OLED, 120 Hz', 'كيو دي أوليد، 120 هرتز'), platform('Google TV', 'جوجل تي في')],
          }),
          line(brand.tcl, t('QM8 Mini LED', 'QM8 ميني ليد'), 'mid', 2999, 'mini', {
            specs: [resolution('4K UHD', 'فور كي'), panel('QD-Mini LED, 144 Hz', 'كيو دي ميني ليد، 144 هرتز'), platform('Google TV', 'جوجل تي في')],
          }),
          line(brand.hisense, t('U7 ULED', 'U7 يو ليد'), 'mid', 2299, 'uled', {
            specs: [resolution('4K UHD', 'فور كي'), panel('ULED Mini LED, 144 Hz', 'يو ليد ميني ليد، 144 هرتز'), platform('VIDAA', 'فيدا')],
          }),
          line(brand.samsung, t('Neo QLED 8K QN900', 'نيو كيو ليد 8K QN900'), 'flagship', 13999, 'eight', {
            variants: inches([65, 75, 85]),
            specs: [resolution('8K', '8K'), panel('Neo QLED (Mini LED), 120 Hz', 'نيو كيو ليد (ميني ليد)، 120 هرتز'), platform('Tizen', 'تايزن')],
          }),
          line(brand.samsung, t('Crystal UHD DU8000', 'كريستال UHD DU8000'), 'entry', 1299, 'qled', {
            variants: inches([43, 50, 55, 65]),
            variantSteps: [1, 1.2, 1.45, 2],
            specs: [resolution('4K UHD', 'فور كي'), panel('Crystal UHD LED, 60 Hz', 'كريستال UHD ليد، 60 هرتز'), platform('Tizen', 'تايزن')],
          }),
          line(brand.lg, t('QNED85', 'QNED85'), 'mid', 2499, 'mini', {
            variants: inches([55, 65, 75]),
            specs: [resolution('4K UHD', 'فور كي'), panel('QNED Mini LED, 120 Hz', 'كيو نيد ميني ليد، 120 هرتز'), platform('webOS', 'ويب أو إس')],
          }),
          line(brand.sony, t('Bravia 7 Mini LED', 'برافيا 7 ميني ليد'), 'mid', 3499, 'mini', {
            variants: inches([55, 65, 75, 85]),
            specs: [resolution('4K UHD', 'فور كي'), panel('Mini LED, 120 Hz', 'ميني ليد، 120 هرتز'), platform('Google TV', 'جوجل تي في')],
          }),
          line(brand.hisense, t('A6 4K', 'A6 فور كي'), 'entry', 999, 'uled', {
            variants: inches([43, 50, 55]),
            variantSteps: [1, 1.2, 1.45],
            specs: [resolution('4K UHD', 'فور كي'), panel('LED, 60 Hz', 'ليد، 60 هرتز'), platform('VIDAA', 'فيدا')],
          }),
        ],
        variants: inches([55, 65, 75, 85]),
        colours: [colours.black],
        specs: [],
      },
      {
        urlKey: 'projectors',
        name: t('Projectors', 'أجهزة العرض'),
        // Drawn as a display; named as the projector it is, as Saudi shops write it (بروجكتر; search also reads
        // بروجكتور and جهاز عرض: worker/search/synonyms.ts).
        kind: 'monitor',
        share: 12,
        modelYears: true,
        noun: t('Projector', 'بروجكتر'),
        lines: [
          line(brand.samsung, t('The Freestyle 2nd Gen', 'ذا فري ستايل الجيل الثاني'), 'mid', 2499, 'cube', {
            colours: [colours.white],
            specs: [resolution('Full HD', 'فل إتش دي'), spec('Brightness', 'السطوع', '230 ANSI lumens', '230 لومن ANSI')],
          }),
          line(brand.lg, t('CineBeam Q', 'سيني بيم Q'), 'mid', 3999, 'projector', {
            specs: [resolution('4K UHD', 'فور كي'), spec('Brightness', 'السطوع', '500 ANSI lumens', '500 لومن ANSI')],
          }),
          line(brand.xiaomi, t('Laser Cinema 2', 'ليزر سينما 2'), 'flagship', 7999, 'laser', {
            colours: [colours.white],
            specs: [resolution('4K UHD', 'فور كي'), spec('Brightness', 'السطوع', '2,400 ANSI lumens', '2400 لومن ANSI')],
          }),
          line(brand.epson, t('EpiqVision Mini EF22', 'إبيك فيجن ميني EF22'), 'mid', 3499, 'projector', {
            colours: [colours.white, colours.black],
            specs: [resolution('Full HD', 'فل إتش دي'), spec('Brightness', 'السطوع', '1,000 lumens', '1000 لومن')],
          }),
          line(brand.xgimi, t('MoGo 3 Pro', 'موجو 3 برو'), 'entry', 1899, 'cube', {
            colours: [colours.grey],
            specs: [resolution('Full HD', 'فل إتش دي'), spec('Brightness', 'السطوع', '450 ISO lumens', '450 لومن ISO')],
          }),
        ],
        variants: [single],
        colours: [colours.white, colours.grey],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'audio',
    name: t('Audio', 'الصوتيات'),
    hue: 330,
    children: [
      {
        urlKey: 'headphones',
        name: t('Headphones', 'السماعات'),
        kind: 'headphones',
        share: 22,
        noun: t('Headphones', 'سماعة'),
        lines: [
          line(brand.sony, t('WH-1000XM6', 'WH-1000XM6'), 'flagship', 1599, 'over', {
            colours: [colours.black, colours.silver, colours.blue],
            specs: [
              type('Over-ear, noise cancelling', 'فوق الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 30 hours', 'حتى 30 ساعة'),
            ],
          }),
          line(brand.bose, t('QuietComfort Ultra', 'كوايت كومفورت ألترا'), 'flagship', 1499, 'over', {
            colours: [colours.black, colours.white, colours.blue],
            specs: [
              type('Over-ear, noise cancelling', 'فوق الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 24 hours', 'حتى 24 ساعة'),
            ],
          }),
          line(brand.apple, t('AirPods Pro 3', 'إيربودز برو 3'), 'flagship', 1049, 'stem', {
            kind: earbuds,
            colours: [colours.white],
            specs: [
              type('In-ear, noise cancelling', 'داخل الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 8 hours (24 with the case)', 'حتى 8 ساعات (24 مع العلبة)'),
            ],
          }),
          line(brand.jbl, t('Tune 770NC', 'تيون 770NC'), 'entry', 399, 'over', {
            colours: [colours.black, colours.blue, colours.white],
            specs: [
              type('Over-ear, noise cancelling', 'فوق الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 70 hours', 'حتى 70 ساعة'),
            ],
          }),
          line(brand.samsung, t('Galaxy Buds 4 Pro', 'جالاكسي بودز 4 برو'), 'flagship', 899, 'buds', {
            kind: earbuds,
            colours: [colours.silver, colours.white, colours.black],
            specs: [
              type('In-ear, noise cancelling', 'داخل الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 6 hours (26 with the case)', 'حتى 6 ساعات (26 مع العلبة)'),
            ],
          }),
          line(brand.sony, t('WF-1000XM5', 'WF-1000XM5'), 'flagship', 999, 'buds', {
            kind: earbuds,
            colours: [colours.black, colours.silver],
            specs: [
              type('In-ear, noise cancelling', 'داخل الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 8 hours (24 with the case)', 'حتى 8 ساعات (24 مع العلبة)'),
            ],
          }),
          line(brand.huawei, t('FreeBuds Pro 4', 'فري بودز برو 4'), 'mid', 699, 'stem', {
            kind: earbuds,
            colours: [colours.white, colours.black, colours.green],
            specs: [
              type('In-ear, noise cancelling', 'داخل الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 6 hours (33 with the case)', 'حتى 6 ساعات (33 مع العلبة)'),
            ],
          }),
          line(brand.anker, t('Soundcore Space Q45', 'ساوند كور سبيس Q45'), 'entry', 349, 'over', {
            colours: [colours.black, colours.white, colours.blue],
            specs: [
              type('Over-ear, noise cancelling', 'فوق الأذن، عازلة للضوضاء'),
              spec('Battery life', 'عمر البطارية', 'Up to 50 hours', 'حتى 50 ساعة'),
            ],
          }),
          line(brand.apple, t('AirPods 4', 'إيربودز 4'), 'mid', 599, 'stem', {
            kind: earbuds,
            colours: [colours.white],
            specs: [
              type('In-ear, open fit', 'داخل الأذن، تصميم مفتوح'),
              spec('Battery life', 'عمر البطارية', 'Up to 5 hours (30 with the case)', 'حتى 5 ساعات (30 مع العلبة)'),
            ],
          }),
        ],
        variants: [t('Wireless', 'لاسلكية')],
        colours: [colours.black, colours.white, colours.blue],
        specs: [],
      },
      {
        urlKey: 'speakers',
        name: t('Speakers', 'مكبرات الصوت'),
        kind: 'speaker',
        share: 14,
        noun: t('Bluetooth Speaker', 'مكبر صوت بلوتوث'),
        lines: [
          line(brand.jbl, t('Charge 6', 'تشارج 6'), 'mid', 749, 'tube', {
            colours: [colours.black, colours.blue, colours.red],
            specs: [power('45 W', '45 واط')],
          }),
          line(brand.bose, t('SoundLink Max', 'ساوند لينك ماكس'), 'flagship', 1599, 'box', {
            colours: [colours.black, colours.blue],
            specs: [power('Stereo, 3 tweeters and 2 woofers', 'ستيريو، 3 مكبرات للترددات العالية ومكبران للجهير')],
          }),
          line(brand.sony, t('ULT Tower 10', 'ULT تاور 10'), 'flagship', 2499, 'tower', {
            colours: [colours.black],
            specs: [power('Party speaker with lights', 'مكبر حفلات بإضاءة')],
          }),
          line(brand.anker, t('Soundcore Motion 300', 'ساوند كور موشن 300'), 'entry', 299, 'box', {
            colours: [colours.black, colours.blue, colours.green],
            specs: [power('30 W', '30 واط')],
          }),
          line(brand.jbl, t('Flip 7', 'فليب 7'), 'mid', 549, 'tube', {
            colours: [colours.black, colours.blue, colours.red],
            specs: [power('35 W', '35 واط')],
          }),
          line(brand.marshall, t('Emberton III', 'إمبرتون III'), 'mid', 799, 'box', {
            colours: [colours.black, colours.cream],
            specs: [power('Stereo, 20 W', 'ستيريو، 20 واط')],
          }),
        ],
        variants: [single],
        colours: [colours.black],
        specs: [],
      },
      {
        urlKey: 'soundbars',
        name: t('Soundbars', 'مكبرات الصوت للتلفزيون'),
        kind: 'speaker',
        share: 12,
        modelYears: true,
        noun: t('Soundbar', 'ساوند بار'),
        optionWordAr: 'بنظام',
        variantLabel: t('Channels', 'القنوات'),
        lines: [
          line(brand.samsung, t('HW-Q990', 'HW-Q990'), 'flagship', 5499, 'bar', { variants: [t('11.1.4 channel', '11.1.4 قناة')] }),
          line(brand.lg, t('S95TR', 'S95TR'), 'flagship', 4999, 'bar', { variants: [t('9.1.5 channel', '9.1.5 قناة')] }),
          line(brand.sony, t('Bravia Theatre Bar 9', 'برافيا ثياتر بار 9'), 'flagship', 4499, 'bar', {
            variants: [t('7.1.2 channel', '7.1.2 قناة')],
          }),
          line(brand.bose, t('Smart Ultra Soundbar', 'سمارت ألترا'), 'flagship', 3999, 'bar', {
            kind: t('', 'ساوند بار'),
            variants: [t('5.1.2 channel', '5.1.2 قناة')],
          }),
          line(brand.jbl, t('Bar 800', 'بار 800'), 'mid', 2499, 'bar', { variants: [t('5.1.2 channel', '5.1.2 قناة')] }),
          line(brand.sony, t('HT-S2000', 'HT-S2000'), 'mid', 1799, 'bar', { variants: [t('3.1 channel', '3.1 قناة')] }),
          line(brand.samsung, t('HW-B550', 'HW-B550'), 'entry', 799, 'bar', { variants: [t('2.1 channel', '2.1 قناة')] }),
        ],
        variants: [single],
        colours: [colours.black],
        specs: [{ name: t('Dolby Atmos', 'دولبي أتموس'), values: [t('Yes', 'نعم')] }],
      },
    ],
  },
  {
    urlKey: 'gaming',
    name: t('Gaming', 'الألعاب'),
    hue: 280,
    showAnimation: true,
    children: [
      {
        urlKey: 'consoles',
        name: t('Consoles', 'أجهزة الألعاب'),
        kind: 'console',
        share: 7,
        noun: t('Console', 'جهاز ألعاب'),
        variantSteps: [1, 1.15],
        lines: [
          line(brand.sony, t('PlayStation 5 Pro', 'بلايستيشن 5 برو'), 'flagship', 2999, 'wings', {
            variants: [t('Digital edition', 'النسخة الرقمية')],
            colours: [colours.white],
            specs: [spec('Storage', 'السعة', '2TB', '2 تيرابايت')],
          }),
          line(brand.microsoft, t('Xbox Series X', 'إكس بوكس سيريس X'), 'mid', 2199, 'tower', {
            variants: [t('Digital edition', 'النسخة الرقمية'), t('Standard edition', 'النسخة العادية')],
            colours: [colours.black],
            specs: [spec('Storage', 'السعة', '1TB', '1 تيرابايت')],
          }),
          line(brand.nintendo, t('Switch 2', 'سويتش 2'), 'mid', 1899, 'handheld', {
            variants: [t('Standard edition', 'النسخة العادية'), t('Mario Kart World bundle', 'حزمة ماريو كارت وورلد')],
            colours: [colours.black],
            specs: [spec('Storage', 'السعة', '256GB', '256 جيجابايت')],
          }),
          line(brand.sony, t('PlayStation 5 Slim', 'بلايستيشن 5 سليم'), 'mid', 1999, 'wings', {
            variants: [t('Digital edition', 'النسخة الرقمية'), t('Standard edition', 'النسخة العادية')],
            colours: [colours.white],
            specs: [spec('Storage', 'السعة', '1TB', '1 تيرابايت')],
          }),
        ],
        variants: [single],
        colours: [colours.white, colours.black],
        specs: [],
      },
      {
        urlKey: 'controllers',
        name: t('Controllers & Accessories', 'اليدّات والإكسسوارات'),
        kind: 'controller',
        share: 8,
        accessory: true,
        // Named as their makers sell them: the console they are for is part of the name a shopper types.
        noun: t('', 'يد تحكم'),
        lines: [
          line(brand.sony, t('PlayStation DualSense Edge Controller', 'بلايستيشن دول سينس إيدج'), 'flagship', 899, 'pad', {
            colours: [colours.white, colours.black],
          }),
          line(brand.microsoft, t('Xbox Elite Controller 2', 'إكس بوكس إيليت 2'), 'flagship', 749, 'pad', {
            colours: [colours.black, colours.white],
          }),
          line(brand.nintendo, t('Switch Pro Controller', 'سويتش برو'), 'mid', 299, 'pad', { colours: [colours.black] }),
          line(brand.sony, t('PlayStation DualSense Controller', 'بلايستيشن دول سينس'), 'mid', 299, 'pad', {
            colours: [colours.white, colours.black, colours.red],
          }),
        ],
        variants: [t('Wireless', 'لاسلكية')],
        colours: [colours.white, colours.black, colours.red],
        specs: [{ name: t('Connection', 'الاتصال'), values: [t('Bluetooth and USB-C', 'بلوتوث وUSB-C')] }],
      },
    ],
  },
  {
    urlKey: 'cameras',
    name: t('Cameras', 'الكاميرات'),
    hue: 20,
    children: [
      {
        urlKey: 'mirrorless',
        name: t('Mirrorless Cameras', 'الكاميرات بدون مرآة'),
        kind: 'camera',
        share: 10,
        noun: t('', 'كاميرا'),
        variantSteps: [1, 1.3],
        lines: [
          line(brand.canon, t('EOS R6 Mark III', 'EOS R6 مارك III'), 'flagship', 10999, 'mirrorless', {
            specs: [spec('Sensor', 'المستشعر', 'Full frame 32.5 MP', 'إطار كامل 32.5 ميجابكسل')],
          }),
          line(brand.nikon, t('Z6 III', 'Z6 III'), 'flagship', 9499, 'mirrorless', {
            specs: [spec('Sensor', 'المستشعر', 'Full frame 24.5 MP, partially stacked', 'إطار كامل 24.5 ميجابكسل، مكدس جزئيًا')],
          }),
          line(brand.sony, t('Alpha 7 V', 'ألفا 7 V'), 'flagship', 10499, 'mirrorless', {
            specs: [spec('Sensor', 'المستشعر', 'Full frame 33 MP', 'إطار كامل 33 ميجابكسل')],
          }),
          line(brand.canon, t('EOS R8', 'EOS R8'), 'mid', 5499, 'mirrorless', {
            specs: [spec('Sensor', 'المستشعر', 'Full frame 24.2 MP', 'إطار كامل 24.2 ميجابكسل')],
          }),
          line(brand.sony, t('Alpha 6700', 'ألفا 6700'), 'mid', 5299, 'mirrorless', {
            specs: [spec('Sensor', 'المستشعر', 'APS-C 26 MP', 'APS-C بدقة 26 ميجابكسل')],
          }),
        ],
        variants: [t('Body only', 'الجسم فقط'), t('With 24-105mm lens', 'مع عدسة 24-105 ملم')],
        colours: [colours.black],
        specs: [],
      },
      {
        urlKey: 'action-cameras',
        name: t('Action Cameras & Drones', 'كاميرات الأكشن والدرون'),
        kind: 'drone',
        share: 10,
        noun: t('', 'كاميرا أكشن'),
        variantSteps: [1, 1.35],
        lines: [
          line(brand.dji, t('Mini 5 Pro', 'ميني 5 برو'), 'flagship', 3299, 'drone', {
            kind: t('', 'طائرة درون'),
            variants: [t('Standard kit', 'الطقم الأساسي'), t('Fly More combo', 'باقة فلاي مور')],
            specs: [spec('Video', 'الفيديو', '4K 120fps', 'فور كي 120 إطارًا')],
          }),
          line(brand.gopro, t('HERO 14 Black', 'هيرو 14 بلاك'), 'mid', 1699, 'action', {
            variants: [t('Standard', 'الأساسية'), t('Creator edition', 'إصدار صانعي المحتوى')],
            colours: [colours.black],
            specs: [spec('Video', 'الفيديو', '5.3K 60fps', '5.3K بمعدل 60 إطارًا')],
          }),
          line(brand.dji, t('Osmo Action 6', 'أوزمو أكشن 6'), 'mid', 1599, 'action', {
            variants: [t('Standard combo', 'الباقة الأساسية'), t('Adventure combo', 'باقة المغامرة')],
            specs: [spec('Video', 'الفيديو', '4K 120fps', 'فور كي 120 إطارًا')],
          }),
        ],
        variants: [single],
        colours: [colours.grey, colours.black],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'large-appliances',
    name: t('Large Appliances', 'الأجهزة المنزلية الكبيرة'),
    hue: 160,
    children: [
      {
        urlKey: 'refrigerators',
        name: t('Refrigerators', 'الثلاجات'),
        kind: 'fridge',
        share: 58,
        modelYears: true,
        noun: t('Refrigerator', 'ثلاجة'),
        optionWordAr: 'بسعة',
        bigItems: true,
        fee: { title: t('Delivery to upper floors', 'التوصيل للأدوار العليا'), priceSar: 99 },
        variantLabel: t('Capacity', 'السعة'),
        variantSteps: [1, 1.18],
        lines: [
          line(brand.samsung, t('Bespoke French Door', 'بيسبوك بأبواب فرنسية'), 'flagship', 10999, 'french', {
            variants: [t('24 cu ft', '24 قدمًا مكعبًا'), t('28 cu ft', '28 قدمًا مكعبًا')],
            colours: [colours.steel, colours.white, colours.black],
            specs: [type('French door with bottom freezer', 'أبواب فرنسية مع فريزر سفلي'), spec('Energy rating', 'كفاءة الطاقة', 'A+++', 'A+++')],
          }),
          line(brand.lg, t('InstaView Side by Side', 'إنستا فيو ببابين متجاورين'), 'flagship', 8999, 'side', {
            variants: [t('24 cu ft', '24 قدمًا مكعبًا'), t('28 cu ft', '28 قدمًا مكعبًا')],
            colours: [colours.steel, colours.black],
            specs: [type('Side by side with water dispenser', 'بابان متجاوران مع موزع ماء'), spec('Energy rating', 'كفاءة الطاقة', 'A++', 'A++')],
          }),
          line(brand.bosch, t('Serie 6 Double Door', 'سيري 6 ببابين'), 'mid', 4499, 'double', {
            variants: [t('18 cu ft', '18 قدمًا مكعبًا'), t('22 cu ft', '22 قدمًا مكعبًا')],
            colours: [colours.steel, colours.white],
            specs: [type('Double door with top freezer', 'بابان مع فريزر علوي'), spec('Energy rating', 'كفاءة الطاقة', 'A++', 'A++')],
          }),
          line(brand.whirlpool, t('Side by Side', 'ببابين متجاورين'), 'mid', 5499, 'side', {
            variants: [t('24 cu ft', '24 قدمًا مكعبًا'), t('26 cu ft', '26 قدمًا مكعبًا')],
            colours: [colours.steel, colours.silver],
            specs: [type('Side by side with water dispenser', 'بابان متجاوران مع موزع ماء'), spec('Energy rating', 'كفاءة الطاقة', 'A+', 'A+')],
          }),
          line(brand.hisense, t('Single Door', 'بباب واحد'), 'entry', 1199, 'single', {
            variants: [t('7 cu ft', '7 أقدام مكعبة'), t('10 cu ft', '10 أقدام مكعبة')],
            colours: [colours.white, colours.silver],
            specs: [type('Single door with freezer compartment', 'باب واحد مع حجرة فريزر'), spec('Energy rating', 'كفاءة الطاقة', 'A+', 'A+')],
          }),
          line(brand.lg, t('Top Freezer', 'بفريزر علوي'), 'mid', 2799, 'double', {
            variants: [t('15 cu ft', '15 قدمًا مكعبًا'), t('18 cu ft', '18 قدمًا مكعبًا')],
            colours: [colours.silver, colours.white],
            specs: [type('Double door with top freezer', 'بابان مع فريزر علوي'), spec('Energy rating', 'كفاءة الطاقة', 'A+', 'A+')],
          }),
          line(brand.samsung, t('Bottom Mount Freezer', 'بفريزر سفلي'), 'mid', 3299, 'double', {
            variants: [t('18 cu ft', '18 قدمًا مكعبًا'), t('22 cu ft', '22 قدمًا مكعبًا')],
            colours: [colours.steel, colours.black],
            specs: [type('Double door with bottom freezer', 'بابان مع فريزر سفلي'), spec('Energy rating', 'كفاءة الطاقة', 'A++', 'A++')],
          }),
        ],
        variants: [t('18 cu ft', '18 قدمًا مكعبًا'), t('24 cu ft', '24 قدمًا مكعبًا')],
        colours: [colours.steel, colours.white, colours.black],
        specs: [],
      },
      {
        urlKey: 'washing-machines',
        name: t('Washing Machines', 'الغسالات'),
        kind: 'washer',
        share: 41,
        modelYears: true,
        noun: t('Washing Machine', 'غسالة'),
        optionWordAr: 'بسعة',
        bigItems: true,
        fee: { title: t('Installation', 'التركيب'), priceSar: 79.5 },
        variantLabel: t('Capacity', 'السعة'),
        variantSteps: [1, 1.25],
        lines: [
          line(brand.samsung, t('AI Ecobubble', 'إيكو بابل بالذكاء الاصطناعي'), 'flagship', 3499, 'front', {
            specs: [spec('Spin speed', 'سرعة العصر', '1,400 rpm', '1400 دورة/دقيقة')],
          }),
          line(brand.lg, t('TurboWash', 'توربو ووش'), 'flagship', 3299, 'front', {
            specs: [spec('Spin speed', 'سرعة العصر', '1,400 rpm', '1400 دورة/دقيقة')],
          }),
          line(brand.bosch, t('Serie 8', 'سيري 8'), 'flagship', 3999, 'front', {
            colours: [colours.white],
            specs: [spec('Spin speed', 'سرعة العصر', '1,400 rpm', '1400 دورة/دقيقة')],
          }),
          line(brand.whirlpool, t('FreshCare', 'فريش كير'), 'mid', 1799, 'front', {
            specs: [spec('Spin speed', 'سرعة العصر', '1,200 rpm', '1200 دورة/دقيقة')],
          }),
          line(brand.midea, t('Lunar', 'لونار'), 'mid', 1499, 'front', {
            specs: [spec('Spin speed', 'سرعة العصر', '1,400 rpm', '1400 دورة/دقيقة')],
          }),
          line(brand.hisense, t('WFQA Front Load', 'WFQA بتحميل أمامي'), 'entry', 1199, 'front', {
            variants: [t('8 kg', '8 كجم'), t('10 kg', '10 كجم')],
            colours: [colours.white],
            specs: [spec('Spin speed', 'سرعة العصر', '1,200 rpm', '1200 دورة/دقيقة')],
          }),
        ],
        variants: [t('9 kg', '9 كجم'), t('12 kg', '12 كجم')],
        colours: [colours.white, colours.silver],
        specs: [],
      },
      {
        urlKey: 'air-conditioners',
        name: t('Air Conditioners', 'المكيفات'),
        kind: 'ac',
        share: 30,
        modelYears: true,
        noun: t('Split Air Conditioner', 'مكيف سبليت'),
        optionWordAr: 'بقدرة',
        bigItems: true,
        fee: { title: t('Split AC installation', 'تركيب مكيف سبليت'), priceSar: 249.5 },
        variantLabel: t('Cooling capacity', 'قدرة التبريد'),
        variantSteps: [1, 1.3, 1.6],
        lines: [
          line(brand.gree, t('Pular Inverter', 'بولار إنفرتر'), 'mid', 2099, 'split', { specs: [spec('Mode', 'النمط', 'Hot & cold', 'حار وبارد')] }),
          line(brand.zamil, t('Classic', 'كلاسيك'), 'entry', 1899, 'split', {
            specs: [spec('Mode', 'النمط', 'Cooling only', 'تبريد فقط')],
          }),
          line(brand.lg, t('DualCool', 'دول كول'), 'flagship', 3099, 'split', { specs: [spec('Mode', 'النمط', 'Hot & cold', 'حار وبارد')] }),
          line(brand.samsung, t('WindFree', 'ويند فري'), 'flagship', 3299, 'split', { specs: [spec('Mode', 'النمط', 'Hot & cold', 'حار وبارد')] }),
          line(brand.midea, t('Mission Inverter', 'ميشن إنفرتر'), 'entry', 1599, 'split', {
            variants: [t('12,000 BTU', '12000 وحدة حرارية'), t('18,000 BTU', '18000 وحدة حرارية'), t('24,000 BTU', '24000 وحدة حرارية')],
            specs: [spec('Mode', 'النمط', 'Cooling only', 'تبريد فقط')],
          }),
          line(brand.carrier, t('Optimax Inverter', 'أوبتيماكس إنفرتر'), 'mid', 2299, 'split', {
            specs: [spec('Mode', 'النمط', 'Hot & cold', 'حار وبارد')],
          }),
          line(brand.gree, t('Lomo Inverter', 'لومو إنفرتر'), 'entry', 1399, 'split', {
            variants: [t('12,000 BTU', '12000 وحدة حرارية'), t('18,000 BTU', '18000 وحدة حرارية')],
            specs: [spec('Mode', 'النمط', 'Cooling only', 'تبريد فقط')],
          }),
        ],
        variants: [t('18,000 BTU', '18000 وحدة حرارية'), t('24,000 BTU', '24000 وحدة حرارية')],
        colours: [colours.white],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'small-appliances',
    name: t('Small Appliances', 'الأجهزة المنزلية الصغيرة'),
    hue: 40,
    children: [
      {
        urlKey: 'vacuum-cleaners',
        name: t('Vacuum Cleaners', 'المكانس الكهربائية'),
        kind: 'vacuum',
        share: 21,
        modelYears: true,
        noun: t('Vacuum Cleaner', 'مكنسة كهربائية'),
        lines: [
          line(brand.dyson, t('V15 Detect', 'V15 ديتكت'), 'flagship', 2999, 'stick', {
            colours: [colours.gold, colours.blue],
            specs: [type('Cordless stick', 'لاسلكية عمودية'), spec('Run time', 'مدة التشغيل', 'Up to 60 minutes', 'حتى 60 دقيقة')],
          }),
          line(brand.xiaomi, t('Robot Vacuum X20', 'X20'), 'mid', 1999, 'robot', {
            kind: t('', 'مكنسة روبوت'),
            colours: [colours.white, colours.black],
            specs: [type('Robot with mop', 'روبوت مع ممسحة'), spec('Run time', 'مدة التشغيل', 'Up to 180 minutes', 'حتى 180 دقيقة')],
          }),
          line(brand.philips, t('SpeedPro Max', 'سبيد برو ماكس'), 'mid', 1299, 'stick', {
            colours: [colours.blue],
            specs: [type('Cordless stick', 'لاسلكية عمودية'), spec('Run time', 'مدة التشغيل', 'Up to 80 minutes', 'حتى 80 دقيقة')],
          }),
          line(brand.samsung, t('Bespoke Jet', 'بيسبوك جت'), 'flagship', 2799, 'stick', {
            colours: [colours.white, colours.silver],
            specs: [
              type('Cordless stick with clean station', 'لاسلكية عمودية مع محطة تنظيف'),
              spec('Run time', 'مدة التشغيل', 'Up to 60 minutes', 'حتى 60 دقيقة'),
            ],
          }),
          line(brand.dyson, t('V12 Detect Slim', 'V12 ديتكت سليم'), 'flagship', 2599, 'stick', {
            colours: [colours.gold, colours.purple],
            specs: [type('Cordless stick', 'لاسلكية عمودية'), spec('Run time', 'مدة التشغيل', 'Up to 60 minutes', 'حتى 60 دقيقة')],
          }),
          line(brand.roborock, t('Q7 Max Robot Vacuum', 'Q7 ماكس'), 'mid', 1299, 'robot', {
            kind: t('', 'مكنسة روبوت'),
            colours: [colours.black, colours.white],
            specs: [type('Robot with mop', 'روبوت مع ممسحة'), spec('Run time', 'مدة التشغيل', 'Up to 180 minutes', 'حتى 180 دقيقة')],
          }),
        ],
        variants: [single],
        colours: [colours.grey, colours.white],
        specs: [],
      },
      {
        urlKey: 'irons',
        name: t('Irons & Garment Care', 'المكاوي والعناية بالملابس'),
        kind: 'iron',
        share: 10,
        modelYears: true,
        noun: t('', 'مكواة بخار'),
        lines: [
          line(brand.philips, t('Azur 8000 Steam Iron', 'أزور 8000'), 'mid', 399, 'iron', { specs: [power('3,000 W', '3000 واط')] }),
          line(brand.tefal, t('Puregliss Steam Iron', 'بيور جليس'), 'mid', 299, 'iron', {
            colours: [colours.blue, colours.lavender],
            specs: [power('2,800 W', '2800 واط')],
          }),
          line(brand.braun, t('CareStyle 7 Steam Generator', 'كير ستايل 7'), 'flagship', 1199, 'station', {
            kind: t('', 'مكواة بمولد بخار'),
            colours: [colours.white],
            specs: [power('2,700 W', '2700 واط')],
          }),
          line(brand.philips, t('PerfectCare 7000 Steam Generator', 'بيرفكت كير 7000'), 'flagship', 1399, 'station', {
            kind: t('', 'مكواة بمولد بخار'),
            colours: [colours.blue, colours.white],
            specs: [power('2,400 W', '2400 واط')],
          }),
        ],
        variants: [single],
        colours: [colours.blue, colours.white],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'kitchen',
    name: t('Kitchen', 'المطبخ'),
    hue: 0,
    children: [
      {
        urlKey: 'coffee-machines',
        name: t('Coffee Machines', 'مكائن القهوة'),
        kind: 'coffee',
        share: 22,
        modelYears: true,
        noun: t('Coffee Machine', 'ماكينة قهوة'),
        lines: [
          line(brand.delonghi, t('Magnifica Evo', 'ماجنيفيكا إيفو'), 'mid', 1999, 'auto', {
            colours: [colours.black, colours.silver],
            specs: [type('Bean to cup', 'أوتوماتيكية بطحن الحبوب'), spec('Pressure', 'الضغط', '15 bar', '15 بار')],
          }),
          line(brand.nespresso, t('Vertuo Pop', 'فيرتو بوب'), 'entry', 449, 'capsule', {
            colours: [colours.black, colours.red, colours.mint],
            specs: [type('Capsule', 'كبسولات'), spec('Pressure', 'الضغط', 'Centrifusion', 'طرد مركزي')],
          }),
          line(brand.philips, t('LatteGo 5400', 'لاتيه جو 5400'), 'flagship', 2799, 'auto', {
            colours: [colours.black, colours.silver],
            specs: [type('Bean to cup with milk system', 'أوتوماتيكية بطحن الحبوب مع نظام الحليب'), spec('Pressure', 'الضغط', '15 bar', '15 بار')],
          }),
          line(brand.nespresso, t('Essenza Mini', 'إيسنزا ميني'), 'entry', 399, 'capsule', {
            colours: [colours.black, colours.white, colours.red],
            specs: [type('Capsule', 'كبسولات'), spec('Pressure', 'الضغط', '19 bar', '19 بار')],
          }),
          line(brand.delonghi, t('Dedica Arte', 'ديديكا آرت'), 'mid', 899, 'auto', {
            colours: [colours.silver, colours.black],
            specs: [type('Espresso with steam wand', 'إسبريسو مع ذراع بخار'), spec('Pressure', 'الضغط', '15 bar', '15 بار')],
          }),
        ],
        variants: [single],
        colours: [colours.black, colours.silver, colours.red],
        specs: [],
      },
      {
        urlKey: 'air-fryers',
        name: t('Air Fryers', 'القلايات الهوائية'),
        kind: 'airfryer',
        share: 19,
        modelYears: true,
        noun: t('Air Fryer', 'قلاية هوائية'),
        optionWordAr: 'بسعة',
        variantLabel: t('Capacity', 'السعة'),
        variantSteps: [1, 1.3],
        lines: [
          line(brand.philips, t('Airfryer XXL', 'إير فراير XXL'), 'flagship', 999, 'basket', {
            kind: t('', 'قلاية هوائية'),
            variants: [t('7.2 L', '7.2 لتر')],
            specs: [spec('Programmes', 'البرامج', '5 presets', '5 برامج')],
          }),
          line(brand.ninja, t('Foodi Dual Zone', 'فودي بسلتين'), 'mid', 699, 'dual', {
            variants: [t('7.6 L', '7.6 لتر'), t('9.5 L', '9.5 لتر')],
            specs: [spec('Programmes', 'البرامج', '6 presets', '6 برامج')],
          }),
          line(brand.tefal, t('Easy Fry', 'إيزي فراي'), 'entry', 299, 'basket', {
            variants: [t('5.5 L', '5.5 لتر'), t('6.5 L', '6.5 لتر')],
            specs: [spec('Programmes', 'البرامج', '8 presets', '8 برامج')],
          }),
        ],
        variants: [single],
        colours: [colours.black, colours.white],
        specs: [],
      },
      {
        urlKey: 'blenders',
        name: t('Blenders & Mixers', 'الخلاطات والعجانات'),
        kind: 'blender',
        share: 12,
        modelYears: true,
        noun: t('Blender', 'خلاط'),
        lines: [
          line(brand.kenwood, t('Chef Titanium Stand Mixer', 'شيف تيتانيوم'), 'flagship', 2299, 'stand', {
            kind: t('', 'عجانة'),
            colours: [colours.silver, colours.red],
            specs: [power('1,400 W', '1400 واط'), spec('Capacity', 'السعة', '6.7 L bowl', 'وعاء سعة 6.7 لتر')],
          }),
          line(brand.braun, t('PowerBlend 9', 'باور بليند 9'), 'mid', 899, 'jug', {
            specs: [power('1,600 W', '1600 واط'), spec('Capacity', 'السعة', '1.6 L jug', 'إبريق سعة 1.6 لتر')],
          }),
          line(brand.philips, t('Series 7000 Blender', 'سلسلة 7000'), 'entry', 499, 'jug', {
            kind: t('', 'خلاط'),
            specs: [power('1,500 W', '1500 واط'), spec('Capacity', 'السعة', '2 L jug', 'إبريق سعة 2 لتر')],
          }),
          line(brand.ninja, t('Professional Plus', 'بروفيشنال بلس'), 'mid', 649, 'jug', {
            colours: [colours.black],
            specs: [power('1,400 W', '1400 واط'), spec('Capacity', 'السعة', '2.1 L jug', 'إبريق سعة 2.1 لتر')],
          }),
        ],
        variants: [single],
        colours: [colours.silver, colours.black],
        specs: [],
      },
      {
        urlKey: 'ovens-microwaves',
        name: t('Ovens & Microwaves', 'الأفران والمايكروويف'),
        kind: 'microwave',
        share: 15,
        modelYears: true,
        optionWordAr: 'بسعة',
        variantLabel: t('Capacity', 'السعة'),
        variantSteps: [1, 1.4],
        lines: [
          line(brand.samsung, t('MG28 Grill Microwave', 'MG28 بالشواية'), 'entry', 549, 'micro', {
            kind: t('', 'مايكروويف'),
            variants: [t('28 L', '28 لترًا')],
            specs: [power('900 W', '900 واط')],
          }),
          line(brand.lg, t('NeoChef', 'نيو شيف'), 'mid', 699, 'micro', {
            kind: t('Microwave', 'مايكروويف'),
            variants: [t('25 L', '25 لترًا'), t('42 L', '42 لترًا')],
            specs: [power('1,200 W', '1200 واط')],
          }),
          line(brand.bosch, t('Serie 4 Built-in Oven', 'سيري 4'), 'flagship', 2299, 'oven', {
            kind: t('', 'فرن مدمج'),
            variants: [t('71 L', '71 لترًا')],
            colours: [colours.steel, colours.black],
            specs: [power('3,400 W', '3400 واط')],
          }),
        ],
        variants: [single],
        colours: [colours.black, colours.steel],
        specs: [],
      },
      {
        urlKey: 'cookware',
        name: t('Cookware', 'أواني الطبخ'),
        kind: 'cookware',
        share: 20,
        modelYears: true,
        noun: t('', 'طقم أواني'),
        variantSteps: [1, 1.25],
        lines: [
          line(brand.tefal, t('Ingenio', 'إنجينيو'), 'flagship', 599, 'set'),
          line(brand.pan, t('Granite', 'جرانيت'), 'mid', 299, 'set'),
          line(brand.pan, t('Daily Chef', 'ديلي شيف'), 'entry', 199, 'set'),
        ],
        variants: [t('10-piece set', '10 قطع'), t('13-piece set', '13 قطعة')],
        colours: [colours.black, colours.red],
        specs: [{ name: t('Suitable for', 'مناسب لـ'), values: [t('All hobs incl. induction', 'جميع المواقد ومنها الحثية')] }],
      },
    ],
  },
  {
    urlKey: 'home-furniture',
    name: t('Home & Furniture', 'المنزل والأثاث'),
    hue: 30,
    children: [
      {
        urlKey: 'sofas',
        name: t('Sofas', 'الكنب'),
        kind: 'sofa',
        // A collection of the year, as furniture shops sell it.
        share: 30,
        modelYears: true,
        noun: t('', 'كنبة'),
        optionWordAr: 'من',
        bigItems: true,
        fee: { title: t('Assembly', 'التركيب'), priceSar: 120 },
        variantLabel: t('Upholstery', 'التنجيد'),
        variantSteps: [1, 1.2],
        lines: [
          line(brand.ikea, t('Najd Corner Sofa', 'نجد'), 'flagship', 4999, 'corner', {
            kind: t('', 'كنبة ركنية'),
            specs: [spec('Seats', 'عدد المقاعد', '5', '5')],
          }),
          line(brand.pan, t('Dune 3-Seater', 'ديون بثلاثة مقاعد'), 'mid', 2499, 'three', { specs: [spec('Seats', 'عدد المقاعد', '3', '3')] }),
          line(brand.ikea, t('Oasis Recliner', 'أويسس'), 'mid', 1299, 'chair', {
            kind: t('', 'كرسي استرخاء'),
            specs: [spec('Seats', 'عدد المقاعد', '1', '1')],
          }),
        ],
        variants: [t('Fabric', 'قماش'), t('Velvet', 'مخمل')],
        colours: [colours.beige, colours.grey, colours.green],
        specs: [],
      },
      {
        urlKey: 'beds',
        name: t('Beds & Mattresses', 'الأسرّة والمراتب'),
        kind: 'bed',
        share: 10,
        modelYears: true,
        optionWordAr: 'مقاس',
        bigItems: true,
        variantLabel: t('Size', 'المقاس'),
        variantSteps: [1, 1.8],
        lines: [
          line(brand.ikea, t('Qamar Bed Frame', 'قمر'), 'mid', 999, 'frame', {
            kind: t('', 'سرير'),
            specs: [spec('Material', 'الخامة', 'Solid wood', 'خشب صلب')],
          }),
          line(brand.pan, t('Cloud Mattress', 'كلاود'), 'mid', 899, 'mattress', {
            kind: t('', 'مرتبة'),
            colours: [colours.white],
            specs: [spec('Firmness', 'الصلابة', 'Medium', 'متوسطة')],
          }),
        ],
        variants: [t('Single', 'مفرد'), t('King', 'كينج')],
        colours: [colours.white, colours.grey],
        specs: [],
      },
      {
        urlKey: 'lighting',
        name: t('Lighting', 'الإضاءة'),
        kind: 'lamp',
        share: 9,
        modelYears: true,
        lines: [
          line(brand.philips, t('Hue Go', 'هيو جو'), 'mid', 329, 'dome', {
            kind: t('', 'مصباح ذكي'),
            colours: [colours.white],
            specs: [spec('Light', 'الإضاءة', 'White and colour', 'أبيض وملوّن')],
          }),
          line(brand.xiaomi, t('Desk Lamp Pro', 'برو'), 'mid', 199, 'desk', {
            kind: t('', 'مصباح مكتب'),
            colours: [colours.black, colours.white],
            specs: [spec('Light', 'الإضاءة', 'Adjustable white', 'أبيض قابل للتعديل')],
          }),
          line(brand.ikea, t('Floor Lamp Arc', 'آرك'), 'mid', 449, 'arc', {
            kind: t('', 'مصباح أرضي قوسي'),
            colours: [colours.gold, colours.black],
            specs: [spec('Light', 'الإضاءة', 'Warm white', 'أبيض دافئ')],
          }),
        ],
        variants: [single],
        colours: [colours.white, colours.black, colours.gold],
        specs: [{ name: t('Bulb', 'المصباح'), values: [t('LED', 'ليد')] }],
      },
    ],
  },
  {
    urlKey: 'accessories',
    name: t('Accessories', 'الإكسسوارات'),
    hue: 100,
    children: [
      {
        urlKey: 'chargers',
        name: t('Chargers & Power Banks', 'الشواحن والباور بانك'),
        kind: 'charger',
        share: 11,
        optionWordAr: 'بقدرة',
        accessory: true,
        variantLabel: t('Power', 'القدرة'),
        variantSteps: [1, 1.6, 2.2],
        lines: [
          line(brand.anker, t('Nano Charger', 'نانو'), 'mid', 79, 'brick', {
            kind: t('', 'شاحن'),
            variants: [t('30 W', '30 واط'), t('65 W', '65 واط'), t('100 W', '100 واط')],
            specs: [spec('Port', 'المنفذ', 'USB-C', 'USB-C')],
          }),
          line(brand.belkin, t('BoostCharge Pro 3-in-1', 'بوست تشارج برو 3 في 1'), 'flagship', 449, 'puck', {
            kind: t('Wireless Charger', 'شاحن لاسلكي'),
            variants: [t('15 W', '15 واط')],
            specs: [spec('Port', 'المنفذ', 'MagSafe, Qi2', 'ماج سيف وQi2')],
          }),
          line(brand.samsung, t('Power Bank 20K', '20 ألف مللي أمبير'), 'mid', 149, 'bank', {
            kind: t('', 'باور بانك'),
            variants: [t('25 W', '25 واط')],
            specs: [spec('Port', 'المنفذ', 'USB-C', 'USB-C')],
          }),
          line(brand.apple, t('MagSafe Charger', 'ماج سيف'), 'mid', 199, 'puck', {
            kind: t('', 'شاحن'),
            variants: [t('25 W', '25 واط')],
            colours: [colours.white],
            specs: [spec('Port', 'المنفذ', 'MagSafe', 'ماج سيف')],
          }),
        ],
        variants: [single],
        colours: [colours.white, colours.black],
        specs: [],
      },
      {
        urlKey: 'smart-home',
        name: t('Smart Home', 'المنزل الذكي'),
        kind: 'router',
        share: 5,
        accessory: true,
        variantSteps: [1, 1.8],
        lines: [
          line(brand.tplink, t('Tapo Camera C220', 'تابو C220'), 'mid', 149, 'cam', { kind: t('', 'كاميرا مراقبة') }),
          line(brand.xiaomi, t('Smart Plug Mini', 'ميني'), 'entry', 59, 'plug', { kind: t('', 'قابس ذكي') }),
          line(brand.philips, t('Hue Bridge', 'هيو بريدج'), 'mid', 249, 'bridge', {
            kind: t('', 'وحدة تحكم'),
            variants: [t('Single', 'قطعة واحدة')],
          }),
        ],
        variants: [t('Single', 'قطعة واحدة'), t('2-pack', 'عبوة قطعتين')],
        colours: [colours.white],
        specs: [{ name: t('Works with', 'يعمل مع'), values: [t('Alexa and Google Home', 'أليكسا وجوجل هوم')] }],
      },
    ],
  },
  {
    urlKey: 'personal-care',
    name: t('Personal Care', 'العناية الشخصية'),
    hue: 300,
    children: [
      {
        urlKey: 'shavers',
        name: t('Shavers & Trimmers', 'ماكينات الحلاقة والتشذيب'),
        kind: 'iron',
        share: 5,
        lines: [
          line(brand.braun, t('Series 9 Pro Shaver', 'سلسلة 9 برو'), 'flagship', 1499, 'shaver', {
            kind: t('', 'ماكينة حلاقة'),
            colours: [colours.silver, colours.black],
            specs: [spec('Run time', 'مدة التشغيل', '60 minutes', '60 دقيقة')],
          }),
          line(brand.philips, t('OneBlade 360', 'ون بليد 360'), 'entry', 249, 'trimmer', {
            kind: t('Trimmer', 'ماكينة حلاقة وتشذيب'),
            colours: [colours.blue],
            specs: [spec('Run time', 'مدة التشغيل', '60 minutes', '60 دقيقة')],
          }),
          line(brand.philips, t('Beard Trimmer 7000', 'سلسلة 7000'), 'mid', 299, 'trimmer', {
            kind: t('', 'مشذب لحية'),
            colours: [colours.black, colours.silver],
            specs: [spec('Run time', 'مدة التشغيل', '120 minutes', '120 دقيقة')],
          }),
        ],
        variants: [t('Wet & dry', 'للاستخدام الرطب والجاف')],
        colours: [colours.black, colours.silver],
        specs: [],
      },
      {
        urlKey: 'hair-care',
        name: t('Hair Care', 'العناية بالشعر'),
        kind: 'iron',
        share: 12,
        noun: t('', 'مجفف شعر'),
        variantSteps: [1, 1.1],
        lines: [
          line(brand.dyson, t('Supersonic Nural Hair Dryer', 'سوبرسونك نيورال'), 'flagship', 1999, 'dryer', {
            colours: [colours.pink, colours.blue, colours.gold],
            specs: [spec('Heat settings', 'درجات الحرارة', '4', '4')],
          }),
          line(brand.dyson, t('Airwrap i.d. Styler', 'إير راب آي دي'), 'flagship', 2499, 'wrap', {
            kind: t('', 'مصفف شعر'),
            colours: [colours.pink, colours.blue, colours.gold],
            specs: [spec('Heat settings', 'درجات الحرارة', '3', '3')],
          }),
          line(brand.braun, t('Satin Hair 7 Hair Dryer', 'ساتن هير 7'), 'mid', 299, 'dryer', {
            colours: [colours.black],
            specs: [spec('Heat settings', 'درجات الحرارة', '3', '3')],
          }),
        ],
        variants: [t('Standard', 'الإصدار العادي'), t('Gift edition', 'إصدار الهدايا')],
        colours: [colours.red, colours.blue, colours.gold],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'car-electronics',
    name: t('Car Electronics', 'إلكترونيات السيارة'),
    hue: 220,
    children: [
      {
        urlKey: 'dash-cams',
        name: t('Dash Cams', 'كاميرات السيارة'),
        kind: 'camera',
        share: 4,
        noun: t('', 'كاميرا سيارة'),
        accessory: true,
        variantSteps: [1, 1.35],
        lines: [
          line(brand.xiaomi, t('70mai Dash Cam 4K', '70mai فور كي'), 'mid', 399, 'dash', { specs: [resolution('4K', 'فور كي')] }),
          line(brand.anker, t('Roav DashCam', 'روف'), 'entry', 199, 'dash', { specs: [resolution('Full HD', 'فل إتش دي')] }),
        ],
        variants: [t('Front', 'أمامية'), t('Front & rear', 'أمامية وخلفية')],
        colours: [colours.black],
        specs: [{ name: t('Night vision', 'الرؤية الليلية'), values: [t('Yes', 'نعم')] }],
      },
      {
        urlKey: 'car-chargers',
        name: t('Car Chargers & Mounts', 'شواحن وحوامل السيارة'),
        kind: 'charger',
        share: 3,
        accessory: true,
        lines: [
          line(brand.anker, t('PowerDrive Dual Port', 'باور درايف بمنفذين'), 'mid', 89, 'car', {
            kind: t('Car Charger', 'شاحن سيارة'),
            specs: [power('40 W', '40 واط')],
          }),
          line(brand.belkin, t('BoostCharge MagSafe Car Mount', 'بوست تشارج ماج سيف'), 'mid', 199, 'puck', {
            kind: t('', 'حامل سيارة مع شاحن'),
            specs: [power('15 W', '15 واط')],
          }),
          line(brand.anker, t('MagGo Car Mount', 'ماج جو'), 'mid', 249, 'puck', {
            kind: t('', 'حامل سيارة مع شاحن'),
            specs: [power('15 W', '15 واط')],
          }),
        ],
        variants: [single],
        colours: [colours.black],
        specs: [],
      },
    ],
  },
  {
    urlKey: 'offers',
    name: t('Offers', 'العروض'),
    hue: 350,
    includeInMenu: false,
    children: [],
  },
  {
    urlKey: 'coming-soon',
    name: t('Coming Soon', 'قريبًا'),
    hue: 60,
    children: [],
  },
  {
    urlKey: 'gift-cards',
    name: t('Gift Cards', 'بطاقات الهدايا'),
    hue: 300,
    showInMegaMenu: false,
    children: [],
  },
]
