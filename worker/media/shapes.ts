/**
 * The store's drawings as a short list of shapes, written out as SVG for the pages and painted to pixels for the
 * social preview (docs/decisions/0022-drawings-painted-to-png.md): one drawing, two outputs, so the preview shows
 * exactly the product's picture. Only what the drawings use: rounded rectangles, circles, ellipses, polygons and
 * round-capped lines, filled with a colour or a diagonal gradient, optionally outlined.
 */

/** A colour as #rrggbb, or a gradient from the top start corner to the bottom end corner of the shape's box. */
export type Fill = string | { from: string; to: string }

interface Paint {
  fill?: Fill
  stroke?: string
  /** Stroke width, in the drawing's units. */
  sw?: number
}

export type Shape =
  | ({ t: 'rect'; x: number; y: number; w: number; h: number; r?: number } & Paint)
  | ({ t: 'circle'; cx: number; cy: number; r: number } & Paint)
  | ({ t: 'ellipse'; cx: number; cy: number; rx: number; ry: number } & Paint)
  | ({ t: 'poly'; pts: readonly number[] } & Paint)
  /** A line of width w with round ends, through every point (a polyline when more than two). */
  | { t: 'line'; pts: readonly number[]; w: number; stroke: string }

export const rect = (x: number, y: number, w: number, h: number, r: number, fill?: Fill, stroke?: string, sw = 3): Shape => ({
  t: 'rect',
  x,
  y,
  w,
  h,
  r,
  fill,
  stroke,
  sw,
})
export const circle = (cx: number, cy: number, r: number, fill?: Fill, stroke?: string, sw = 3): Shape => ({
  t: 'circle',
  cx,
  cy,
  r,
  fill,
  stroke,
  sw,
})
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: Fill): Shape => ({ t: 'ellipse', cx, cy, rx, ry, fill })
export const poly = (pts: readonly number[], fill: Fill, stroke?: string, sw = 3): Shape => ({ t: 'poly', pts, fill, stroke, sw })
export const line = (pts: readonly number[], w: number, stroke: string): Shape => ({ t: 'line', pts, w, stroke })

// ---- SVG ------------------------------------------------------------------------------------------------------

const n = (value: number) => String(Math.round(value * 10) / 10)

/** The SVG of shapes; gradients get ids from `prefix` so two drawings on one page do not share them. */
export function shapesToSvg(shapes: readonly Shape[], prefix = 'g'): { defs: string; body: string } {
  const defs: string[] = []
  const fillOf = (fill: Fill | undefined) => {
    if (fill === undefined) return 'none'
    if (typeof fill === 'string') return fill
    const id = `${prefix}${defs.length}`
    defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fill.from}"/><stop offset="1" stop-color="${fill.to}"/></linearGradient>`,
    )
    return `url(#${id})`
  }
  const paint = (s: Paint) => `fill="${fillOf(s.fill)}"${s.stroke ? ` stroke="${s.stroke}" stroke-width="${n(s.sw ?? 3)}"` : ''}`
  const body = shapes
    .map((s) => {
      switch (s.t) {
        case 'rect':
          return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.w)}" height="${n(s.h)}"${s.r ? ` rx="${n(s.r)}"` : ''} ${paint(s)}/>`
        case 'circle':
          return `<circle cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r)}" ${paint(s)}/>`
        case 'ellipse':
          return `<ellipse cx="${n(s.cx)}" cy="${n(s.cy)}" rx="${n(s.rx)}" ry="${n(s.ry)}" ${paint(s)}/>`
        case 'poly':
          return `<path d="M${pairs(s.pts)
            .map(([x, y]) => `${n(x)} ${n(y)}`)
            .join('L')}Z" ${paint(s)} stroke-linejoin="round"/>`
        case 'line':
          return `<path d="M${pairs(s.pts)
            .map(([x, y]) => `${n(x)} ${n(y)}`)
            .join('L')}" fill="none" stroke="${s.stroke}" stroke-width="${n(s.w)}" stroke-linecap="round" stroke-linejoin="round"/>`
      }
    })
    .join('')
  return { defs: defs.join(''), body }
}

function pairs(pts: readonly number[]): [number, number][] {
  const out: [number, number][] = []
  for (let i = 0; i + 1 < pts.length; i += 2) out.push([pts[i]!, pts[i + 1]!])
  return out
}

// ---- Pixels ---------------------------------------------------------------------------------------------------

/** An RGB picture: 3 bytes a pixel, rows top to bottom. */
export interface Canvas {
  width: number
  height: number
  rgb: Uint8Array
}

export function createCanvas(width: number, height: number, background: string): Canvas {
  const rgb = new Uint8Array(width * height * 3)
  const [r, g, b] = parseColour(background)
  for (let i = 0; i < rgb.length; i += 3) {
    rgb[i] = r
    rgb[i + 1] = g
    rgb[i + 2] = b
  }
  return { width, height, rgb }
}

function parseColour(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1, 7), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}

/**
 * Paints shapes given in drawing units, scaled by `scale` and moved by (ox, oy) pixels. Each shape is a signed
 * distance: a pixel is covered by how far inside the edge its centre lies, which smooths every edge (half a pixel
 * either side) without sampling a pixel more than once. Only the pixels in a shape's box are visited.
 */
