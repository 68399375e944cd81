/**
 * The EGS unit's certificate signing request as ZATCA's developer documentation and SDK specify it
 * (docs/decisions/0016-zatca-invoices.md, "Onboarding"), and the certificates ZATCA (or its embedded stand-in) issues
 * for it. The SDK's CSR configuration names nine fields:
 *
 * | SDK property | where it goes |
 * | --- | --- |
 * | csr.common.name | subject CN |
 * | csr.serial.number `1-Solution|2-Model|3-Serial` | subjectAltName dirName SN (surname, 2.5.4.4) |
 * | csr.organization.identifier (the VAT number) | subjectAltName dirName UID (0.9.2342.19200300.100.1.1) |
 * | csr.organization.unit.name (the branch) | subject OU |
 * | csr.organization.name | subject O |
 * | csr.country.name `SA` | subject C |
 * | csr.invoice.type `1100` (standard, simplified, two reserved) | subjectAltName dirName title (2.5.4.12) |
 * | csr.location.address | subjectAltName dirName registeredAddress (2.5.4.26) |
 * | csr.industry.business.category | subjectAltName dirName businessCategory (2.5.4.15) |
 *
 * and the certificate template name extension (Microsoft's 1.3.6.1.4.1.311.20.2, a PrintableString) tells ZATCA's
 * CA which environment the request is for: ZATCA-Code-Signing (production, the Fatoora portal), PREZATCA-Code-Signing
 * (simulation) or TSTZATCA-Code-Signing (the developer portal's sandbox). The key is ECDSA on secp256k1 and the
 * request is signed with SHA-256. Pure functions: the same in workerd (the console, the embedded ZATCA) and Node
 * (`npm run zatca:onboard`).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  bitString,
  boolean,
  children,
  content,
  context,
  integer,
  nameAttributes,
  node,
  octetString,
  oid,
  oidText,
  pem,
  printableString,
  sequence,
  set,
  text,
  unpem,
  utcTime,
  utf8String,
  whole,
  type DerNode,
} from './der'
import { fromBase64, publicKeyInfo, signBytes, toBase64, verifyBytes } from './zatca-document'

/** Where the unit is onboarded: the Fatoora portal (production), its simulation, or the developer portal's sandbox. */
export type ZatcaEnvironment = 'production' | 'simulation' | 'sandbox'
export const zatcaEnvironments: readonly ZatcaEnvironment[] = ['production', 'simulation', 'sandbox']

/** The certificate template name each environment's CA expects (ZATCA's SDK, csr template). */
export const certificateTemplates: Record<ZatcaEnvironment, string> = {
  production: 'ZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  sandbox: 'TSTZATCA-Code-Signing',
}

/** ZATCA's gateway for each environment. */
export const zatcaGateways: Record<ZatcaEnvironment, string> = {
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  sandbox: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
}

/** The SDK's CSR configuration (csr-config.properties), field for field. */
export interface CsrConfig {
  commonName: string
  /** `1-<solution name>|2-<model or version>|3-<serial number>` */
  serialNumber: string
  /** The VAT number, 15 digits starting and ending with 3. */
  organizationIdentifier: string
  organizationUnitName: string
  organizationName: string
  countryName: string
  /** Four digits of 0/1: standard (B2B) invoices, simplified (B2C) invoices, and two reserved. */
  invoiceType: string
  locationAddress: string
  industryBusinessCategory: string
}

export const oids = {
  country: '2.5.4.6',
  organizationUnit: '2.5.4.11',
  organization: '2.5.4.10',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.4',
  userId: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  keyUsage: '2.5.29.15',
  extensionRequest: '1.2.840.113549.1.9.14',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const

/** What is wrong with a configuration, in the words of the field (empty when it makes a request ZATCA takes). */
export function csrConfigProblems(config: CsrConfig): string[] {
  const problems: string[] = []
  if (!/^3\d{13}3$/.test(config.organizationIdentifier))
    problems.push('organization identifier: the VAT number, 15 digits starting and ending with 3')
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(config.serialNumber)) problems.push('serial number: 1-<solution>|2-<model>|3-<serial>')
  if (!/^[01]{2}00$/.test(config.invoiceType) || config.invoiceType === '0000') problems.push('invoice type: 1100, 1000 or 0100')
  if (config.countryName !== 'SA') problems.push('country: SA')
  for (const [field, value] of [
    ['common name', config.commonName],
    ['organization unit name', config.organizationUnitName],
    ['organization name', config.organizationName],
    ['location address', config.locationAddress],
    ['industry business category', config.industryBusinessCategory],
  ] as const) {
    if (!value.trim()) problems.push(`${field}: required`)
  }
  return problems
}

const attribute = (type: string, value: Uint8Array) => set(sequence(oid(type), value))

