/**
 * The Saudi Post (SPL) National Address API (docs/product.md, "Checkout"), as SPL documents it at api.address.gov.sa:
 *
 * - "National Address By Short Address": `GET {base}/NationalAddressByShortAddress/NationalAddressByShortAddress`
 *   with `shortaddress` (4 letters and 4 digits, e.g. RRRD2929), `language` (`A` Arabic, the default, or `E`),
 *   `format=json`, `encode=utf8` and `page`;
 * - "Address Verification": `GET {base}/v3.1/Address/address-verify` with `buildingnumber`, `zipcode` and
 *   `additionalnumber` and the same language and format.
 *
 * Each call carries the subscription key in the `api_key` header. A lookup answers `{success, statusdescription,
 * fullexception, totalSearchResults, Addresses: [{BuildingNumber, Street, District, City, PostCode, AdditionalNumber,
 * RegionName, Latitude, Longitude, ...}]}` (every value a string), `success` false or no address when nothing matches;
 * a verification answers `{success, addressfound, statusdescription}`. A wrong key is refused by SPL's gateway with
 * 401 `{statusCode, message}`. The same adapter talks to the embedded SPL (./national-address-sandbox.ts) in
 * development and tests.
 *
 * A lookup never blocks checkout: no answer within `lookupTimeoutMs`, a refused key or a server error is
 * `unavailable`, and the caller keeps the address marked unverified.
 */
import { isDevelopment } from '../http/environment'
import { readSecret } from '../platform/secrets'
import type { Fetcher } from './send-outcome'

export const nationalAddressBase = 'https://apina.address.gov.sa/NationalAddress'
export const embeddedNationalAddressBase = 'https://national-address.embedded/NationalAddress'
export const shortAddressPath = '/NationalAddressByShortAddress/NationalAddressByShortAddress'
export const verifyPath = '/v3.1/Address/address-verify'

/** Checkout waits no longer than this for SPL (a shopper is typing): past it, the address is kept unverified. */
export const lookupTimeoutMs = 4000

/** One address of SPL's answer, as its documentation names the fields (all text). */
export interface SplAddress {
  BuildingNumber?: string
  Street?: string
  District?: string
  City?: string
  PostCode?: string
  AdditionalNumber?: string
  RegionName?: string
  Latitude?: string
  Longitude?: string
  [field: string]: unknown
}

export interface SplLookupAnswer {
  success?: boolean
  statusdescription?: string
  fullexception?: string | null
  totalSearchResults?: string
  Addresses?: SplAddress[] | null
}

export interface SplVerifyAnswer {
  success?: boolean
  addressfound?: boolean
  statusdescription?: string
}

/** A National Address as the store keeps it: the fields a courier reads. */
export interface FoundAddress {
  building: string
  street: string
  district: string
  city: string
  postalCode: string
  additionalNumber: string
  region: string
}

export type LookupResult = { status: 'found'; address: FoundAddress } | { status: 'not_found' } | { status: 'unavailable'; reason: string }

export type VerifyResult = { status: 'found' } | { status: 'not_found' } | { status: 'unavailable'; reason: string }

export type SplLanguage = 'A' | 'E'

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '')

/** SPL's answer to a short address, read: the first address, nothing found, or no usable answer. */
export function readLookupAnswer(status: number, body: SplLookupAnswer | null): LookupResult {
  if (status === 401 || status === 403) return { status: 'unavailable', reason: `SPL refused the key (${status})` }
  if (status !== 200 || !body || typeof body !== 'object') return { status: 'unavailable', reason: `SPL answered ${status}` }
  const first = body.success === true && Array.isArray(body.Addresses) ? body.Addresses[0] : undefined
  if (!first) return { status: 'not_found' }
  const address: FoundAddress = {
    building: text(first.BuildingNumber),
    street: text(first.Street),
    district: text(first.District),
    city: text(first.City),
    postalCode: text(first.PostCode),
    additionalNumber: text(first.AdditionalNumber),
    region: text(first.RegionName),
  }
  // An answer without the fields a courier needs verifies nothing.
  if (!/^\d{4}$/.test(address.building) || !/^\d{5}$/.test(address.postalCode) || !address.city) {
    return { status: 'unavailable', reason: 'SPL answered an address without its building number, postal code or city' }
  }
  return { status: 'found', address }
}

