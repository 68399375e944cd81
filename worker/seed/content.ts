/**
 * Seeded home content, footer, static pages and blog posts, in both languages.
 */
import type { Locale } from '../../app.config'
import type { BlogPostRow, ShowroomRow, StaticPageRow } from '../../src/domain/catalogue'
import type { FooterContent, HomeContent } from '../../src/domain/content'

const homeText = {
  ar: {
    banners: [
      ['عروض الجمعة البيضاء', 'خصومات تصل إلى 40% على الجوالات والتلفزيونات', 'تسوّق العروض', '/offers'],
      ['صيّف براحتك', 'مكيفات سبليت مع التركيب في الرياض', 'اكتشف المكيفات', '/air-conditioners'],
      ['عالم الألعاب', 'بلايستيشن 5 برو وإكسسوارات أصلية', 'العب الآن', '/gaming'],
    ],
    popupAlt: 'توصيل مجاني للطلبات فوق 299 ريال',
    rails: [
      ['الجوالات الأكثر مبيعًا', 'smartphones'],
      ['لابتوبات للدراسة والعمل', 'laptops'],
      ['أجهزة المطبخ', 'kitchen'],
    ],
    campaign: 'ينتهي عرض الجمعة البيضاء خلال',
  },
  en: {
    banners: [
      ['White Friday deals', 'Up to 40% off phones and TVs', 'Shop the deals', '/offers'],
      ['Keep cool', 'Split air conditioners with installation in Riyadh', 'Explore ACs', '/air-conditioners'],
      ['Gaming world', 'PlayStation 5 Pro and original accessories', 'Play now', '/gaming'],
    ],
    popupAlt: 'Free delivery on orders over 299 SAR',
    rails: [
      ['Best-selling phones', 'smartphones'],
      ['Laptops for study and work', 'laptops'],
      ['Kitchen appliances', 'kitchen'],
    ],
    campaign: 'White Friday ends in',
  },
} as const

const bannerThemes = ['sunrise', 'oasis', 'night']
// Drawings of products the store sells, in their own colours (docs/product.md, "Demo catalogue and pictures").
const heroProducts = [
  '/media/product/phone-tri-orange-2-cutout.svg',
  '/media/product/ac-split-white-0-cutout.svg',
  '/media/product/console-wings-white-0-cutout.svg',
]
const highlightDrawings = [
  ['mobiles', 'phone-row-blue'],
  ['computers', 'laptop-mac-silver'],
  ['tvs', 'tv-oled55-black'],
  ['audio', 'headphones-over-black'],
  ['gaming', 'console-wings-white'],
  ['cameras', 'camera-mirrorless-black'],
  ['large-appliances', 'fridge-french-steel'],
  ['kitchen', 'coffee-auto-silver'],
] as const

export function homeContent(locale: Locale): HomeContent[] {
  const text = homeText[locale]
  return [
    {
      'fast-delivery-region-ids': [1101, 1102, 1105],
      'popup-banner': {
        'img-en': '/media/banner/popup-en.svg',
        'img-ar': '/media/banner/popup-ar.svg',
        href: '/offers',
        alt: text.popupAlt,
      },
      banners: text.banners.map(([title, subtitle, cta, href], i) => ({
        id: `hero-${i + 1}`,
        title,
        subtitle,
        cta,
        href,
        image_desktop: `/media/banner/hero-${i + 1}-desktop.svg`,
        image_mobile: `/media/banner/hero-${i + 1}-mobile.svg`,
        image_product: heroProducts[i % heroProducts.length]!,
        theme: bannerThemes[i % bannerThemes.length]!,
      })),
      highlights: highlightDrawings.map(([url_key, drawing]) => ({ url_key, image: `/media/product/${drawing}-0.svg` })),
      rails: text.rails.map(([title, category_url_key], i) => ({ id: `rail-${i + 1}`, title, category_url_key })),
      // A campaign window in Asia/Riyadh; the countdown shows only while it is open.
      campaign: { title: text.campaign, opens_at: '2026-11-20T09:00:00+03:00', closes_at: '2026-12-05T19:00:00+03:00' },
    },
  ]
}

