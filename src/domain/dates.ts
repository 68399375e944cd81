/**
 * Dates in Asia/Riyadh, the same on the server and in the browser (docs/product.md, "Languages, numbers and text"), so
 * hydration never disagrees and "today" is the shopper's today.
 */
import { appConfig, type Locale } from '../../app.config'

const timeZone = appConfig.store.timeZone

/** Formatters by locale and options, each made once: one costs milliseconds to make and little to use. */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let f = formatters.get(key)
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)))
  return f
}

/** yyyy-mm-dd of the given instant in Riyadh. */
export function riyadhDateString(instant: Date): string {
  // en-CA formats as yyyy-mm-dd.
  return formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

/** The hour (0-23) of the given instant in Riyadh. */
export function riyadhHour(instant: Date): number {
  return Number(formatter('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(instant))
}

/** Adds whole days to a yyyy-mm-dd calendar date (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10)
}

function weekdayName(date: string, locale: Locale | 'en-US' = 'en-US'): string {
  const intlLocale = locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US'
  return formatter(intlLocale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

export interface AvailableDate {
  Date: string
  Day: string
}

/** A delivery date with its words in the page's language, made on the server (a browser's first date formatter costs ~20 ms). */
export interface DisplayDate extends AvailableDate {
  label: string
}

/** The delivery dates a city offers: `count` days starting `leadDays` after today in Riyadh. */
export function availableDeliveryDates(now: Date, leadDays: number, count: number): AvailableDate[] {
  const today = riyadhDateString(now)
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(today, leadDays + i)
    return { Date: date, Day: weekdayName(date) }
  })
}

/**
 * The delivery dates a city offers, with their words in the page's language: the one rule behind the product page's
 * chips and the first date on every card (docs/product.md, "Product card"), so the two never disagree.
 */
export function deliveryDates(now: Date, leadDays: number, count: number, locale: Locale): DisplayDate[] {
  return availableDeliveryDates(now, leadDays, count).map((date) => ({ ...date, label: formatDisplayDate(date.Date, locale) }))
}

/** Each city's first delivery date (the product page's first chip), by city id: what every card shows. */
export function firstDeliveryByCity(
  now: Date,
  cities: readonly { value: string; lead_days?: number }[],
  locale: Locale,
): Record<string, DisplayDate> {
  return Object.fromEntries(cities.flatMap((c) => (c.lead_days === undefined ? [] : [[c.value, deliveryDates(now, c.lead_days, 1, locale)[0]!]])))
}

/**
 * What the delivery dates depend on besides the city: the Riyadh calendar day (the rule has no other cut-off). A page
 * that shows a date is cached under it (worker/http/page-cache.ts, docs/decisions/0040-card-delivery-dates.md).
 */
export function deliveryPromiseEpoch(now: Date): string {
  return riyadhDateString(now)
}

/** A calendar date for display in the page's language, Western digits, Riyadh calendar. */
export function formatDisplayDate(date: string, locale: Locale): string {
  const intlLocale = locale === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB'
  return formatter(intlLocale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/** An instant as staff read it in the console: date and time of day in Riyadh, Western digits, in the console's language. */
export function formatRiyadhTime(iso: string, locale: Locale): string {
  const intlLocale = locale === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB'
  return formatter(intlLocale, { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  )
}
