/**
 * The retailer's showrooms (docs/product.md, "Showrooms"): what "Available on stores" promises, listed per city.
 * Hours are Riyadh wall-clock times ('HH:MM'), shown in the page's language the way the dates are (Western digits).
 */
import type { Locale } from '../../app.config'

/** A showroom in the page's language, as the showrooms page shows it. */
export interface Showroom {
  id: string
  region_id: number
  city: string
  name: string
  address: string
  opens: string
  closes: string
  friday_opens: string
  friday_closes: string
  /** Saudi landline, 0 then 9 digits (011 Riyadh, 012 Makkah region, 013 Eastern Province, 014 Madinah). */
  phone: string
  map_url: string
}

export interface ShowroomCity {
  region_id: number
  city: string
  showrooms: Showroom[]
}

/**
 * The showrooms grouped by city, in the order they come (the region list's, then each city's), with the shopper's
 * city first: that is the one they came to find.
 */
export function showroomCities(showrooms: readonly Showroom[], shopperRegionId: number | null): ShowroomCity[] {
  const cities: ShowroomCity[] = []
  for (const showroom of showrooms) {
    let city = cities.find((c) => c.region_id === showroom.region_id)
    if (!city) cities.push((city = { region_id: showroom.region_id, city: showroom.city, showrooms: [] }))
    city.showrooms.push(showroom)
  }
  const mine = cities.findIndex((c) => c.region_id === shopperRegionId)
  if (mine > 0) cities.unshift(...cities.splice(mine, 1))
  return cities
}

const timeFormats = new Map<Locale, Intl.DateTimeFormat>()

/** A wall-clock 'HH:MM' in the page's language: "10:00 am", "10:00 ص". */
export function showroomTime(time: string, locale: Locale): string {
  let format = timeFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'UTC',
    })
    timeFormats.set(locale, format)
  }
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return format.format(new Date(Date.UTC(2026, 0, 1, hours, minutes)))
}

/** The number as a tel: link dials it from abroad too. */
export function showroomTel(phone: string): string {
  return `tel:+966${phone.replace(/^0/, '')}`
}

/** The number as Saudis write a landline: 011 218 0400. */
export function showroomPhoneText(phone: string): string {
  return phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')
}
