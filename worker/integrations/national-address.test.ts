import { describe, expect, it } from 'vitest'
import { embeddedNationalAddressBase, nationalAddressClient, readLookupAnswer, type SplLookupAnswer } from './national-address'
import { nationalAddressDownShortAddress, nationalAddressSandboxApi } from './national-address-sandbox'

const key = 'test-subscription-key'
const sandboxEnv = { NATIONAL_ADDRESS_API_KEY: key } as unknown as Env
const toSandbox = (request: Request) => Promise.resolve(nationalAddressSandboxApi.fetch(request, sandboxEnv))
const client = (apiKey = key, fetcher = toSandbox, timeoutMs?: number) =>
  nationalAddressClient({ base: embeddedNationalAddressBase, apiKey, timeoutMs }, fetcher)

describe('the National Address adapter', () => {
  it('sends what SPL documents: the short address, language, JSON and UTF-8, the key in the api_key header', async () => {
    let seen: Request | null = null
    await client(key, (request) => {
      seen = request
      return toSandbox(request)
    }).byShortAddress('RRRD2929', 'E')
    const url = new URL(seen!.url)
    expect(url.pathname).toBe('/NationalAddress/NationalAddressByShortAddress/NationalAddressByShortAddress')
    expect(Object.fromEntries(url.searchParams)).toEqual({ shortaddress: 'RRRD2929', language: 'E', format: 'json', encode: 'utf8', page: '1' })
    expect(seen!.headers.get('api_key')).toBe(key)
  })

  it('reads a found short address into the fields a courier needs, in the language asked', async () => {
    expect(await client().byShortAddress('RRRD2929', 'E')).toEqual({
      status: 'found',
      address: {
        building: '2929',
        street: 'King Fahd Road',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12271',
        additionalNumber: '7346',
        region: 'Riyadh Region',
      },
    })
    const arabic = await client().byShortAddress('JESA4721', 'A')
    expect(arabic.status === 'found' && arabic.address).toMatchObject({ city: 'جدة', district: 'الروضة', postalCode: '23432' })
  })

  it("reads SPL's documented answer for a short address nobody has as not found", async () => {
    expect(await client().byShortAddress('ZZZZ0000', 'A')).toEqual({ status: 'not_found' })
    const documented: SplLookupAnswer = { success: false, statusdescription: 'No Data Found', totalSearchResults: '0', Addresses: [] }
    expect(readLookupAnswer(200, documented)).toEqual({ status: 'not_found' })
    expect(readLookupAnswer(200, { success: true, Addresses: null })).toEqual({ status: 'not_found' })
  })

  it("takes a refused key, a server error or an answer without the courier's fields as unavailable, never as found", async () => {
    expect(await client('wrong-key').byShortAddress('RRRD2929', 'A')).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('401') })
    expect(await client().byShortAddress(nationalAddressDownShortAddress, 'A')).toMatchObject({ status: 'unavailable' })
    expect(readLookupAnswer(200, { success: true, Addresses: [{ BuildingNumber: '12', City: 'Riyadh', PostCode: '12271' }] })).toMatchObject({
      status: 'unavailable',
    })
    expect(await client('wrong-key').verify({ building: '2929', postalCode: '12271', additionalNumber: '7346' }, 'A')).toMatchObject({
      status: 'unavailable',
    })
  })

  it('gives up after its timeout: a provider that never answers is unavailable', async () => {
    const silent = () => new Promise<Response>(() => {})
    const started = Date.now()
    expect(await client(key, silent, 50).byShortAddress('RRRD2929', 'A')).toMatchObject({
      status: 'unavailable',
      reason: expect.stringContaining('no answer'),
    })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('verifies a building number, postal code and additional number together', async () => {
    expect(await client().verify({ building: '6418', postalCode: '34412', additionalNumber: '3618' }, 'E')).toEqual({ status: 'found' })
    expect(await client().verify({ building: '6418', postalCode: '34412', additionalNumber: '3619' }, 'E')).toEqual({ status: 'not_found' })
  })
})
