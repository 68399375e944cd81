/**
 * A buyer's review picture, checked and cleaned before it is stored (docs/decisions/0034-reviews.md, "Pictures"):
 * its type is read from its first bytes (never its name or the type the browser declared), and the parts that carry
 * metadata are dropped: a phone's photo holds where it was taken (EXIF GPS), when, and with which device.
 *
 * - JPEG: APP1 to APP15 (EXIF, XMP, maker notes) and comments go, except the ICC profile (APP2 `ICC_PROFILE`) and
 *   Adobe's APP14 (it says how a CMYK picture's colours are coded; without it such a picture renders wrong).
 *   APP0 (JFIF) stays. Scans are copied as they are; anything after the end marker is dropped.
 * - PNG: tEXt, zTXt, iTXt, eXIf and tIME go; anything after IEND is dropped.
 * - WebP: the EXIF and XMP chunks go, the VP8X flags that announced them are cleared and the RIFF size rewritten.
 *
 * Walking the segments by hand is about a hundred lines with no package: the npm libraries that write (piexifjs) know
 * JPEG alone, the ones that read (exifr) strip nothing, and the image codecs (sharp, squoosh) decode and re-encode,
 * which a Worker cannot afford and which would change the picture. The image data itself is never touched.
 */
import { concatBytes } from '../platform/bytes'

export type PictureType = 'image/jpeg' | 'image/png' | 'image/webp'

export interface CleanPicture {
  type: PictureType
  /** The file extension its key ends in. */
  ext: 'jpg' | 'png' | 'webp'
  bytes: Uint8Array<ArrayBuffer>
  width: number | null
  height: number | null
}

/** The picture without its metadata, or null when it is none of the three types or is malformed. */
export function cleanPicture(input: Uint8Array): CleanPicture | null {
  try {
    if (startsWith(input, [0xff, 0xd8, 0xff])) return cleanJpeg(input)
    if (startsWith(input, [137, 80, 78, 71, 13, 10, 26, 10])) return cleanPng(input)
    if (ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 4) === 'WEBP') return cleanWebp(input)
  } catch (error) {
    if (error instanceof Malformed) return null
    throw error
  }
  return null
}

class Malformed extends Error {}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b)
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length))
}

function need(condition: boolean): asserts condition {
  if (!condition) throw new Malformed()
}

/** Start-of-frame markers (C0 to CF but DHT C4, JPG C8 and DAC CC): they carry the picture's size. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function keepsJpegSegment(marker: number, data: Uint8Array): boolean {
  if (marker === 0xfe) return false // COM
  if (marker < 0xe1 || marker > 0xef) return true // not APP1..APP15 (APP0 is JFIF)
  if (marker === 0xe2) return ascii(data, 0, 12) === 'ICC_PROFILE\0'
  if (marker === 0xee) return ascii(data, 0, 5) === 'Adobe'
  return false
}

function cleanJpeg(input: Uint8Array): CleanPicture {
  const parts: Uint8Array[] = [input.subarray(0, 2)]
  let width: number | null = null
  let height: number | null = null
  let at = 2
  let scanning = false
  for (;;) {
    if (scanning) {
      // Entropy-coded data: 0xFF is followed by a stuffed 0x00, a restart marker or a fill byte, else a marker begins.
      const start = at
      while (at + 1 < input.length && !(input[at] === 0xff && input[at + 1] !== 0x00 && !(input[at + 1]! >= 0xd0 && input[at + 1]! <= 0xd7))) at += 1
      need(at + 1 < input.length)
      parts.push(input.subarray(start, at))
      scanning = false
    }
    need(input[at] === 0xff)
    while (input[at + 1] === 0xff) at += 1
    need(at + 1 < input.length)
    const marker = input[at + 1]!
    if (marker === 0xd9) {
      parts.push(input.subarray(at, at + 2))
      break
    }
    // A marker without a length (TEM, a restart between scans): kept as it is.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(input.subarray(at, at + 2))
      at += 2
      continue
    }
    need(at + 4 <= input.length)
    const length = (input[at + 2]! << 8) | input[at + 3]!
    need(length >= 2 && at + 2 + length <= input.length)
    const data = input.subarray(at + 4, at + 2 + length)
    if (isFrame(marker)) {
      need(data.length >= 5)
      height = (data[1]! << 8) | data[2]!
      width = (data[3]! << 8) | data[4]!
    }
    if (keepsJpegSegment(marker, data)) parts.push(input.subarray(at, at + 2 + length))
    at += 2 + length
    if (marker === 0xda) scanning = true
  }
  need(width !== null)
  return { type: 'image/jpeg', ext: 'jpg', bytes: concatBytes(parts), width, height }
}

const pngMetadata = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME'])

function cleanPng(input: Uint8Array): CleanPicture {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength)
  const parts: Uint8Array[] = [input.subarray(0, 8)]
  let width: number | null = null
  let height: number | null = null
  let at = 8
  for (;;) {
    need(at + 12 <= input.length)
    const length = view.getUint32(at)
    const kind = ascii(input, at + 4, 4)
    need(length <= input.length && at + 12 + length <= input.length)
    if (at === 8) {
      need(kind === 'IHDR' && length >= 8)
      width = view.getUint32(at + 8)
      height = view.getUint32(at + 12)
    }
    if (!pngMetadata.has(kind)) parts.push(input.subarray(at, at + 12 + length))
    at += 12 + length
    if (kind === 'IEND') break
  }
  return { type: 'image/png', ext: 'png', bytes: concatBytes(parts), width, height }
}

/** VP8X's flags: EXIF (bit 3) and XMP (bit 2) announce the chunks this drops. */
const vp8xExif = 0x08
const vp8xXmp = 0x04

function cleanWebp(input: Uint8Array): CleanPicture {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength)
  const end = Math.min(input.length, 8 + view.getUint32(4, true))
  const parts: Uint8Array[] = [input.slice(0, 12)]
  let width: number | null = null
  let height: number | null = null
  let at = 12
  while (at < end) {
    need(at + 8 <= end)
    const kind = ascii(input, at, 4)
    const size = view.getUint32(at + 4, true)
    const next = at + 8 + size + (size % 2)
    need(at + 8 + size <= end)
    const data = input.subarray(at + 8, at + 8 + size)
    if (kind === 'VP8X') {
      need(size >= 10)
      const chunk = input.slice(at, Math.min(next, end))
      chunk[8] = chunk[8]! & ~(vp8xExif | vp8xXmp)
      parts.push(chunk)
      width = 1 + (data[4]! | (data[5]! << 8) | (data[6]! << 16))
      height = 1 + (data[7]! | (data[8]! << 8) | (data[9]! << 16))
    } else if (kind !== 'EXIF' && kind !== 'XMP ') {
      parts.push(input.subarray(at, Math.min(next, end)))
      if (width === null && kind === 'VP8 ' && size >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
        width = (data[6]! | (data[7]! << 8)) & 0x3fff
        height = (data[8]! | (data[9]! << 8)) & 0x3fff
      }
      if (width === null && kind === 'VP8L' && size >= 5 && data[0] === 0x2f) {
        const bits = data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24)
        width = 1 + (bits & 0x3fff)
        height = 1 + ((bits >>> 14) & 0x3fff)
      }
    }
    at = next
  }
  need(parts.length > 1)
  const bytes = concatBytes(parts)
  new DataView(bytes.buffer).setUint32(4, bytes.length - 8, true)
  return { type: 'image/webp', ext: 'webp', bytes, width, height }
}
