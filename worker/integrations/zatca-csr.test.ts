// The EGS unit's CSR against the example ZATCA's SDK documents (its csr-config-example-EN.properties), and the
// certificates the embedded ZATCA issues for it, read back by our reader and by Node's own X.509 parser (an outside
// reading of the DER). docs/decisions/0016-zatca-invoices.md, "Onboarding".
import { X509Certificate, createPublicKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { pem } from './der'
import {
  certificateOfToken,
  csrBody,
  csrConfigProblems,
  csrFromBody,
  egsCsr,
  issueCertificate,
  oids,
  privateKeyPem,
  readCertificate,
  readCsr,
  signedBy,
  tokenOfCertificate,
  type CsrConfig,
} from './zatca-csr'
import { parsePrivateKey, publicKeyInfo } from './zatca-document'

/** ZATCA's SDK example configuration, field for field. */
const documented: CsrConfig = {
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  organizationIdentifier: '399999999900003',
  organizationUnitName: 'Riyadh Branch',
  organizationName: 'Maximum Speed Tech Supply LTD',
  countryName: 'SA',
  invoiceType: '1100',
  locationAddress: 'RRRD2929',
  industryBusinessCategory: 'Supply activities',
}
const key = parsePrivateKey('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721')

describe('the EGS certificate signing request', () => {
  it('carries the SDK example fields where ZATCA reads them, signed with the unit`s secp256k1 key', () => {
    const reading = readCsr(egsCsr(documented, 'production', key))
    expect(reading.signed).toBe(true)
    expect(Object.fromEntries(reading.subject)).toEqual({
      [oids.country]: 'SA',
      [oids.organizationUnit]: 'Riyadh Branch',
      [oids.organization]: 'Maximum Speed Tech Supply LTD',
      [oids.commonName]: 'TST-886431145-399999999900003',
    })
    // subjectAltName dirName: SN, UID, title, registeredAddress, businessCategory.
    expect(Object.fromEntries(reading.directory)).toEqual({
      '2.5.4.4': '1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
      '0.9.2342.19200300.100.1.1': '399999999900003',
      '2.5.4.12': '1100',
      '2.5.4.26': 'RRRD2929',
      '2.5.4.15': 'Supply activities',
    })
    expect(reading.template).toBe('ZATCA-Code-Signing')
    expect([...reading.publicKey]).toEqual([...publicKeyInfo(key)])
  })

  it('names the template of each environment: production, simulation, the developer portal', () => {
    expect(readCsr(egsCsr(documented, 'simulation', key)).template).toBe('PREZATCA-Code-Signing')
    expect(readCsr(egsCsr(documented, 'sandbox', key)).template).toBe('TSTZATCA-Code-Signing')
  })

  it('is what OpenSSL reads as a valid request with the same fields', async () => {
    const { execFileSync } = await import('node:child_process')
    const request = pem('CERTIFICATE REQUEST', egsCsr(documented, 'production', key))
    const out = execFileSync('openssl', ['req', '-noout', '-text', '-verify', '-nameopt', 'RFC2253'], { input: request }).toString()
    expect(out).toContain('CN=TST-886431145-399999999900003,O=Maximum Speed Tech Supply LTD,OU=Riyadh Branch,C=SA')
    expect(out).toContain('ASN1 OID: secp256k1')
    expect(out).toContain('ecdsa-with-SHA256')
    expect(out).toMatch(/DirName:.*SN\s*=\s*1-TST\|2-TST\|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f/)
    expect(out).toMatch(/UID\s*=\s*399999999900003.*title\s*=\s*1100.*registeredAddress\s*=\s*RRRD2929.*businessCategory\s*=\s*Supply activities/)
    expect(out).toContain('ZATCA-Code-Signing')
  })

  it('goes to POST /compliance as base64 of its PEM, and is read back from it', () => {
    const der = egsCsr(documented, 'production', key)
    const body = csrBody(der)
    expect(atob(body)).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE REQUEST-----\n$/)
    expect([...csrFromBody(body)]).toEqual([...der])
  })

  it('is refused before it is made when a field is not one ZATCA takes', () => {
    expect(csrConfigProblems(documented)).toEqual([])
    expect(
      csrConfigProblems({
        ...documented,
        organizationIdentifier: '399999999900004',
        serialNumber: 'TST',
        invoiceType: '2100',
        countryName: 'AE',
        locationAddress: ' ',
      }),
    ).toEqual([
      'organization identifier: the VAT number, 15 digits starting and ending with 3',
      'serial number: 1-<solution>|2-<model>|3-<serial>',
      'invoice type: 1100, 1000 or 0100',
      'country: SA',
      'location address: required',
    ])
    expect(() => egsCsr({ ...documented, invoiceType: '0000' }, 'production', key)).toThrow(/invoice type/)
  })

  it('fails its signature check once a byte is changed', () => {
    const der = egsCsr(documented, 'production', key)
    const at = new TextDecoder('latin1').decode(der).indexOf('Riyadh Branch')
    der[at] = 'X'.charCodeAt(0)
    expect(readCsr(der).signed).toBe(false)
  })
})