export function footerContent(locale: Locale): FooterContent {
  const ar = locale === 'ar'
  return {
    columns: [
      {
        title: ar ? 'تسوّق' : 'Shop',
        links: [
          { label: ar ? 'الجوالات' : 'Mobiles', href: '/mobiles' },
          { label: ar ? 'الكمبيوتر' : 'Computers', href: '/computers' },
          { label: ar ? 'التلفزيونات' : 'TVs', href: '/tvs' },
          { label: ar ? 'العروض' : 'Offers', href: '/offers' },
        ],
      },
      {
        title: ar ? 'خدمة العملاء' : 'Customer service',
        links: [
          { label: ar ? 'حسابي' : 'My account', href: '/user/profile' },
          { label: ar ? 'المفضلة' : 'Favourites', href: '/user/favourites' },
          { label: ar ? 'معارضنا' : 'Our showrooms', href: '/showrooms' },
          { label: ar ? 'المدونة' : 'Blog', href: '/blogs' },
        ],
      },
      {
        title: ar ? 'عن «متجر»' : 'About Matjar',
        links: [
          { label: ar ? 'الشروط والأحكام' : 'Terms & conditions', href: '/static/terms-conditions' },
          { label: ar ? 'سياسة الخصوصية' : 'Privacy policy', href: '/static/privacy-policy' },
          { label: ar ? 'الإشعار القانوني' : 'Legal notice', href: '/static/legal-notice' },
        ],
      },
    ],
    contact: {
      phone: '920000000',
      whatsapp: '966920000000',
      email: 'care@matjar.example',
      hours: ar ? 'يوميًا من 9 صباحًا إلى 11 مساءً' : 'Daily 9 am to 11 pm',
    },
    social: [
      { name: 'X', href: 'https://x.com/matjar' },
      { name: 'Instagram', href: 'https://instagram.com/matjar' },
      { name: 'Snapchat', href: 'https://snapchat.com/add/matjar' },
      { name: 'TikTok', href: 'https://tiktok.com/@matjar' },
    ],
    payment_methods: ['mada', 'visa', 'mastercard', 'applepay', 'tabby', 'tamara', 'cod'],
  }
}

export const staticPages: StaticPageRow[] = [
  {
    slug: 'terms-conditions',
    title_ar: 'الشروط والأحكام',
    title_en: 'Terms and conditions',
    body_ar:
      'باستخدامك «متجر» فإنك توافق على هذه الشروط. الأسعار بالريال السعودي وتشمل ضريبة القيمة المضافة 15%. التوصيل مجاني للطلبات التي تتجاوز 299 ريالًا. يحق لك إرجاع المنتج خلال 7 أيام من الاستلام بحالته الأصلية.',
    body_en:
      'By using Matjar you accept these terms. Prices are in Saudi riyals and include 15% VAT. Delivery is free on orders over 299 SAR. You may return a product within 7 days of delivery in its original condition.',
  },
  {
    slug: 'privacy-policy',
    title_ar: 'سياسة الخصوصية',
    title_en: 'Privacy policy',
    // What is kept, why, for how long and how to ask (docs/product.md, "Your data"; docs/decisions/0028-personal-data-kept.md).
    body_ar: [
      'نحفظ بياناتك داخل المملكة العربية السعودية وفق نظام حماية البيانات الشخصية، ولا نبيعها لأي طرف. نجمع ما يلزم لتنفيذ طلباتك فقط.',
      'ما نحفظه ولماذا: اسمك وبريدك وجوالك وعنوانك الوطني لتوصيل طلباتك وإرجاعها وخدمة الضمان، وحسابك وعناوينك المحفوظة ومفضلتك ما دام حسابك مفتوحًا، والطلبات والفواتير لأن نظام ضريبة القيمة المضافة يوجب حفظها ست سنوات.',
      'إلى متى: رموز التحقق وجلسات الدخول يومًا بعد انتهائها، وسجل الرسائل المرسلة إليك (دون نصها) 14 يومًا، وأحداث التصفح والبحث التي وافقت عليها 90 يومًا، وسجل اختياراتك لملفات تعريف الارتباط 13 شهرًا. ونحذف اسمك وبريدك وجوالك وعنوانك من الطلب بعد سنتين من تاريخه، ويبقى الطلب والفاتورة دون ما يدل عليك.',
      'حقوقك: من صفحة «بياناتك» في حسابك تنزّل نسخة من كل ما نحفظه عنك، أو تغلق حسابك برمز يصل إلى جوالك، فنحذف حسابك وعناوينك ومفضلتك وسلتك، ونُبقي من طلباتك ما يفرضه نظام الضريبة دون اسمك أو تواصلك.',
      'كيف تطلب: لأي طلب آخر عن بياناتك (تصحيحها، أو حذف طلبات أجريتها دون حساب، أو سؤال) استخدم النموذج أدناه، وسنرد على بريدك خلال 30 يومًا.',
    ].join('\n\n'),
    body_en: [
      'We keep your data in Saudi Arabia under the Personal Data Protection Law and never sell it. We collect only what your orders need.',
      'What we keep and why: your name, email, mobile and National Address to deliver your orders, take them back and honour the warranty; your account, saved addresses and favourites while your account is open; orders and invoices because the VAT law requires them to be kept for six years.',
      'For how long: verification codes and sign-in sessions a day after they expire; the record of messages we sent you (without their text) 14 days; the browsing and search events you allowed 90 days; the record of your cookie choices 13 months. Two years after an order we remove your name, email, mobile and address from it; the order and its invoice stay without anything that points to you.',
      'Your rights: from "Your data" in your account you can download a copy of everything we keep about you, or close your account with a code sent to your mobile. Closing deletes your account, addresses, favourites and cart, and keeps of your orders only what the tax law requires, without your name or contact details.',
      'How to ask: for anything else about your data (a correction, orders placed without an account, a question), use the form below and we will answer by email within 30 days.',
    ].join('\n\n'),
  },
  {
    slug: 'legal-notice',
    title_ar: 'الإشعار القانوني',
    title_en: 'Legal notice',
    body_ar: '«متجر» للتجارة الإلكترونية، الرياض، المملكة العربية السعودية. السجل التجاري والرقم الضريبي في أسفل كل صفحة.',
    body_en: 'Matjar e-commerce, Riyadh, Saudi Arabia. The commercial registration and VAT numbers are at the foot of every page.',
  },
]

