/**
 * Typed arrays and a JSON header packed into one binary value, as the in-memory indexes are kept in KV
 * (docs/decisions/0011-listing-indexes.md, docs/decisions/0012-search-at-scale.md): a 4-byte header length, the
 * header (which names each array, its type and length), then each array on an 8-byte boundary, so a new isolate
 * reads the arrays in place, without a copy.
 */

const arrayTypes = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float32Array, Float64Array } as const
type ArrayTypeName = keyof typeof arrayTypes
export type PackedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array

const align = (n: number) => Math.ceil(n / 8) * 8

export function packArrays(header: unknown, arrays: Record<string, PackedArray>): ArrayBuffer {
  const layout = Object.entries(arrays).map(([name, array]) => ({ name, type: array.constructor.name as ArrayTypeName, length: array.length }))
  const headerBytes = new TextEncoder().encode(JSON.stringify({ header, layout }))
  let length = align(4 + headerBytes.byteLength)
  for (const array of Object.values(arrays)) length += align(array.byteLength)
  const buffer = new ArrayBuffer(length)
  new DataView(buffer).setUint32(0, headerBytes.byteLength, true)
  new Uint8Array(buffer, 4).set(headerBytes)
  let offset = align(4 + headerBytes.byteLength)
  for (const array of Object.values(arrays)) {
    new Uint8Array(buffer, offset, array.byteLength).set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    offset += align(array.byteLength)
  }
  return buffer
}

/** The header and arrays of a packed value; null when it is cut short or not one (then the index is built again). */
export function unpackArrays<H>(buffer: ArrayBuffer): { header: H; arrays: Record<string, PackedArray> } | null {
  try {
    const headerLength = new DataView(buffer).getUint32(0, true)
    const { header, layout } = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))) as {
      header: H
      layout: { name: string; type: ArrayTypeName; length: number }[]
    }
    let offset = align(4 + headerLength)
    const arrays: Record<string, PackedArray> = {}
    for (const { name, type, length } of layout) {
      const Type = arrayTypes[type]
      if (!Type) return null
      arrays[name] = new Type(buffer, offset, length)
      offset += align(length * Type.BYTES_PER_ELEMENT)
    }
    return offset <= buffer.byteLength ? { header, arrays } : null
  } catch {
    return null
  }
}
