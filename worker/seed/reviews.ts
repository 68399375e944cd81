/**
 * The demo catalogue's reviews (docs/product.md, "Reviews" and "Demo catalogue and pictures"): on about two products
 * in five, two to seven reviews each, in Saudi Arabic and in English, stars leaning as real ones do (mostly 4 and 5,
 * some 3, a few 1 and 2), what a buyer of that kind of product would say. Drawn from a seeded PRNG: the same rows on
 * every run. They have no order, so they never show "Verified purchase"; they are approved, and a few carry the
 * store's answer.
 */
import type { Locale } from '../../app.config'
import type { Row } from '../storage/sql-writers'
import { createRandom } from './random'

type Said = { stars: number; title: string; body: string }
type Lines = { ar: Said[]; en: Said[] }

const said = (stars: number, title: string, body: string): Said => ({ stars, title, body })

/** What buyers say of a product of any kind: delivery, packing, value. */
const anything: Lines = {
  ar: [
    said(5, 'وصل بسرعة', 'طلبته الأحد ووصلني الثلاثاء، التغليف ممتاز والمنتج نفس الوصف بالضبط. الله يعطيكم العافية'),
    said(5, 'يستاهل كل ريال', 'صراحة ترددت قبل الشراء بس ما ندمت، الجودة أعلى من توقعي والسعر أرخص من المحلات'),
    said(4, 'ممتاز بس التوصيل تأخر يوم', 'المنتج نفسه ممتاز وشغال بدون أي مشكلة، بس المندوب تأخر يوم عن الموعد. غير كذا كل شيء تمام'),
    said(4, 'حلو', 'جيد جدًا مقابل سعره، الاستخدام سهل والتعليمات واضحة بالعربي'),
    said(3, 'عادي', 'مو سيئ بس توقعت أفضل من كذا. يمشي الحال للاستخدام اليومي'),
    said(5, 'ثاني مرة أطلب منكم', 'تعاملكم راقي والدفع عند الاستلام ريحني. المنتج أصلي وعليه ضمان الوكيل'),
    said(2, 'الكرتون وصل مفتوح', 'الكرتون كان مفتوح من جنب والمنتج فيه خدش بسيط، تواصلت مع خدمة العملاء وقالوا بيستبدلونه'),
    said(4, 'اشتريته هدية', 'اشتريته هدية لأخوي وعجبه مرة، بس ياليت فيه تغليف هدايا'),
    said(1, 'ما اشتغل معي', 'من أول يوم فيه مشكلة، رجعته عن طريق الاسترجاع وإن شاء الله يكون البديل أحسن'),
    said(5, 'أنصح فيه', 'أستخدمه صار لي شهر وما شفت منه إلا كل خير، أنصح فيه وبقوة'),
  ],
  en: [
    said(5, 'Arrived in two days', 'Ordered on Sunday, it was at my door in Jeddah by Tuesday. Well packed and exactly as described.'),
    said(4, 'Good value', 'Does what it says. Cheaper than the mall and it came with the local warranty card.'),
    said(5, 'Second order from Matjar', 'Genuine product, paid cash on delivery, courier called before coming. No complaints.'),
    said(3, 'Okay for the price', "It's fine. Nothing special, but I wasn't expecting much at this price either."),
    said(2, 'Box was damaged', 'The outer box was crushed and there is a small scratch on the side. Support offered an exchange, waiting on it.'),
    said(4, 'Happy with it', 'Setup took five minutes. Would have given five stars if the manual were clearer.'),
  ],
}

