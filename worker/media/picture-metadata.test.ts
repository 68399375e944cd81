import { describe, expect, it } from 'vitest'
import { cleanPicture } from './picture-metadata'
import { asText, contains, gpsMark, jpegWithGps, pngWithText, webpWithExif } from './picture-fixtures'

describe('cleanPicture', () => {
  it('drops a JPEG’s EXIF (with its GPS), XMP and comment, keeps JFIF, the ICC profile and the image bytes', () => {
    const { bytes, kept } = jpegWithGps({ width: 640, height: 480 })
    expect(asText(bytes)).toContain(gpsMark)
    const clean = cleanPicture(bytes)!
    expect(clean).toMatchObject({ type: 'image/jpeg', ext: 'jpg', width: 640, height: 480 })
    expect(asText(clean.bytes)).not.toContain(gpsMark)
    expect(asText(clean.bytes)).not.toContain('Exif')
    expect(asText(clean.bytes)).not.toContain('<html>')
    // SOI, then exactly the kept segments in order, the image untouched, then EOI.
    expect([...clean.bytes]).toEqual([0xff, 0xd8, ...kept.flatMap((part) => [...part]), 0xff, 0xd9])
  })

  it('drops a PNG’s tEXt, iTXt, eXIf and tIME and keeps IHDR, IDAT and IEND byte for byte', () => {
    const { bytes, kept } = pngWithText({ width: 3000, height: 2000 })
    const clean = cleanPicture(bytes)!
    expect(clean).toMatchObject({ type: 'image/png', ext: 'png', width: 3000, height: 2000 })
    for (const kind of ['tEXt', 'iTXt', 'eXIf', 'tIME', gpsMark]) expect(asText(clean.bytes)).not.toContain(kind)
    expect([...clean.bytes]).toEqual([...bytes.subarray(0, 8), ...kept.flatMap((part) => [...part])])
  })

  it('drops a WebP’s EXIF and XMP chunks, clears their VP8X flags and rewrites the RIFF size', () => {
    const { bytes, flags, kept } = webpWithExif({ width: 1200, height: 900 })
    const clean = cleanPicture(bytes)!
    expect(clean).toMatchObject({ type: 'image/webp', ext: 'webp', width: 1200, height: 900 })
    expect(asText(clean.bytes)).not.toContain(gpsMark)
    expect(asText(clean.bytes)).not.toContain('EXIF')
    const view = new DataView(clean.bytes.buffer)
    expect(view.getUint32(4, true)).toBe(clean.bytes.length - 8)
    // ICC and alpha stay announced; EXIF and XMP no longer are.
    expect(clean.bytes[20]).toBe(flags & ~0x0c)
    for (const part of kept) expect(contains(clean.bytes, part)).toBe(true)
    expect(clean.bytes.length).toBe(12 + 18 + kept.reduce((n, part) => n + part.length, 0))
  })

  it('changes nothing in a picture without metadata', () => {
    const once = cleanPicture(jpegWithGps().bytes)!.bytes
    expect([...cleanPicture(once)!.bytes]).toEqual([...once])
    const png = cleanPicture(pngWithText().bytes)!.bytes
    expect([...cleanPicture(png)!.bytes]).toEqual([...png])
  })

  it('reads the type from the bytes: a GIF, HTML, an SVG or a truncated picture is none', () => {
    const bytes = (s: string) => new Uint8Array(Array.from(s, (c) => c.charCodeAt(0)))
    expect(cleanPicture(bytes('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toBeNull()
    expect(cleanPicture(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull()
    expect(cleanPicture(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(cleanPicture(new Uint8Array())).toBeNull()
    const jpeg = jpegWithGps().bytes
    expect(cleanPicture(jpeg.subarray(0, 60))).toBeNull()
    const png = pngWithText().bytes
    expect(cleanPicture(png.subarray(0, png.length - 20))).toBeNull()
    const webp = webpWithExif().bytes
    expect(cleanPicture(webp.subarray(0, 16))).toBeNull()
  })
})