/** The subject: C, OU, O, CN, in the order ZATCA's SDK writes them. */
function subjectName(config: CsrConfig): Uint8Array {
  return sequence(
    attribute(oids.country, printableString(config.countryName)),
    attribute(oids.organizationUnit, utf8String(config.organizationUnitName)),
    attribute(oids.organization, utf8String(config.organizationName)),
    attribute(oids.commonName, utf8String(config.commonName)),
  )
}

/** The extensions ZATCA's CA reads from the request, and writes back into the certificate. */
function zatcaExtensions(config: CsrConfig, environment: ZatcaEnvironment): Uint8Array[] {
  const directory = sequence(
    attribute(oids.serialNumber, utf8String(config.serialNumber)),
    attribute(oids.userId, utf8String(config.organizationIdentifier)),
    attribute(oids.title, utf8String(config.invoiceType)),
    attribute(oids.registeredAddress, utf8String(config.locationAddress)),
    attribute(oids.businessCategory, utf8String(config.industryBusinessCategory)),
  )
  return [
    sequence(oid(oids.certificateTemplateName), octetString(printableString(certificateTemplates[environment]))),
    // GeneralNames with one directoryName ([4], explicit: a Name is a CHOICE).
    sequence(oid(oids.subjectAltName), octetString(sequence(context(4, directory)))),
  ]
}

const ecdsaWithSha256 = sequence(oid(oids.ecdsaWithSha256))

/** The request's DER: PKCS#10 with the extensions as an extensionRequest attribute, signed by the unit's key. */
export function egsCsr(config: CsrConfig, environment: ZatcaEnvironment, privateKey: Uint8Array): Uint8Array {
  const problems = csrConfigProblems(config)
  if (problems.length) throw new Error(`the CSR configuration is not one ZATCA takes: ${problems.join('; ')}`)
  const info = sequence(
    integer(0),
    subjectName(config),
    publicKeyInfo(privateKey),
    context(0, sequence(oid(oids.extensionRequest), set(sequence(...zatcaExtensions(config, environment))))),
  )
  return sequence(info, ecdsaWithSha256, bitString(signBytes(info, privateKey)))
}

/** What POST /compliance takes as `csr`: base64 of the PEM text. */
export const csrBody = (der: Uint8Array) => toBase64(new TextEncoder().encode(pem('CERTIFICATE REQUEST', der)))

/** The DER of a request as POST /compliance receives it (base64 of PEM, or of DER). */
export function csrFromBody(body: string): Uint8Array {
  const decoded = fromBase64(body.trim())
  const asText = new TextDecoder().decode(decoded)
  return asText.includes('-----BEGIN') ? unpem(asText) : decoded
}

/** What a request says, read back: the subject, the directory name's fields, the template, the key, the signature. */
export interface CsrReading {
  subject: Map<string, string>
  directory: Map<string, string>
  template: string | null
  /** The extensions as written (DER of each Extension), to be carried into the certificate. */
  extensions: Uint8Array[]
  subjectDer: Uint8Array
  publicKey: Uint8Array
  /** Whether the request is signed by the key it carries. */
  signed: boolean
}

/** The extensions of a SEQUENCE OF Extension: the template name, the directory name of subjectAltName, and each as DER. */
function readExtensions(der: Uint8Array, list: DerNode) {
  let template: string | null = null
  let directory = new Map<string, string>()
  const extensions: Uint8Array[] = []
  for (const extension of children(der, list)) {
    extensions.push(whole(der, extension))
    const parts = children(der, extension)
    const id = oidText(content(der, parts[0]!))
    const value = content(der, parts[parts.length - 1]!)
    if (id === oids.certificateTemplateName) template = text(value, node(value, 0))
    if (id === oids.subjectAltName) {
      const generalNames = node(value, 0)
      const dirName = children(value, generalNames).find((name) => name.tag === 0xa4)
      if (dirName) directory = nameAttributes(value, children(value, dirName)[0]!)
    }
  }
  return { template, directory, extensions }
}

/** Reads a request; throws on bytes that are not one. */
export function readCsr(der: Uint8Array): CsrReading {
  const [info, , signature] = children(der, node(der, 0))
  if (!info || !signature) throw new Error('not a certificate signing request')
  const [, subject, key, attributes] = children(der, info)
  if (!subject || !key) throw new Error('not a certificate signing request')
  let extensions = { template: null as string | null, directory: new Map<string, string>(), extensions: [] as Uint8Array[] }
  for (const item of attributes ? children(der, attributes) : []) {
    const [type, values] = children(der, item)
    if (type && values && oidText(content(der, type)) === oids.extensionRequest) extensions = readExtensions(der, children(der, values)[0]!)
  }
  const publicKey = whole(der, key)
  const signed = verifyBytes(content(der, signature).slice(1), whole(der, info), publicKey)
  return { subject: nameAttributes(der, subject), subjectDer: whole(der, subject), publicKey, signed, ...extensions }
}

// ---------------------------------------------------------------------------------------------------------------
// Certificates: what the embedded ZATCA issues with its own test CA, and what the store reads of any CSID.

