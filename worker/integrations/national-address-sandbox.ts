/**
 * The embedded Saudi Post National Address API: what the adapter (./national-address.ts) talks to in development and
 * tests. It answers the two calls the store makes as SPL documents them: the short-address lookup and the address
 * verification, the `api_key` header checked (401 `{statusCode, message}` as SPL's gateway answers a wrong key),
 * `language` A or E, every value text. Its addresses are a handful of believable ones in the store's cities; the
 * short address DOWN0503 always answers 503, for trying a provider that is down.
 */
import { Hono } from 'hono'
import { readSecret } from '../platform/secrets'
import { sameText } from './constant-time'
import { shortAddressPath, verifyPath, type SplAddress, type SplLookupAnswer, type SplVerifyAnswer } from './national-address'

/** The short address the embedded SPL always fails with a server error. */
export const nationalAddressDownShortAddress = 'DOWN0503'

interface SeededAddress {
  short: string
  building: string
  postCode: string
  additional: string
  ar: { street: string; district: string; city: string; region: string }
  en: { street: string; district: string; city: string; region: string }
  lat: string
  lng: string
}

/** Believable National Addresses in the store's cities (docs/product.md, "Checkout": the demo's short addresses). */
export const seededNationalAddresses: readonly SeededAddress[] = [
  {
    short: 'RRRD2929',
    building: '2929',
    postCode: '12271',
    additional: '7346',
    ar: { street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', region: 'منطقة الرياض' },
    en: { street: 'King Fahd Road', district: 'Al Olaya', city: 'Riyadh', region: 'Riyadh Region' },
    lat: '24.7136',
    lng: '46.6753',
  },
  {
    short: 'RHMA3184',
    building: '3184',
    postCode: '13315',
    additional: '6512',
    ar: { street: 'شارع أنس بن مالك', district: 'الملقا', city: 'الرياض', region: 'منطقة الرياض' },
    en: { street: 'Anas Ibn Malik Street', district: 'Al Malqa', city: 'Riyadh', region: 'Riyadh Region' },
    lat: '24.8102',
    lng: '46.6219',
  },
  {
    short: 'JESA4721',
    building: '4721',
    postCode: '23432',
    additional: '8831',
    ar: { street: 'شارع التحلية', district: 'الروضة', city: 'جدة', region: 'منطقة مكة المكرمة' },
    en: { street: 'Tahlia Street', district: 'Ar Rawdah', city: 'Jeddah', region: 'Makkah Region' },
    lat: '21.5611',
    lng: '39.1530',
  },
  {
    short: 'JESA3030',
    building: '8228',
    postCode: '23441',
    additional: '2705',
    ar: { street: 'طريق الأمير سلطان', district: 'الزهراء', city: 'جدة', region: 'منطقة مكة المكرمة' },
    en: { street: 'Prince Sultan Road', district: 'Az Zahra', city: 'Jeddah', region: 'Makkah Region' },
    lat: '21.5906',
    lng: '39.1420',
  },
  {
    short: 'DDAB6218',
    building: '6218',
    postCode: '32415',
    additional: '4410',
    ar: { street: 'شارع الأمير محمد بن فهد', district: 'الفيصلية', city: 'الدمام', region: 'المنطقة الشرقية' },
    en: { street: 'Prince Mohammed Bin Fahd Street', district: 'Al Faisaliyah', city: 'Dammam', region: 'Eastern Province' },
    lat: '26.4207',
    lng: '50.0888',
  },
  {
    short: 'KKHB6418',
    building: '6418',
    postCode: '34412',
    additional: '3618',
    ar: { street: 'طريق الكورنيش', district: 'الكورنيش', city: 'الخبر', region: 'المنطقة الشرقية' },
    en: { street: 'Al Kurnaysh Road', district: 'Al Kurnaysh', city: 'Khobar', region: 'Eastern Province' },
    lat: '26.3189',
    lng: '50.2280',
  },
  {
    short: 'MMKA5372',
    building: '5372',
    postCode: '24231',
    additional: '2094',
    ar: { street: 'شارع العزيزية العام', district: 'العزيزية', city: 'مكة المكرمة', region: 'منطقة مكة المكرمة' },
    en: { street: 'Al Aziziyah Main Street', district: 'Al Aziziyah', city: 'Makkah', region: 'Makkah Region' },
    lat: '21.4010',
    lng: '39.8610',
  },
  {
    short: 'MDQB7105',
    building: '7105',
    postCode: '42313',
    additional: '5567',
    ar: { street: 'طريق قباء', district: 'قباء', city: 'المدينة المنورة', region: 'منطقة المدينة المنورة' },
    en: { street: 'Quba Road', district: 'Quba', city: 'Madinah', region: 'Madinah Region' },
    lat: '24.4390',
    lng: '39.6170',
  },
]

const splAddress = (seeded: SeededAddress, english: boolean): SplAddress => {
  const words = english ? seeded.en : seeded.ar
  return {
    Title: null,
    Address1: `${seeded.building} ${words.street} - ${words.district}`,
    Address2: `${words.city} ${seeded.postCode} - ${seeded.additional}`,
    BuildingNumber: seeded.building,
    Street: words.street,
    District: words.district,
    City: words.city,
    PostCode: seeded.postCode,
    AdditionalNumber: seeded.additional,
    RegionName: words.region,
    Latitude: seeded.lat,
    Longitude: seeded.lng,
    IsPrimaryAddress: 'True',
    Status: 'Active',
  }
}

const gatewayRefusal = {
  statusCode: 401,
  message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
}

export const nationalAddressSandboxApi = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    const key = await readSecret(c.env, 'NATIONAL_ADDRESS_API_KEY')
    if (!sameText(c.req.header('api_key') ?? '', key)) return c.json(gatewayRefusal, 401)
    await next()
  })
  .get(`/NationalAddress${shortAddressPath}`, (c) => {
    const short = (c.req.query('shortaddress') ?? '').toUpperCase()
    if (short === nationalAddressDownShortAddress) return c.text('Service Unavailable', 503)
    const seeded = seededNationalAddresses.find((a) => a.short === short)
    const answer: SplLookupAnswer = seeded
      ? {
          success: true,
          statusdescription: 'SUCCESS',
          fullexception: null,
          totalSearchResults: '1',
          Addresses: [splAddress(seeded, c.req.query('language') === 'E')],
        }
      : { success: false, statusdescription: 'No Data Found', fullexception: null, totalSearchResults: '0', Addresses: [] }
    return c.json(answer)
  })
  .get(`/NationalAddress${verifyPath}`, (c) => {
    const found = seededNationalAddresses.some(
      (a) =>
        a.building === c.req.query('buildingnumber') && a.postCode === c.req.query('zipcode') && a.additional === c.req.query('additionalnumber'),
    )
    const answer: SplVerifyAnswer = { success: true, addressfound: found, statusdescription: 'SUCCESS' }
    return c.json(answer)
  })