/** What a buyer of a kind of product says of it. */
const byKind: Record<string, Lines> = {
  phone: {
    ar: [
      said(5, 'البطارية وحش', 'البطارية تكفيني من الصبح لين الليل مع سناب وتيك توك، والكاميرا الليلية تصويرها واضح'),
      said(4, 'جوال ممتاز', 'الشاشة حلوة والأداء سريع، بس يسخن شوي وقت الشحن السريع'),
      said(3, 'الشاحن مو معه', 'الجوال زين بس انصدمت إن الشاحن مو داخل العلبة، اضطريت أشتري واحد'),
    ],
    en: [
      said(5, 'Camera is superb', 'Night photos are sharp and the battery easily lasts a full day. Arabic keyboard works perfectly.'),
      said(4, 'Fast, a bit warm', 'Very quick and the screen is lovely. Gets warm while fast charging, otherwise great.'),
    ],
  },
  laptop: {
    ar: [
      said(5, 'مناسب للجامعة', 'خفيف وأشيله معي كل يوم للجامعة، البطارية تقعد معي ٧ ساعات تقريبًا'),
      said(4, 'أداء قوي', 'أشتغل عليه تصميم ومونتاج خفيف وما يعلق، بس المروحة صوتها يطلع مع الضغط'),
    ],
    en: [
      said(5, 'Great for work', 'Handles Teams, Excel and a dozen Chrome tabs without a hiccup. Keyboard has Arabic letters printed.'),
      said(3, 'Fan is loud', 'Performance is good, but the fan gets noisy under load. Screen could be brighter outdoors.'),
    ],
  },
  tv: {
    ar: [
      said(5, 'ألوانه خيالية', 'الصورة واضحة مرة والألوان حلوة، ركبوه لي نفس يوم التوصيل'),
      said(4, 'حلو للمباريات', 'نتابع عليه الدوري وما فيه تقطيع، الصوت متوسط ونفكر نشتري ساوند بار'),
    ],
    en: [
      said(5, 'Picture is stunning', 'Colours are vivid and the apps (Shahid, Netflix) are all there. Delivery team mounted it for us.'),
      said(4, 'Good TV, average sound', 'Excellent picture for football. The built-in speakers are just okay.'),
    ],
  },
  headphones: {
    ar: [
      said(5, 'عزل الصوت ممتاز', 'أستخدمها في الطيارة والمكتب، العزل يقطع الصوت تقريبًا كله'),
      said(4, 'مريحة', 'خفيفة على الأذن وما تضايق حتى لو لبستها ساعات، البطارية ممتازة'),
    ],
    en: [
      said(5, 'Noise cancelling works', 'Used them on a flight to Riyadh, engine noise gone. Comfortable for hours.'),
      said(3, 'Fit is a bit loose', 'Sound is good, but they slip a little when I walk fast.'),
    ],
  },
  watch: {
    ar: [said(5, 'يتابع النوم والخطوات', 'دقيقة في عد الخطوات ومتابعة النوم، والشاشة واضحة حتى في الشمس')],
    en: [said(4, 'Nice watch', 'Tracks my walks accurately. Battery lasts about two days with the always-on display.')],
  },
  tablet: {
    ar: [said(5, 'للأطفال ممتاز', 'جبته لعيالي للمدرسة، الشاشة كبيرة والبطارية تقعد يومين')],
    en: [said(4, 'Good for reading and Netflix', 'Light, bright screen, good speakers. Wish it came with a case.')],
  },
  airfryer: {
    ar: [said(5, 'ريحتني من الزيت', 'أسوي فيها بطاطس ودجاج وتطلع مقرمشة بدون زيت، وتنظيفها سهل')],
    en: [said(5, 'Use it every day', 'Crispy fries with barely any oil. Basket is easy to wash.')],
  },
  ac: {
    ar: [said(4, 'يبرد بسرعة', 'يبرد الغرفة في دقائق حتى في حر الظهر، صوته هادي بالليل')],
    en: [said(4, 'Cools fast', 'Cools the bedroom quickly even in August. Quiet enough to sleep with.')],
  },
}

/** Names shown with demo reviews: first name and initial, as a buyer's are. */
const names: Record<Locale, string[]> = {
  ar: ['عبدالله ش.', 'نورة ق.', 'فهد م.', 'ريم ع.', 'سلطان د.', 'أمل ح.', 'خالد ع.', 'هيفاء س.', 'تركي ب.', 'منيرة ز.', 'ماجد ر.', 'لمى ح.'],
  en: ['Sara K.', 'Omar H.', 'Ahmed R.', 'Lina M.', 'James P.', 'Fatima Z.', 'Rahul N.', 'Dana S.'],
}

const answers: Record<Locale, string[]> = {
  ar: ['شكرًا على تقييمك، يسعدنا إن المنتج عجبك.', 'نعتذر عن التأخير، وصلتنا ملاحظتك وبلغنا شركة الشحن.'],
  en: ['Thank you for your review, glad you like it.', 'Sorry about the box: our team will contact you about the exchange.'],
}

const demoReviewIds = 900_000_001

/** The reviews of the listed products of a catalogue (`products`: sku and kind), deterministic. */
export function demoReviews(products: { sku: string; image_kind: string }[], seed = 20261128): Row[] {
  const random = createRandom(seed)
  const start = Date.UTC(2026, 5, 1)
  const rows: Row[] = []
  for (const product of products) {
    if (!random.chance(0.4)) continue
    const own = byKind[product.image_kind]
    const pool = (locale: Locale) => [...(own?.[locale] ?? []), ...(own?.[locale] ?? []), ...anything[locale]]
    const used = new Set<string>()
    const count = random.int(2, 7)
    for (let i = 0; i < count; i++) {
      // About two in three in Arabic, as the store's shoppers write.
      const locale: Locale = random.chance(0.66) ? 'ar' : 'en'
      const choice = random.pick(pool(locale))
      if (used.has(choice.title)) continue
      used.add(choice.title)
      const created = new Date(start + random.int(0, 170) * 86_400_000 + random.int(0, 86_399) * 1000).toISOString()
      const answered = choice.stars <= 2 || random.chance(0.1)
      rows.push({
        sku: product.sku,
        author: random.pick(names[locale]),
        stars: choice.stars,
        title: choice.title,
        body: choice.body,
        locale,
        status: 'approved',
        answer: answered ? answers[locale][choice.stars <= 2 ? 1 : 0]! : null,
        answered_at: answered ? created : null,
        helpful: random.int(0, choice.stars >= 4 ? 40 : 12),
        created_at: created,
        moderated_at: created,
      })
    }
  }
  // Ids far above any buyer's, so a re-seed updates its own rows and never a buyer's review.
  return rows.map((row, i) => ({ id: demoReviewIds + i, ...row }))
}