/** The certificate of a binary security token (base64 of the certificate's base64 DER), and back. */
export const certificateOfToken = (token: string) => fromBase64(new TextDecoder().decode(fromBase64(token)).replace(/-----[^-]+-----|\s+/g, ''))
export const tokenOfCertificate = (der: Uint8Array) => toBase64(new TextEncoder().encode(toBase64(der)))

/** An X.509 v3 certificate for the request's subject and key, signed by the CA's key. */
export function issueCertificate(
  ca: { privateKey: Uint8Array; name: Uint8Array },
  request: Pick<CsrReading, 'subjectDer' | 'publicKey' | 'extensions'>,
  serial: Uint8Array,
  notBefore: Date,
  notAfter: Date,
): Uint8Array {
  // Digital signature and non-repudiation: what ZATCA's CSIDs allow.
  const keyUsage = sequence(oid(oids.keyUsage), boolean(true), octetString(Uint8Array.of(0x03, 0x02, 0x06, 0xc0)))
  const tbs = sequence(
    context(0, integer(2)),
    integer(serial),
    ecdsaWithSha256,
    ca.name,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    request.subjectDer,
    request.publicKey,
    context(3, sequence(keyUsage, ...request.extensions)),
  )
  return sequence(tbs, ecdsaWithSha256, bitString(signBytes(tbs, ca.privateKey)))
}

/** What the store and the embedded ZATCA read of a certificate. */
export interface CertificateReading {
  /** Hex of the serial number. */
  serial: string
  notBefore: Date
  notAfter: Date
  subject: Map<string, string>
  issuer: Map<string, string>
  directory: Map<string, string>
  template: string | null
  publicKey: Uint8Array
  /** The subject Name and the ZATCA extensions (all but key usage) as written, for a certificate of the same unit. */
  subjectDer: Uint8Array
  extensions: Uint8Array[]
  /** The signed part and the signature, for checking against the CA's key. */
  tbs: Uint8Array
  signature: Uint8Array
}

const readTime = (der: Uint8Array, time: DerNode) => {
  const value = text(der, time)
  const full = time.tag === 0x17 ? `${Number(value.slice(0, 2)) < 50 ? '20' : '19'}${value}` : value
  return new Date(`${full.slice(0, 4)}-${full.slice(4, 6)}-${full.slice(6, 8)}T${full.slice(8, 10)}:${full.slice(10, 12)}:${full.slice(12, 14)}Z`)
}

export function readCertificate(der: Uint8Array): CertificateReading {
  const [tbs, , signature] = children(der, node(der, 0))
  if (!tbs || !signature) throw new Error('not an X.509 certificate')
  const fields = children(der, tbs)
  const offset = fields[0]!.tag === 0xa0 ? 1 : 0
  const [serial, , issuer, validity, subject, key] = fields.slice(offset)
  if (!serial || !issuer || !validity || !subject || !key) throw new Error('not an X.509 certificate')
  const [notBefore, notAfter] = children(der, validity)
  const extensionsField = fields.find((field) => field.tag === 0xa3)
  const extensions = extensionsField
    ? readExtensions(der, children(der, extensionsField)[0]!)
    : { template: null, directory: new Map<string, string>(), extensions: [] }
  const keyUsage = oid(oids.keyUsage)
  return {
    serial: [...content(der, serial)]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('')
      .replace(/^(00)+(?=.)/, ''),
    notBefore: readTime(der, notBefore!),
    notAfter: readTime(der, notAfter!),
    subject: nameAttributes(der, subject),
    issuer: nameAttributes(der, issuer),
    directory: extensions.directory,
    template: extensions.template,
    publicKey: whole(der, key),
    subjectDer: whole(der, subject),
    extensions: extensions.extensions.filter((extension) => !startsWith(extension.slice(2), keyUsage)),
    tbs: whole(der, tbs),
    signature: content(der, signature).slice(1),
  }
}

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => prefix.every((byte, i) => bytes[i] === byte)

/** Whether the certificate was signed by the CA whose public key (SubjectPublicKeyInfo) is given. */
export const signedBy = (certificate: CertificateReading, caPublicKey: Uint8Array) => verifyBytes(certificate.signature, certificate.tbs, caPublicKey)

/** A fresh secp256k1 private key, 32 bytes. */
export const newPrivateKey = () => secp256k1.utils.randomSecretKey()

/** The private key as the PEM ZATCA's SDK writes (SEC1 "EC PRIVATE KEY", secp256k1), which ZATCA_PRIVATE_KEY takes. */
export function privateKeyPem(privateKey: Uint8Array): string {
  const point = secp256k1.getPublicKey(privateKey, false)
  const sec1 = sequence(integer(1), octetString(privateKey), context(0, oid('1.3.132.0.10')), context(1, bitString(point)))
  return pem('EC PRIVATE KEY', sec1)
}