export function paintShapes(canvas: Canvas, shapes: readonly Shape[], scale: number, ox: number, oy: number): void {
  for (const shape of shapes) {
    if (shape.t === 'line') {
      const half = shape.w / 2
      const pts = pairs(shape.pts)
      for (let i = 0; i + 1 < pts.length; i++) {
        const [ax, ay] = pts[i]!
        const [bx, by] = pts[i + 1]!
        fillArea(
          canvas,
          [Math.min(ax, bx) - half, Math.min(ay, by) - half, Math.max(ax, bx) + half, Math.max(ay, by) + half],
          scale,
          ox,
          oy,
          shape.stroke,
          undefined,
          (x, y) => segmentDistance(x, y, ax, ay, bx, by) - half,
        )
      }
      continue
    }
    const distance = distanceOf(shape)
    const box = boxOf(shape)
    if (shape.fill !== undefined) fillArea(canvas, box, scale, ox, oy, shape.fill, box, distance)
    if (shape.stroke) {
      const half = (shape.sw ?? 3) / 2
      const outer: [number, number, number, number] = [box[0] - half, box[1] - half, box[2] + half, box[3] + half]
      fillArea(canvas, outer, scale, ox, oy, shape.stroke, undefined, (x, y) => Math.abs(distance(x, y)) - half)
    }
  }
}

type Box = [number, number, number, number]

function boxOf(shape: Exclude<Shape, { t: 'line' }>): Box {
  switch (shape.t) {
    case 'rect':
      return [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h]
    case 'circle':
      return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r]
    case 'ellipse':
      return [shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry]
    case 'poly': {
      const xs = pairs(shape.pts).map((p) => p[0])
      const ys = pairs(shape.pts).map((p) => p[1])
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
    }
  }
}

function distanceOf(shape: Exclude<Shape, { t: 'line' }>): (x: number, y: number) => number {
  switch (shape.t) {
    case 'rect': {
      const hw = shape.w / 2
      const hh = shape.h / 2
      const cx = shape.x + hw
      const cy = shape.y + hh
      const r = Math.min(shape.r ?? 0, hw, hh)
      return (x, y) => {
        const qx = Math.abs(x - cx) - hw + r
        const qy = Math.abs(y - cy) - hh + r
        // Inside or beside a straight edge no square root is needed (most of a shape's pixels).
        if (qx <= 0 || qy <= 0) return Math.max(qx, qy) - r
        return Math.sqrt(qx * qx + qy * qy) - r
      }
    }
    case 'circle':
      return (x, y) => Math.sqrt((x - shape.cx) ** 2 + (y - shape.cy) ** 2) - shape.r
    case 'ellipse':
      return (x, y) => (Math.hypot((x - shape.cx) / shape.rx, (y - shape.cy) / shape.ry) - 1) * Math.min(shape.rx, shape.ry)
    case 'poly': {
      const pts = pairs(shape.pts)
      return (x, y) => {
        let inside = false
        let best = Infinity
        for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
          const [xi, yi] = pts[i]!
          const [xj, yj] = pts[j]!
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
          best = Math.min(best, segmentDistance(x, y, xi, yi, xj, yj))
        }
        return inside ? -best : best
      }
    }
  }
}

function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length))
  const ex = x - ax - t * dx
  const ey = y - ay - t * dy
  return Math.sqrt(ex * ex + ey * ey)
}

function fillArea(
  canvas: Canvas,
  box: Box,
  scale: number,
  ox: number,
  oy: number,
  fill: Fill,
  gradientBox: Box | undefined,
  distance: (x: number, y: number) => number,
): void {
  const x0 = Math.max(0, Math.floor(box[0] * scale + ox - 1))
  const y0 = Math.max(0, Math.floor(box[1] * scale + oy - 1))
  const x1 = Math.min(canvas.width, Math.ceil(box[2] * scale + ox + 1))
  const y1 = Math.min(canvas.height, Math.ceil(box[3] * scale + oy + 1))
  const from = parseColour(typeof fill === 'string' ? fill : fill.from)
  const to = typeof fill === 'string' ? from : parseColour(fill.to)
  const gb = gradientBox ?? box
  // SVG's gradient runs corner to corner of the box in the box's own units: t = (u + v) / 2.
  const gw = 2 * (gb[2] - gb[0] || 1)
  const gh = 2 * (gb[3] - gb[1] || 1)
  const { rgb, width } = canvas
  for (let py = y0; py < y1; py++) {
    const y = (py + 0.5 - oy) / scale
    for (let px = x0; px < x1; px++) {
      const x = (px + 0.5 - ox) / scale
      const coverage = Math.min(1, Math.max(0, 0.5 - distance(x, y) * scale))
      if (coverage === 0) continue
      const i = (py * width + px) * 3
      if (coverage === 1 && from === to) {
        rgb[i] = from[0]
        rgb[i + 1] = from[1]
        rgb[i + 2] = from[2]
        continue
      }
      const t = from === to ? 0 : Math.min(1, Math.max(0, (x - gb[0]) / gw + (y - gb[1]) / gh))
      for (let c = 0; c < 3; c++) {
        const colour = from[c]! + (to[c]! - from[c]!) * t
        rgb[i + c] = Math.round(rgb[i + c]! + (colour - rgb[i + c]!) * coverage)
      }
    }
  }
}