export function readVerifyAnswer(status: number, body: SplVerifyAnswer | null): VerifyResult {
  if (status === 401 || status === 403) return { status: 'unavailable', reason: `SPL refused the key (${status})` }
  if (status !== 200 || !body || typeof body !== 'object' || body.success !== true) return { status: 'unavailable', reason: `SPL answered ${status}` }
  return body.addressfound === true ? { status: 'found' } : { status: 'not_found' }
}

async function ask<T>(
  fetcher: Fetcher,
  url: string,
  apiKey: string,
  timeoutMs: number,
): Promise<{ status: number; body: T | null } | { error: string }> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  // The race is ours, not only the signal's: a fetcher that ignores the signal still cannot hold checkout.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`timed out after ${timeoutMs} ms`))
    }, timeoutMs)
  })
  try {
    const request = new Request(url, { headers: { accept: 'application/json', api_key: apiKey }, signal: controller.signal })
    return await Promise.race([
      (async () => {
        const response = await fetcher(request)
        return { status: response.status, body: (await response.json().catch(() => null)) as T | null }
      })(),
      timeout,
    ])
  } catch (error) {
    return { error: `no answer: ${String(error)}` }
  } finally {
    clearTimeout(timer)
  }
}

export function nationalAddressClient(config: { base: string; apiKey: string; timeoutMs?: number }, fetcher: Fetcher) {
  const timeoutMs = config.timeoutMs ?? lookupTimeoutMs
  const query = (language: SplLanguage, fields: Record<string, string>) =>
    new URLSearchParams({ ...fields, language, format: 'json', encode: 'utf8', page: '1' }).toString()
  return {
    /** The address of a short address (already checked to be 4 letters and 4 digits). */
    async byShortAddress(shortAddress: string, language: SplLanguage): Promise<LookupResult> {
      const answer = await ask<SplLookupAnswer>(
        fetcher,
        `${config.base}${shortAddressPath}?${query(language, { shortaddress: shortAddress })}`,
        config.apiKey,
        timeoutMs,
      )
      return 'error' in answer ? { status: 'unavailable', reason: answer.error } : readLookupAnswer(answer.status, answer.body)
    },
    /** Whether a building number, postal code and additional number are one National Address. */
    async verify(address: { building: string; postalCode: string; additionalNumber: string }, language: SplLanguage): Promise<VerifyResult> {
      const answer = await ask<SplVerifyAnswer>(
        fetcher,
        `${config.base}${verifyPath}?${query(language, { buildingnumber: address.building, zipcode: address.postalCode, additionalnumber: address.additionalNumber })}`,
        config.apiKey,
        timeoutMs,
      )
      return 'error' in answer ? { status: 'unavailable', reason: answer.error } : readVerifyAnswer(answer.status, answer.body)
    },
  }
}

export type NationalAddressClient = ReturnType<typeof nationalAddressClient>

/**
 * The client for this environment: the embedded SPL in development (its key generated like every development secret),
 * SPL itself in production when NATIONAL_ADDRESS_API_KEY is set, or null (nothing is verified; every address is kept
 * unverified and the console says so).
 */
export async function nationalAddressFor(env: Env, fetcher: Fetcher): Promise<NationalAddressClient | null> {
  if (isDevelopment(env)) {
    return nationalAddressClient({ base: embeddedNationalAddressBase, apiKey: await readSecret(env, 'NATIONAL_ADDRESS_API_KEY') }, fetcher)
  }
  const apiKey = (env as { NATIONAL_ADDRESS_API_KEY?: string }).NATIONAL_ADDRESS_API_KEY
  return apiKey ? nationalAddressClient({ base: nationalAddressBase, apiKey }, fetcher) : null
}
