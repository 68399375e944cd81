/**
 * ASN.1 DER, as much as ZATCA's onboarding needs (docs/decisions/0016-zatca-invoices.md, "Onboarding"): writing a
 * certificate signing request and, in the embedded ZATCA, a certificate; reading both back. Definite lengths only,
 * which is all DER has. Pure functions over bytes, the same in workerd and Node.
 */
import { concatBytes } from '../platform/bytes'

/** One element read: its tag byte, where it starts, where its content starts and where it ends. */
export interface DerNode {
  tag: number
  start: number
  contentStart: number
  end: number
}

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length]
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return [0x80 | bytes.length, ...bytes]
}

/** An element of the tag with these contents. */
export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const content = concatBytes(contents)
  return concatBytes([Uint8Array.from([tag, ...lengthBytes(content.length)]), content])
}

export const sequence = (...items: Uint8Array[]) => tlv(0x30, ...items)
export const set = (...items: Uint8Array[]) => tlv(0x31, ...items)
/** A context-specific constructed tag, [n] EXPLICIT (or an IMPLICIT constructed one: the same bytes). */
export const context = (n: number, ...items: Uint8Array[]) => tlv(0xa0 | n, ...items)
export const octetString = (bytes: Uint8Array) => tlv(0x04, bytes)
/** A BIT STRING of whole bytes (no unused bits). */
export const bitString = (bytes: Uint8Array) => tlv(0x03, Uint8Array.of(0), bytes)
export const utf8String = (text: string) => tlv(0x0c, new TextEncoder().encode(text))
export const printableString = (text: string) => tlv(0x13, new TextEncoder().encode(text))
export const boolean = (value: boolean) => tlv(0x01, Uint8Array.of(value ? 0xff : 0))

/** A non-negative INTEGER from a whole number or big-endian bytes (a leading zero is added when the top bit is set). */
export function integer(value: Uint8Array | number): Uint8Array {
  let bytes = value
  if (typeof bytes === 'number') {
    const digits: number[] = []
    for (let rest = bytes; digits.length === 0 || rest > 0; rest = Math.floor(rest / 256)) digits.unshift(rest % 256)
    bytes = Uint8Array.from(digits)
  }
  let skip = 0
  while (skip < bytes.length - 1 && bytes[skip] === 0) skip++
  bytes = bytes.slice(skip)
  return tlv(0x02, bytes[0]! >= 0x80 ? concatBytes([Uint8Array.of(0), bytes]) : bytes)
}

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Uint8Array {
  const [first, second, ...rest] = dotted.split('.').map(Number)
  const bytes: number[] = [first! * 40 + second!]
  for (const arc of rest) {
    const groups: number[] = []
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift((value % 128) | (groups.length ? 0x80 : 0))
      if (value < 128) break
    }
    bytes.push(...groups)
  }
  return tlv(0x06, Uint8Array.from(bytes))
}

/** The dotted form of an OBJECT IDENTIFIER's content bytes. */
export function oidText(content: Uint8Array): string {
  const arcs = [Math.floor(content[0]! / 40), content[0]! % 40]
  let value = 0
  for (const byte of content.slice(1)) {
    value = value * 128 + (byte & 0x7f)
    if (!(byte & 0x80)) {
      arcs.push(value)
      value = 0
    }
  }
  return arcs.join('.')
}

/** UTCTime (years 1950-2049) as X.509 writes validity: YYMMDDHHMMSSZ. */
export function utcTime(date: Date): Uint8Array {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'
  return tlv(0x17, new TextEncoder().encode(text))
}

/** The element at `at`. */
export function node(der: Uint8Array, at: number): DerNode {
  if (at + 2 > der.length) throw new RangeError('DER ends inside an element')
  const first = der[at + 1]!
  let contentStart = at + 2
  let length = first
  if (first >= 0x80) {
    const count = first & 0x7f
    if (count === 0 || count > 4) throw new RangeError('DER length is indefinite or too long')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + der[at + 2 + i]!
    contentStart += count
  }
  const end = contentStart + length
  if (end > der.length) throw new RangeError('DER element runs past the end')
  return { tag: der[at]!, start: at, contentStart, end }
}

/** The elements inside a constructed element. */
export function children(der: Uint8Array, parent: DerNode): DerNode[] {
  const found: DerNode[] = []
  for (let at = parent.contentStart; at < parent.end;) {
    const child = node(der, at)
    found.push(child)
    at = child.end
  }
  return found
}

export const content = (der: Uint8Array, element: DerNode) => der.slice(element.contentStart, element.end)
export const whole = (der: Uint8Array, element: DerNode) => der.slice(element.start, element.end)
export const text = (der: Uint8Array, element: DerNode) => new TextDecoder().decode(content(der, element))

/** A Name's attributes (RDNs of one attribute each, as certificates here carry them) as OID -> text. */
export function nameAttributes(der: Uint8Array, name: DerNode): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const rdn of children(der, name)) {
    for (const pair of children(der, rdn)) {
      const [type, value] = children(der, pair)
      if (type && value) attributes.set(oidText(content(der, type)), text(der, value))
    }
  }
  return attributes
}

/** PEM armour of DER bytes, lines of 64 characters. */
export function pem(label: string, der: Uint8Array): string {
  let binary = ''
  for (const byte of der) binary += String.fromCharCode(byte)
  const body = btoa(binary).replace(/.{64}/g, '$&\n').replace(/\n$/, '')
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`
}

/** The DER bytes inside PEM armour (or bare base64). */
export function unpem(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')), (c) => c.charCodeAt(0))
}
