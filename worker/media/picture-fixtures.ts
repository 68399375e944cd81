/**
 * Minimal pictures with metadata, byte by byte, for the tests of worker/media/picture-metadata.ts and of the review
 * upload (tests/worker/review-pictures.test.ts): a JPEG whose EXIF holds a GPS position, a PNG with tEXt and eXIf, a
 * WebP (VP8X) with EXIF and XMP. Each also returns the parts that must come out unchanged.
 */

const text = (s: string) => Array.from(s, (c) => c.charCodeAt(0))
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]

/** The words a GPS position is written with in these fixtures' EXIF: the test looks for them in the output. */
export const gpsMark = 'GPS 24.7136N 46.6753E'

/** A TIFF (EXIF) block: IFD0 pointing at a GPS IFD whose latitude reference is N, and the position as text. */
function exifBlock(): number[] {
  // Big-endian TIFF header, IFD0 at 8 with one entry: GPSInfo (0x8825) -> offset 26.
  const ifd0 = [...be16(1), ...be16(0x8825), ...be16(4), ...be32(1), ...be32(26), ...be32(0)]
  // GPS IFD: GPSLatitudeRef 'N', then an ASCII user comment-like value holding the mark (offset 44).
  const mark = [...text(gpsMark), 0]
  const gps = [
    ...be16(2),
    ...be16(1),
    ...be16(2),
    ...be32(2),
    ...text('N'),
    0,
    0,
    0,
    ...be16(0x1b),
    ...be16(2),
    ...be32(mark.length),
    ...be32(56),
    ...be32(0),
  ]
  return [...text('MM'), 0, 42, ...be32(8), ...ifd0, ...gps, ...mark]
}

function jpegSegment(marker: number, data: number[]): number[] {
  return [0xff, marker, ...be16(data.length + 2), ...data]
}

export function jpegWithGps(size = { width: 40, height: 30 }) {
  const jfif = jpegSegment(0xe0, [...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const exif = jpegSegment(0xe1, [...text('Exif'), 0, 0, ...exifBlock()])
  const xmp = jpegSegment(0xe1, [...text('http://ns.adobe.com/xap/1.0/'), 0, ...text(`<x:xmpmeta>${gpsMark}</x:xmpmeta>`)])
  const icc = jpegSegment(0xe2, [...text('ICC_PROFILE'), 0, 1, 1, 1, 2, 3, 4])
  const comment = jpegSegment(0xfe, text(`taken at ${gpsMark}`))
  const dqt = jpegSegment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => 1 + (i % 7))])
  const sof = jpegSegment(0xc0, [8, ...be16(size.height), ...be16(size.width), 1, 1, 0x11, 0])
  const dht = jpegSegment(0xc4, [0, 0, 1, ...Array.from({ length: 15 }, () => 0), 0])
  const sos = jpegSegment(0xda, [1, 1, 0, 0, 63, 0])
  // Entropy-coded data with a stuffed 0xFF00 and a restart marker, which must pass through untouched.
  const scan = [0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0x9a]
  const image = [...dqt, ...sof, ...dht, ...sos, ...scan]
  const bytes = new Uint8Array([0xff, 0xd8, ...jfif, ...exif, ...xmp, ...icc, ...comment, ...image, 0xff, 0xd9, ...text('<html>after')])
  return { bytes, kept: [new Uint8Array(jfif), new Uint8Array(icc), new Uint8Array(image)] }
}

function pngChunk(kind: string, data: number[]): number[] {
  // The CRC is not checked on the way through: the chunk is copied whole or dropped whole.
  return [...be32(data.length), ...text(kind), ...data, 0, 0, 0, 0]
}

export function pngWithText(size = { width: 40, height: 30 }) {
  const ihdr = pngChunk('IHDR', [...be32(size.width), ...be32(size.height), 8, 2, 0, 0, 0])
  const idat = pngChunk('IDAT', [0x78, 0x9c, 1, 2, 3, 4, 5])
  const iend = pngChunk('IEND', [])
  const bytes = new Uint8Array([
    137,
    80,
    78,
    71,
    13,
    10,
    26,
    10,
    ...ihdr,
    ...pngChunk('tEXt', [...text('Comment'), 0, ...text(gpsMark)]),
    ...pngChunk('eXIf', exifBlock()),
    ...pngChunk('tIME', [7, 234, 11, 28, 10, 0, 0]),
    ...idat,
    ...pngChunk('iTXt', [...text('XML:com.adobe.xmp'), 0, 0, 0, 0, 0, ...text(gpsMark)]),
    ...iend,
  ])
  return { bytes, kept: [new Uint8Array(ihdr), new Uint8Array(idat), new Uint8Array(iend)] }
}

function riffChunk(kind: string, data: number[]): number[] {
  return [...text(kind), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])]
}

export function webpWithExif(size = { width: 40, height: 30 }) {
  // VP8X flags: ICC (0x20), alpha (0x10), EXIF (0x08), XMP (0x04).
  const flags = 0x20 | 0x10 | 0x08 | 0x04
  const vp8x = riffChunk('VP8X', [flags, 0, 0, 0, ...le24(size.width - 1), ...le24(size.height - 1)])
  const iccp = riffChunk('ICCP', [1, 2, 3])
  const alph = riffChunk('ALPH', [0, 9, 9, 9])
  const vp8 = riffChunk('VP8 ', [0x10, 0x02, 0, 0x9d, 0x01, 0x2a, ...le24(size.width).slice(0, 2), ...le24(size.height).slice(0, 2), 7, 7, 7])
  const exif = riffChunk('EXIF', exifBlock())
  const xmp = riffChunk('XMP ', text(`<x:xmpmeta>${gpsMark}</x:xmpmeta>`))
  const body = [...text('WEBP'), ...vp8x, ...iccp, ...alph, ...vp8, ...exif, ...xmp]
  const bytes = new Uint8Array([...text('RIFF'), ...le32(body.length), ...body])
  return { bytes, flags, kept: [new Uint8Array(iccp), new Uint8Array(alph), new Uint8Array(vp8)] }
}

/** Whether `part` occurs in `whole`, byte for byte. */
export function contains(whole: Uint8Array, part: Uint8Array): boolean {
  outer: for (let i = 0; i + part.length <= whole.length; i++) {
    for (let j = 0; j < part.length; j++) if (whole[i + j] !== part[j]) continue outer
    return true
  }
  return false
}

export const asText = (bytes: Uint8Array) => String.fromCharCode(...bytes)