/**
 * The retailer's showrooms (docs/product.md, "Showrooms"), on streets shoppers know in each city; landlines with the
 * region's code. Saturday to Thursday 10 am to 11 pm, Friday from 4 pm (after the midday prayer), Riyadh time.
 */
const showroomText = [
  [
    1101,
    'riyadh-olaya',
    'معرض العليا',
    'Olaya showroom',
    'حي العليا، طريق الملك فهد، قرب برج المملكة',
    'Al Olaya, King Fahd Road, near Kingdom Centre',
    '0112180400',
    '24.7113,46.6744',
  ],
  [
    1101,
    'riyadh-malqa',
    'معرض الملقا',
    'Al Malqa showroom',
    'حي الملقا، طريق أنس بن مالك، تقاطع طريق الملك فهد',
    'Al Malqa, Anas Ibn Malik Road at King Fahd Road',
    '0112180411',
    '24.8127,46.6218',
  ],
  [
    1101,
    'riyadh-rawdah',
    'معرض الروضة',
    'Al Rawdah showroom',
    'حي الروضة، طريق خريص، مقابل مخرج 11',
    'Al Rawdah, Khurais Road, opposite Exit 11',
    '0112180422',
    '24.7372,46.7645',
  ],
  [
    1102,
    'jeddah-tahlia',
    'معرض التحلية',
    'Tahlia showroom',
    'حي الأندلس، شارع التحلية (الأمير محمد بن عبدالعزيز)',
    'Al Andalus, Tahlia Street (Prince Mohammed bin Abdulaziz Road)',
    '0126140500',
    '21.5433,39.1572',
  ],
  [
    1102,
    'jeddah-naeem',
    'معرض النعيم',
    'An Naeem showroom',
    'حي النعيم، طريق الملك عبدالعزيز',
    'An Naeem, King Abdulaziz Road',
    '0126140511',
    '21.6199,39.1108',
  ],
  [
    1103,
    'makkah-aziziyah',
    'معرض العزيزية',
    'Al Aziziyah showroom',
    'حي العزيزية، شارع عبدالله عريف',
    'Al Aziziyah, Abdullah Arif Street',
    '0125270600',
    '21.4055,39.8726',
  ],
  [
    1104,
    'madinah-khalidiyah',
    'معرض الخالدية',
    'Al Khalidiyah showroom',
    'حي الخالدية، طريق الملك عبدالله',
    'Al Khalidiyah, King Abdullah Road',
    '0148260700',
    '24.4983,39.6112',
  ],
  [
    1105,
    'dammam-shati',
    'معرض الشاطئ',
    'Ash Shati showroom',
    'حي الشاطئ الغربي، طريق الأمير محمد بن فهد',
    'Ash Shati Al Gharbi, Prince Mohammed bin Fahd Road',
    '0138330800',
    '26.4571,50.0990',
  ],
  [
    1106,
    'khobar-yarmouk',
    'معرض اليرموك',
    'Al Yarmouk showroom',
    'حي اليرموك، شارع الأمير تركي',
    'Al Yarmouk, Prince Turki Street',
    '0138330811',
    '26.2932,50.2133',
  ],
] as const

