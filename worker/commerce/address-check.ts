/**
 * The National Address behind an order (docs/product.md, "Checkout"): a short address is looked up at Saudi Post
 * (worker/integrations/national-address.ts) and its building, street, district, postal code and additional number
 * replace what was typed; a manual address with an additional number is verified as one National Address. What SPL
 * denies is refused with a message under the field; what it cannot answer (down, slow, no key) is kept, marked
 * unverified, for the operator to check: a provider never blocks checkout.
 */
import type { Locale } from '../../app.config'
import type { AddressFields, CheckoutDetails } from '../../src/domain/checkout'
import { isDevelopment } from '../http/environment'
import { embeddedNationalAddressBase, nationalAddressFor, type FoundAddress, type LookupResult } from '../integrations/national-address'
import { nationalAddressSandboxApi } from '../integrations/national-address-sandbox'
import type { Fetcher } from '../integrations/send-outcome'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { CommerceError } from './errors'

/** Where SPL requests go: SPL in production, the embedded SPL in development and tests. */
export function nationalAddressFetcher(env: Env): Fetcher {
  if (!isDevelopment(env)) return (request) => fetch(request)
  const embeddedHost = new URL(embeddedNationalAddressBase).host
  return async (request) => {
    if (new URL(request.url).host !== embeddedHost) throw new Error(`no embedded provider answers ${request.url}`)
    return nationalAddressSandboxApi.fetch(request, env)
  }
}

const splLanguage = (locale: Locale) => (locale === 'ar' ? 'A' : 'E')

function logUnavailable(reason: string) {
  console.warn(JSON.stringify({ level: 'warn', message: 'national address unavailable', reason }))
}

/** A short address looked up in the shopper's language (already 4 letters and 4 digits). */
export async function lookUpShortAddress(
  env: Env,
  shortAddress: string,
  locale: Locale,
  fetcher = nationalAddressFetcher(env),
): Promise<LookupResult> {
  const client = await nationalAddressFor(env, fetcher)
  if (!client) return { status: 'unavailable', reason: 'NATIONAL_ADDRESS_API_KEY is not set' }
  const result = await client.byShortAddress(shortAddress, splLanguage(locale))
  if (result.status === 'unavailable') logUnavailable(result.reason)
  return result
}

/** "Al Khobar", "الخبر", "Al-Ahsa": a city's name without its article, case, spaces and hyphens, to compare names. */
const cityKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/^(al[\s-]+|ال)/, '')
    .replace(/[\s\-'’]+/g, '')

/** The store's city a provider's city name is, or null when it names none of them (a village near one, say). */
async function storeCityOf(env: Env, city: string): Promise<number | null> {
  const key = cityKey(city)
  const [ar, en] = await Promise.all([cachedCatalogue(env).regions('ar'), cachedCatalogue(env).regions('en')])
  const match = [...ar, ...en].find((region) => region.value !== '' && cityKey(region.label) === key)
  return match ? Number(match.value) : null
}

const withFound = (address: AddressFields, found: FoundAddress): AddressFields => ({
  ...address,
  district: found.district,
  street: found.street,
  building: found.building,
  postalCode: found.postalCode,
  additionalNumber: found.additionalNumber,
  verified: true,
})

/**
 * The delivery address as the order keeps it and the courier gets it: verified (`verified: true`, SPL's fields) or
 * not (`verified: false`). Refused: a short address SPL does not know, or one in another of the store's cities than
 * the cart's; a building number, postal code and additional number SPL says are no National Address.
 */
export async function verifiedAddress(
  env: Env,
  address: AddressFields,
  locale: Locale,
  fetcher = nationalAddressFetcher(env),
): Promise<AddressFields> {
  const client = await nationalAddressFor(env, fetcher)
  const unverified = { ...address, verified: false }
  if (!client) return unverified
  if (address.shortAddress) {
    const result = await client.byShortAddress(address.shortAddress, splLanguage(locale))
    if (result.status === 'not_found') throw new CommerceError(400, 'short_address_not_found', {}, ['shortAddress'])
    if (result.status === 'unavailable') {
      logUnavailable(result.reason)
      return unverified
    }
    const city = await storeCityOf(env, result.address.city)
    if (city !== null && city !== address.regionId)
      throw new CommerceError(400, 'short_address_other_city', { city: result.address.city }, ['shortAddress'])
    return withFound(address, result.address)
  }
  if (!address.additionalNumber) return unverified
  const result = await client.verify(address, splLanguage(locale))
  if (result.status === 'not_found') throw new CommerceError(400, 'national_address_not_found', {}, ['building', 'postalCode', 'additionalNumber'])
  if (result.status === 'unavailable') logUnavailable(result.reason)
  return { ...address, verified: result.status === 'found' }
}

/** The details with their delivery address verified (a pickup has none; the billing address goes to no courier). */
export async function withVerifiedAddress(env: Env, details: CheckoutDetails, locale: Locale): Promise<CheckoutDetails> {
  if (!details.shipping_address) return details
  return { ...details, shipping_address: await verifiedAddress(env, details.shipping_address, locale) }
}
