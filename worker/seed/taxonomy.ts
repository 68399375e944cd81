/**
 * The demo catalogue's shape: top categories, their sub-categories and what kind of products each
 * holds (brands, series, variants, price range, specifications). Names are written in both
 * languages as a shop in Riyadh would write them.
 */
import type { ImageKind } from '../../src/domain/catalogue'

export interface Text {
  en: string
  ar: string
}

interface ProductLine {
  brand: Text
  series: Text
}

interface SpecTemplate {
  name: Text
  values: readonly Text[]
}

export interface SubCategoryTemplate {
  urlKey: string
  name: Text
  kind: ImageKind
  /** Product lines: a brand and one of its series, so names never mix brands. */
  lines: readonly ProductLine[]
  variants: readonly Text[]
  colours: readonly Text[]
  priceSar: readonly [number, number]
  specs: readonly SpecTemplate[]
  /** Bulky goods: delivered only in the default region. */
  bigItems?: boolean
  /** A service sold with the product (installation, mounting...). */
  fee?: { title: Text; priceSar: number }
  /** Products offered in options (colour, storage): added from the product page only. */
  configurable?: boolean
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

const line = (brand: Text, series: Text): ProductLine => ({ brand, series })

const colours = {
  black: t('Black', 'أسود'),
  white: t('White', 'أبيض'),
  silver: t('Silver', 'فضي'),
  blue: t('Blue', 'أزرق'),
  gold: t('Gold', 'ذهبي'),
  grey: t('Space Grey', 'رمادي فلكي'),
  green: t('Green', 'أخضر'),
  beige: t('Beige', 'بيج'),
  red: t('Red', 'أحمر'),
  steel: t('Stainless Steel', 'ستانلس ستيل'),
}

const brand = {
  apple: t('Apple', 'أبل'),
  samsung: t('Samsung', 'سامسونج'),
  huawei: t('Huawei', 'هواوي'),
  xiaomi: t('Xiaomi', 'شاومي'),
  honor: t('Honor', 'هونر'),
  lenovo: t('Lenovo', 'لينوفو'),
  hp: t('HP', 'اتش بي'),
  dell: t('Dell', 'ديل'),
  asus: t('ASUS', 'أسوس'),
  lg: t('LG', 'إل جي'),
  sony: t('Sony', 'سوني'),
  tcl: t('TCL', 'تي سي ال'),
  hisense: t('Hisense', 'هايسنس'),
  bose: t('Bose', 'بوز'),
  jbl: t('JBL', 'جي بي ال'),
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
}

const storage = [t('128GB', '128 جيجابايت'), t('256GB', '256 جيجابايت'), t('512GB', '512 جيجابايت')]
const screen = (sizes: number[]) => sizes.map((s) => t(`${s}-inch`, `${s} بوصة`))

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
        configurable: true,
        lines: [
          line(brand.samsung, t('Galaxy S25', 'جالاكسي S25')),
          line(brand.apple, t('iPhone 17 Pro', 'آيفون 17 برو')),
          line(brand.huawei, t('Pura 80', 'بورا 80')),
          line(brand.xiaomi, t('Redmi Note 15', 'ريدمي نوت 15')),
          line(brand.honor, t('Magic 8', 'ماجيك 8')),
          line(brand.samsung, t('Galaxy A56', 'جالاكسي A56')),
        ],
        variants: storage,
        colours: [colours.black, colours.silver, colours.blue, colours.gold],
        priceSar: [899, 6499],
        specs: [
          {
            name: t('Screen', 'الشاشة'),
            values: [t('6.1-inch OLED', 'أوليد 6.1 بوصة'), t('6.7-inch AMOLED', 'أموليد 6.7 بوصة'), t('6.9-inch LTPO', 'إل تي بي أو 6.9 بوصة')],
          },
          {
            name: t('Camera', 'الكاميرا'),
            values: [t('48 MP', '48 ميجابكسل'), t('200 MP', '200 ميجابكسل'), t('50 MP triple', 'ثلاثية 50 ميجابكسل')],
          },
          {
            name: t('Battery', 'البطارية'),
            values: [t('4,500 mAh', '4500 مللي أمبير'), t('5,000 mAh', '5000 مللي أمبير'), t('6,000 mAh', '6000 مللي أمبير')],
          },
          { name: t('Network', 'الشبكة'), values: [t('5G', 'الجيل الخامس')] },
        ],
      },
      {
        urlKey: 'tablets',
        name: t('Tablets', 'الأجهزة اللوحية'),
        kind: 'tablet',
        lines: [
          line(brand.apple, t('iPad Air', 'آيباد إير')),
          line(brand.samsung, t('Galaxy Tab S10', 'جالاكسي تاب S10')),
          line(brand.lenovo, t('Tab P12', 'تاب P12')),
          line(brand.xiaomi, t('Pad 7', 'باد 7')),
        ],
        variants: storage,
        colours: [colours.grey, colours.silver, colours.blue],
        priceSar: [799, 4999],
        specs: [
          { name: t('Screen', 'الشاشة'), values: [t('11-inch', '11 بوصة'), t('12.4-inch', '12.4 بوصة'), t('13-inch', '13 بوصة')] },
          { name: t('Connectivity', 'الاتصال'), values: [t('Wi-Fi', 'واي فاي'), t('Wi-Fi + 5G', 'واي فاي + الجيل الخامس')] },
        ],
      },
      {
        urlKey: 'smartwatches',
        name: t('Smart Watches', 'الساعات الذكية'),
        kind: 'watch',
        lines: [
          line(brand.apple, t('Watch Series 11', 'ساعة سيريس 11')),
          line(brand.samsung, t('Galaxy Watch 8', 'جالاكسي ووتش 8')),
          line(brand.huawei, t('Watch GT 6', 'ووتش GT 6')),
        ],
        variants: [t('42mm', '42 ملم'), t('46mm', '46 ملم')],
        colours: [colours.black, colours.silver, colours.gold],
        priceSar: [599, 3299],
        specs: [{ name: t('Water resistance', 'مقاومة الماء'), values: [t('5 ATM', '5 ضغط جوي'), t('IP68', 'IP68')] }],
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
        configurable: true,
        lines: [
          line(brand.apple, t('MacBook Air', 'ماك بوك إير')),
          line(brand.lenovo, t('ThinkPad X1', 'ثينك باد X1')),
          line(brand.hp, t('Pavilion 15', 'بافيليون 15')),
          line(brand.dell, t('XPS 14', 'إكس بي إس 14')),
          line(brand.asus, t('Zenbook 14', 'زين بوك 14')),
          line(brand.lenovo, t('IdeaPad Slim 5', 'آيديا باد سليم 5')),
        ],
        variants: [t('16GB RAM, 512GB SSD', 'ذاكرة 16 جيجابايت، 512 جيجابايت SSD'), t('32GB RAM, 1TB SSD', 'ذاكرة 32 جيجابايت، 1 تيرابايت SSD')],
        colours: [colours.grey, colours.silver, colours.black],
        priceSar: [2199, 9999],
        specs: [
          {
            name: t('Processor', 'المعالج'),
            values: [t('Intel Core Ultra 7', 'إنتل كور ألترا 7'), t('Apple M4', 'أبل M4'), t('AMD Ryzen 7', 'إيه إم دي رايزن 7')],
          },
          { name: t('Screen', 'الشاشة'), values: [t('14-inch', '14 بوصة'), t('15.6-inch', '15.6 بوصة')] },
          { name: t('Operating system', 'نظام التشغيل'), values: [t('Windows 11', 'ويندوز 11'), t('macOS', 'ماك أو إس')] },
        ],
      },
      {
        urlKey: 'monitors',
        name: t('Monitors', 'الشاشات'),
        kind: 'monitor',
        lines: [
          line(brand.samsung, t('Odyssey G7', 'أوديسي G7')),
          line(brand.lg, t('UltraGear', 'ألترا جير')),
          line(brand.dell, t('UltraSharp', 'ألترا شارب')),
          line(brand.asus, t('ProArt', 'برو آرت')),
        ],
        variants: screen([24, 27, 32]),
        colours: [colours.black],
        priceSar: [499, 3499],
        specs: [{ name: t('Refresh rate', 'معدل التحديث'), values: [t('144 Hz', '144 هرتز'), t('165 Hz', '165 هرتز'), t('240 Hz', '240 هرتز')] }],
      },
      {
        urlKey: 'networking',
        name: t('Networking', 'الشبكات'),
        kind: 'router',
        lines: [
          line(brand.tplink, t('Deco Mesh', 'ديكو ميش')),
          line(brand.asus, t('RT-AX', 'RT-AX')),
          line(brand.huawei, t('WiFi AX3', 'واي فاي AX3')),
        ],
        variants: [t('Wi-Fi 6', 'واي فاي 6'), t('Wi-Fi 7', 'واي فاي 7')],
        colours: [colours.white, colours.black],
        priceSar: [149, 1499],
        specs: [{ name: t('Coverage', 'التغطية'), values: [t('Up to 200 m²', 'حتى 200 م²'), t('Up to 450 m²', 'حتى 450 م²')] }],
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
        bigItems: true,
        fee: { title: t('Wall mounting', 'تركيب على الجدار'), priceSar: 149.5 },
        lines: [
          line(brand.samsung, t('Neo QLED QN90', 'نيو كيو ليد QN90')),
          line(brand.lg, t('OLED evo C5', 'أوليد إيفو C5')),
          line(brand.sony, t('Bravia 8', 'برافيا 8')),
          line(brand.tcl, t('QM8 Mini LED', 'QM8 ميني ليد')),
          line(brand.hisense, t('U7 ULED', 'U7 يو ليد')),
        ],
        variants: screen([55, 65, 75, 85]),
        colours: [colours.black],
        priceSar: [1699, 14999],
        specs: [
          { name: t('Resolution', 'الدقة'), values: [t('4K UHD', 'فور كي'), t('8K', 'ثمانية كي')] },
          { name: t('Smart platform', 'النظام الذكي'), values: [t('Tizen', 'تايزن'), t('webOS', 'ويب أو إس'), t('Google TV', 'جوجل تي في')] },
        ],
      },
      {
        urlKey: 'projectors',
        name: t('Projectors', 'أجهزة العرض'),
        kind: 'monitor',
        lines: [
          line(brand.samsung, t('Freestyle', 'فري ستايل')),
          line(brand.lg, t('CineBeam', 'سيني بيم')),
          line(brand.xiaomi, t('Laser Cinema', 'ليزر سينما')),
        ],
        variants: [t('Full HD', 'فل إتش دي'), t('4K', 'فور كي')],
        colours: [colours.white, colours.grey],
        priceSar: [1299, 8999],
        specs: [{ name: t('Brightness', 'السطوع'), values: [t('550 lumens', '550 لومن'), t('2,500 lumens', '2500 لومن')] }],
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
        lines: [
          line(brand.sony, t('WH-1000XM6', 'WH-1000XM6')),
          line(brand.bose, t('QuietComfort Ultra', 'كوايت كومفورت ألترا')),
          line(brand.apple, t('AirPods Pro 3', 'إيربودز برو 3')),
          line(brand.jbl, t('Tune 770NC', 'تيون 770NC')),
          line(brand.samsung, t('Galaxy Buds 4 Pro', 'جالاكسي بودز 4 برو')),
        ],
        variants: [t('Wireless', 'لاسلكية'), t('Noise cancelling', 'عازلة للضوضاء')],
        colours: [colours.black, colours.white, colours.blue],
        priceSar: [149, 1899],
        specs: [{ name: t('Battery life', 'عمر البطارية'), values: [t('Up to 30 hours', 'حتى 30 ساعة'), t('Up to 60 hours', 'حتى 60 ساعة')] }],
      },
      {
        urlKey: 'speakers',
        name: t('Speakers', 'مكبرات الصوت'),
        kind: 'speaker',
        lines: [
          line(brand.jbl, t('Charge 6', 'تشارج 6')),
          line(brand.bose, t('SoundLink Max', 'ساوند لينك ماكس')),
          line(brand.sony, t('ULT Field 7', 'ULT فيلد 7')),
          line(brand.anker, t('Soundcore Motion', 'ساوند كور موشن')),
        ],
        variants: [t('Portable', 'محمول'), t('Party', 'للحفلات')],
        colours: [colours.black, colours.blue, colours.red],
        priceSar: [129, 2499],
        specs: [{ name: t('Output', 'القدرة'), values: [t('40 W', '40 واط'), t('100 W', '100 واط')] }],
      },
      {
        urlKey: 'soundbars',
        name: t('Soundbars', 'مكبرات الصوت للتلفزيون'),
        kind: 'speaker',
        lines: [
          line(brand.samsung, t('HW-Q990', 'HW-Q990')),
          line(brand.lg, t('S95TR', 'S95TR')),
          line(brand.sony, t('Bravia Theatre Bar 9', 'برافيا ثياتر بار 9')),
          line(brand.bose, t('Smart Ultra', 'سمارت ألترا')),
        ],
        variants: [t('3.1 channel', '3.1 قناة'), t('11.1.4 channel', '11.1.4 قناة')],
        colours: [colours.black],
        priceSar: [699, 5499],
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
        lines: [
          line(brand.sony, t('PlayStation 5 Pro', 'بلايستيشن 5 برو')),
          line(brand.microsoft, t('Xbox Series X', 'إكس بوكس سيريس X')),
          line(brand.nintendo, t('Switch 2', 'سويتش 2')),
        ],
        variants: [t('Standard edition', 'النسخة العادية'), t('Digital edition', 'النسخة الرقمية')],
        colours: [colours.white, colours.black],
        priceSar: [1499, 3299],
        specs: [{ name: t('Storage', 'السعة'), values: [t('1TB', '1 تيرابايت'), t('2TB', '2 تيرابايت')] }],
      },
      {
        urlKey: 'controllers',
        name: t('Controllers & Accessories', 'اليدّات والإكسسوارات'),
        kind: 'controller',
        lines: [
          // Named as their makers sell them: the console they are for is part of the name a shopper types.
          line(brand.sony, t('PlayStation DualSense Edge Controller', 'يد تحكم بلايستيشن دول سينس إيدج')),
          line(brand.microsoft, t('Xbox Elite Controller 2', 'يد تحكم إكس بوكس إيليت 2')),
          line(brand.nintendo, t('Switch Pro Controller', 'يد تحكم سويتش برو')),
        ],
        variants: [t('Wireless', 'لاسلكية')],
        colours: [colours.white, colours.black, colours.red],
        priceSar: [199, 899],
        specs: [{ name: t('Connection', 'الاتصال'), values: [t('Bluetooth', 'بلوتوث'), t('USB-C', 'USB-C')] }],
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
        lines: [
          line(brand.canon, t('EOS R6 Mark III', 'EOS R6 مارك III')),
          line(brand.nikon, t('Z6 III', 'Z6 III')),
          line(brand.sony, t('Alpha 7 V', 'ألفا 7 V')),
        ],
        variants: [t('Body only', 'الجسم فقط'), t('With 24-105mm lens', 'مع عدسة 24-105 ملم')],
        colours: [colours.black],
        priceSar: [4999, 16999],
        specs: [
          { name: t('Sensor', 'المستشعر'), values: [t('Full frame 24 MP', 'إطار كامل 24 ميجابكسل'), t('Full frame 33 MP', 'إطار كامل 33 ميجابكسل')] },
        ],
      },
      {
        urlKey: 'action-cameras',
        name: t('Action Cameras & Drones', 'كاميرات الأكشن والدرون'),
        kind: 'drone',
        lines: [
          line(brand.dji, t('Mini 5 Pro', 'ميني 5 برو')),
          line(brand.gopro, t('HERO 14 Black', 'هيرو 14 بلاك')),
          line(brand.dji, t('Osmo Action 6', 'أوزمو أكشن 6')),
        ],
        variants: [t('Standard kit', 'الطقم الأساسي'), t('Fly More combo', 'باقة فلاي مور')],
        colours: [colours.grey, colours.black],
        priceSar: [1299, 5999],
        specs: [{ name: t('Video', 'الفيديو'), values: [t('4K 120fps', 'فور كي 120 إطار'), t('5.3K 60fps', '5.3K بمعدل 60 إطار')] }],
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
        bigItems: true,
        fee: { title: t('Delivery to upper floors', 'التوصيل للأدوار العليا'), priceSar: 99 },
        lines: [
          line(brand.samsung, t('Bespoke French Door', 'بيسبوك بابين فرنسي')),
          line(brand.lg, t('InstaView', 'إنستا فيو')),
          line(brand.bosch, t('Serie 6', 'سيري 6')),
          line(brand.whirlpool, t('Side by Side', 'جنب إلى جنب')),
        ],
        variants: [t('18 cu ft', '18 قدم مكعب'), t('24 cu ft', '24 قدم مكعب'), t('28 cu ft', '28 قدم مكعب')],
        colours: [colours.steel, colours.white, colours.black],
        priceSar: [2499, 12999],
        specs: [{ name: t('Energy rating', 'كفاءة الطاقة'), values: [t('A++', 'A++'), t('A+++', 'A+++')] }],
      },
      {
        urlKey: 'washing-machines',
        name: t('Washing Machines', 'الغسالات'),
        kind: 'washer',
        bigItems: true,
        fee: { title: t('Installation', 'التركيب'), priceSar: 79.5 },
        lines: [
          line(brand.samsung, t('AI Ecobubble', 'إيكو بابل بالذكاء الاصطناعي')),
          line(brand.lg, t('TurboWash', 'توربو ووش')),
          line(brand.bosch, t('Serie 8', 'سيري 8')),
          line(brand.whirlpool, t('FreshCare', 'فريش كير')),
        ],
        variants: [t('9 kg', '9 كجم'), t('12 kg', '12 كجم')],
        colours: [colours.white, colours.silver],
        priceSar: [1499, 5999],
        specs: [{ name: t('Spin speed', 'سرعة العصر'), values: [t('1,200 rpm', '1200 دورة/دقيقة'), t('1,400 rpm', '1400 دورة/دقيقة')] }],
      },
      {
        urlKey: 'air-conditioners',
        name: t('Air Conditioners', 'المكيفات'),
        kind: 'ac',
        bigItems: true,
        fee: { title: t('Split AC installation', 'تركيب مكيف سبليت'), priceSar: 249.5 },
        lines: [
          line(brand.gree, t('Pular Inverter', 'بولار إنفرتر')),
          line(brand.zamil, t('Classic Split', 'سبليت كلاسيك')),
          line(brand.lg, t('DualCool', 'دول كول')),
          line(brand.samsung, t('WindFree', 'ويند فري')),
        ],
        variants: [t('18,000 BTU', '18000 وحدة حرارية'), t('24,000 BTU', '24000 وحدة حرارية')],
        colours: [colours.white],
        priceSar: [1899, 5499],
        specs: [{ name: t('Mode', 'النمط'), values: [t('Cooling only', 'تبريد فقط'), t('Hot & cold', 'حار وبارد')] }],
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
        lines: [
          line(brand.dyson, t('V15 Detect', 'V15 ديتكت')),
          line(brand.xiaomi, t('Robot Vacuum X20', 'مكنسة روبوت X20')),
          line(brand.philips, t('SpeedPro Max', 'سبيد برو ماكس')),
          line(brand.samsung, t('Bespoke Jet', 'بيسبوك جت')),
        ],
        variants: [t('Cordless', 'لاسلكية'), t('Robot', 'روبوت')],
        colours: [colours.grey, colours.white],
        priceSar: [399, 3499],
        specs: [{ name: t('Run time', 'مدة التشغيل'), values: [t('60 minutes', '60 دقيقة'), t('180 minutes', '180 دقيقة')] }],
      },
      {
        urlKey: 'irons',
        name: t('Irons & Garment Care', 'المكاوي والعناية بالملابس'),
        kind: 'iron',
        lines: [
          line(brand.philips, t('Azur 8000', 'أزور 8000')),
          line(brand.tefal, t('Puregliss', 'بيور جليس')),
          line(brand.braun, t('CareStyle 7', 'كير ستايل 7')),
        ],
        variants: [t('Steam iron', 'مكواة بخار'), t('Steam generator', 'مولد بخار')],
        colours: [colours.blue, colours.white],
        priceSar: [129, 1299],
        specs: [{ name: t('Power', 'القدرة'), values: [t('2,600 W', '2600 واط'), t('3,000 W', '3000 واط')] }],
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
        lines: [
          line(brand.delonghi, t('Magnifica Evo', 'ماجنيفيكا إيفو')),
          line(brand.nespresso, t('Vertuo Pop', 'فيرتو بوب')),
          line(brand.philips, t('LatteGo 5400', 'لاتيه جو 5400')),
        ],
        variants: [t('Automatic', 'أوتوماتيكية'), t('Capsule', 'كبسولات')],
        colours: [colours.black, colours.silver, colours.red],
        priceSar: [349, 4999],
        specs: [{ name: t('Pressure', 'الضغط'), values: [t('15 bar', '15 بار'), t('19 bar', '19 بار')] }],
      },
      {
        urlKey: 'air-fryers',
        name: t('Air Fryers', 'القلايات الهوائية'),
        kind: 'airfryer',
        lines: [
          line(brand.philips, t('Airfryer XXL', 'إير فراير XXL')),
          line(brand.ninja, t('Foodi Dual Zone', 'فودي بسلتين')),
          line(brand.tefal, t('Easy Fry', 'إيزي فراي')),
        ],
        variants: [t('5.5 L', '5.5 لتر'), t('9.5 L', '9.5 لتر')],
        colours: [colours.black, colours.white],
        priceSar: [249, 1199],
        specs: [{ name: t('Programmes', 'البرامج'), values: [t('7 presets', '7 برامج'), t('12 presets', '12 برنامج')] }],
      },
      {
        urlKey: 'blenders',
        name: t('Blenders & Mixers', 'الخلاطات والعجانات'),
        kind: 'blender',
        lines: [
          line(brand.kenwood, t('Chef Titanium', 'شيف تيتانيوم')),
          line(brand.braun, t('PowerBlend 9', 'باور بليند 9')),
          line(brand.philips, t('Series 7000', 'سلسلة 7000')),
        ],
        variants: [t('1.5 L', '1.5 لتر'), t('2 L', '2 لتر')],
        colours: [colours.silver, colours.black],
        priceSar: [199, 2999],
        specs: [{ name: t('Power', 'القدرة'), values: [t('1,000 W', '1000 واط'), t('1,500 W', '1500 واط')] }],
      },
      {
        urlKey: 'ovens-microwaves',
        name: t('Ovens & Microwaves', 'الأفران والمايكروويف'),
        kind: 'microwave',
        lines: [
          line(brand.samsung, t('Grill Microwave', 'مايكروويف بالشواية')),
          line(brand.lg, t('NeoChef', 'نيو شيف')),
          line(brand.bosch, t('Serie 4 Oven', 'فرن سيري 4')),
        ],
        variants: [t('25 L', '25 لتر'), t('42 L', '42 لتر')],
        colours: [colours.black, colours.steel],
        priceSar: [349, 2999],
        specs: [{ name: t('Power', 'القدرة'), values: [t('900 W', '900 واط'), t('1,200 W', '1200 واط')] }],
      },
      {
        urlKey: 'cookware',
        name: t('Cookware', 'أواني الطبخ'),
        kind: 'cookware',
        lines: [
          line(brand.tefal, t('Ingenio', 'إنجينيو')),
          line(brand.pan, t('Granite Set', 'طقم جرانيت')),
          line(brand.pan, t('Daily Chef', 'ديلي شيف')),
        ],
        variants: [t('10-piece set', 'طقم 10 قطع'), t('13-piece set', 'طقم 13 قطعة')],
        colours: [colours.black, colours.red],
        priceSar: [149, 999],
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
        bigItems: true,
        fee: { title: t('Assembly', 'التركيب'), priceSar: 120 },
        lines: [
          line(brand.ikea, t('Najd Corner Sofa', 'كنبة نجد الركنية')),
          line(brand.pan, t('Dune 3-Seater', 'كنبة ديون 3 مقاعد')),
          line(brand.ikea, t('Oasis Recliner', 'كرسي أويسس القابل للإمالة')),
        ],
        variants: [t('Fabric', 'قماش'), t('Velvet', 'مخمل')],
        colours: [colours.beige, colours.grey, colours.green],
        priceSar: [999, 6999],
        specs: [{ name: t('Seats', 'عدد المقاعد'), values: [t('3', '3'), t('5', '5')] }],
      },
      {
        urlKey: 'beds',
        name: t('Beds & Mattresses', 'الأسرّة والمراتب'),
        kind: 'bed',
        bigItems: true,
        lines: [line(brand.ikea, t('Qamar Bed Frame', 'سرير قمر')), line(brand.pan, t('Cloud Mattress', 'مرتبة كلاود'))],
        variants: [t('Single', 'مفرد'), t('King', 'كينج')],
        colours: [colours.white, colours.grey],
        priceSar: [699, 4999],
        specs: [{ name: t('Firmness', 'الصلابة'), values: [t('Medium', 'متوسطة'), t('Firm', 'صلبة')] }],
      },
      {
        urlKey: 'lighting',
        name: t('Lighting', 'الإضاءة'),
        kind: 'lamp',
        lines: [
          line(brand.philips, t('Hue Go', 'هيو جو')),
          line(brand.xiaomi, t('Desk Lamp Pro', 'مصباح مكتب برو')),
          line(brand.ikea, t('Floor Lamp Arc', 'مصباح أرضي قوسي')),
        ],
        variants: [t('Warm white', 'أبيض دافئ'), t('Colour', 'ملوّن')],
        colours: [colours.white, colours.black, colours.gold],
        priceSar: [79, 899],
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
        lines: [
          line(brand.anker, t('Nano Charger', 'شاحن نانو')),
          line(brand.belkin, t('BoostCharge Pro', 'بوست تشارج برو')),
          line(brand.samsung, t('Power Bank 20K', 'باور بانك 20 ألف')),
          line(brand.apple, t('MagSafe Charger', 'شاحن ماج سيف')),
        ],
        variants: [t('30 W', '30 واط'), t('65 W', '65 واط'), t('100 W', '100 واط')],
        colours: [colours.white, colours.black],
        priceSar: [49, 449],
        specs: [{ name: t('Port', 'المنفذ'), values: [t('USB-C', 'USB-C'), t('USB-C + USB-A', 'USB-C و USB-A')] }],
      },
      {
        urlKey: 'smart-home',
        name: t('Smart Home', 'المنزل الذكي'),
        kind: 'router',
        lines: [
          line(brand.tplink, t('Tapo Camera C220', 'كاميرا تابو C220')),
          line(brand.xiaomi, t('Smart Plug Mini', 'قابس ذكي ميني')),
          line(brand.philips, t('Hue Bridge', 'هيو بريدج')),
        ],
        variants: [t('Single', 'قطعة واحدة'), t('2-pack', 'عبوة قطعتين')],
        colours: [colours.white],
        priceSar: [59, 599],
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
        lines: [
          line(brand.braun, t('Series 9 Pro', 'سلسلة 9 برو')),
          line(brand.philips, t('OneBlade 360', 'ون بليد 360')),
          line(brand.philips, t('Beard Trimmer 7', 'مشذب اللحية 7')),
        ],
        variants: [t('Wet & dry', 'للاستخدام الرطب والجاف')],
        colours: [colours.black, colours.silver],
        priceSar: [99, 1499],
        specs: [{ name: t('Run time', 'مدة التشغيل'), values: [t('60 minutes', '60 دقيقة'), t('120 minutes', '120 دقيقة')] }],
      },
      {
        urlKey: 'hair-care',
        name: t('Hair Care', 'العناية بالشعر'),
        kind: 'iron',
        lines: [
          line(brand.dyson, t('Supersonic Nural', 'سوبرسونك نيورال')),
          line(brand.dyson, t('Airwrap i.d.', 'إير راب آي دي')),
          line(brand.braun, t('Satin Hair 7', 'ساتن هير 7')),
        ],
        variants: [t('Standard', 'عادي'), t('Gift edition', 'إصدار الهدايا')],
        colours: [colours.red, colours.blue, colours.gold],
        priceSar: [149, 2499],
        specs: [{ name: t('Heat settings', 'درجات الحرارة'), values: [t('3', '3'), t('4', '4')] }],
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
        lines: [line(brand.xiaomi, t('70mai Dash Cam 4K', 'كاميرا 70mai فور كي')), line(brand.anker, t('Roav DashCam', 'روف داش كام'))],
        variants: [t('Front', 'أمامية'), t('Front & rear', 'أمامية وخلفية')],
        colours: [colours.black],
        priceSar: [199, 899],
        specs: [{ name: t('Night vision', 'الرؤية الليلية'), values: [t('Yes', 'نعم')] }],
      },
      {
        urlKey: 'car-chargers',
        name: t('Car Chargers & Mounts', 'شواحن وحوامل السيارة'),
        kind: 'charger',
        lines: [line(brand.anker, t('PowerDrive', 'باور درايف')), line(brand.belkin, t('BoostCharge Car', 'بوست تشارج للسيارة'))],
        variants: [t('Dual port', 'منفذين'), t('MagSafe mount', 'حامل ماج سيف')],
        colours: [colours.black],
        priceSar: [49, 299],
        specs: [{ name: t('Output', 'القدرة'), values: [t('40 W', '40 واط'), t('65 W', '65 واط')] }],
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
    name: t('Coming Soon', 'قريباً'),
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