describe('a certificate issued for the request', () => {
  const caKey = parsePrivateKey('0000000000000000000000000000000000000000000000000000000000000007')
  const caName = new Uint8Array([0x30, 0x0f, 0x31, 0x0d, 0x30, 0x0b, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x04, 0x54, 0x45, 0x53, 0x54]) // CN=TEST
  const request = readCsr(egsCsr(documented, 'sandbox', key))
  const notBefore = new Date('2026-11-27T00:00:00Z')
  const notAfter = new Date('2027-11-27T00:00:00Z')
  const der = issueCertificate({ privateKey: caKey, name: caName }, request, Uint8Array.of(0x8a, 1, 2, 3), notBefore, notAfter)

  it('reads back its serial, validity, subject, directory name, template and key, and verifies with the CA key', () => {
    const reading = readCertificate(der)
    expect(reading).toMatchObject({ serial: '8a010203', notBefore, notAfter, template: 'TSTZATCA-Code-Signing' })
    expect(reading.subject.get(oids.commonName)).toBe('TST-886431145-399999999900003')
    expect(reading.directory.get(oids.userId)).toBe('399999999900003')
    expect([...reading.publicKey]).toEqual([...publicKeyInfo(key)])
    expect(signedBy(reading, publicKeyInfo(caKey))).toBe(true)
    expect(signedBy(reading, publicKeyInfo(key))).toBe(false)
  })

  it('is a certificate Node`s X.509 parser reads the same and verifies with the CA key', () => {
    const x509 = new X509Certificate(pem('CERTIFICATE', der))
    expect(x509.subject).toContain('CN=TST-886431145-399999999900003')
    expect(x509.issuer).toBe('CN=TEST')
    expect(new Date(x509.validTo).toISOString()).toBe(notAfter.toISOString())
    expect(x509.serialNumber.toLowerCase()).toBe('8a010203')
    const caPublic = createPublicKey({ key: Buffer.from(publicKeyInfo(caKey)), format: 'der', type: 'spki' })
    expect(x509.verify(caPublic)).toBe(true)
    expect(x509.publicKey.export({ format: 'der', type: 'spki' })).toEqual(Buffer.from(publicKeyInfo(key)))
  })

  it('travels as the binary security token, base64 of its base64 DER', () => {
    expect([...certificateOfToken(tokenOfCertificate(der))]).toEqual([...der])
  })

  it('keeps the unit`s key as the SEC1 PEM the store`s secret takes', () => {
    expect([...parsePrivateKey(privateKeyPem(key))]).toEqual([...key])
    expect(createPublicKey(privateKeyPem(key)).export({ format: 'der', type: 'spki' })).toEqual(Buffer.from(publicKeyInfo(key)))
  })
})