export const showrooms: ShowroomRow[] = showroomText.map(([region_id, id, name_ar, name_en, address_ar, address_en, phone, at], i) => ({
  id,
  region_id,
  position: i,
  name_ar,
  name_en,
  address_ar,
  address_en,
  opens: '10:00',
  closes: '23:00',
  friday_opens: '16:00',
  friday_closes: '23:00',
  phone,
  map_url: `https://www.google.com/maps/search/?api=1&query=${at}`,
}))

export const blogPosts: BlogPostRow[] = [
  {
    slug: 'choosing-a-split-ac',
    title_ar: 'كيف تختار مكيف السبليت المناسب لغرفتك',
    title_en: 'How to choose the right split AC for your room',
    excerpt_ar: 'الوحدات الحرارية ومساحة الغرفة وكفاءة الطاقة: دليل سريع قبل الصيف.',
    excerpt_en: 'BTUs, room size and energy rating: a quick guide before summer.',
    body_ar:
      'لغرفة مساحتها 20 مترًا مربعًا يكفي مكيف بقدرة 18000 وحدة حرارية. اختر موديلًا بتقنية الإنفرتر لتوفير الكهرباء، وتأكد من التركيب على يد فني معتمد.',
    body_en: 'A 20 m² room needs about 18,000 BTU. Pick an inverter model to save power, and have it installed by a certified technician.',
    published_at: '2026-05-10T09:00:00+03:00',
  },
  {
    slug: 'phone-buying-guide-2026',
    title_ar: 'دليل شراء الجوال في 2026',
    title_en: 'Phone buying guide 2026',
    excerpt_ar: 'الكاميرا والبطارية والسعة: ما الذي يهمك فعلًا؟',
    excerpt_en: 'Camera, battery and storage: what really matters?',
    body_ar: 'إذا كنت تصور كثيرًا فاختر سعة 256 جيجابايت على الأقل. البطارية بسعة 5000 مللي أمبير تكفي يومًا كاملًا من الاستخدام.',
    body_en: 'If you shoot a lot of video, choose at least 256GB. A 5,000 mAh battery lasts a full day of use.',
    published_at: '2026-09-01T09:00:00+03:00',
  },
]

/** Demo promotions: a percent coupon, a fixed one with a minimum, an expired one; a gift and an ERP voucher. */
export const coupons = [
  { code: 'WELCOME10', kind: 'percent', amount: 10, min_subtotal: 0, active_from: null, active_to: null, max_uses: null },
  { code: 'SAVE50', kind: 'fixed', amount: 50, min_subtotal: 300, active_from: null, active_to: null, max_uses: null },
  /** A single-use coupon: the first order to spend it wins. */
  { code: 'FIRST100', kind: 'fixed', amount: 100, min_subtotal: 500, active_from: null, active_to: null, max_uses: 1 },
  {
    code: 'WHITEFRIDAY',
    kind: 'percent',
    amount: 15,
    min_subtotal: 500,
    active_from: '2026-11-20T09:00:00+03:00',
    active_to: '2026-12-05T19:00:00+03:00',
    max_uses: null,
  },
  {
    code: 'SUMMER25',
    kind: 'percent',
    amount: 25,
    min_subtotal: 0,
    active_from: '2025-06-01T00:00:00+03:00',
    active_to: '2025-08-31T23:59:59+03:00',
    max_uses: null,
  },
]

export const giftVouchers = [
  // Numbers say nothing about each other: guessing one from another is no use.
  { voucher: 'GIFT-7Q4M-9XK2', pin: '4821', balance: 200 },
  { voucher: 'GIFT-3HWD-6TNB', pin: '1379', balance: 1000 },
]

export const erpVouchers = [{ voucher: 'ERP-100-7788', phone: '966501234567', amount: 100, used_by_quote: null }]
