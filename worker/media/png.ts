/**
 * A PNG of an RGB canvas (docs/decisions/0022-drawings-painted-to-png.md): 8-bit truecolour, each row filtered by its
 * left neighbour (Sub, which a flat drawing turns into runs of zeros) and compressed with the platform's own zlib
 * (CompressionStream 'deflate', in the Worker and in Node alike), so the encoder adds no package and a few lines.
 */
import type { Canvas } from './shapes'
import { concatBytes } from '../platform/bytes'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export const pngSignature = [137, 80, 78, 71, 13, 10, 26, 10]

export async function encodePng({ width, height, rgb }: Canvas): Promise<Uint8Array<ArrayBuffer>> {
  const stride = width * 3
  const filtered = new Uint8Array((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * stride
    const out = y * (stride + 1)
    filtered[out] = 1 // Sub
    for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (rgb[row + i]! - (i >= 3 ? rgb[row + i - 3]! : 0)) & 0xff
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  const parts = [new Uint8Array(pngSignature), chunk('IHDR', header), chunk('IDAT', await deflate(filtered)), chunk('IEND', new Uint8Array(0))]
  return concatBytes(parts)
}
