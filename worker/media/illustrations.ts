import type { ImageKind } from '../../src/domain/catalogue'
import { circle, ellipse, line, poly, rect, type Fill, type Shape, shapesToSvg } from './shapes'
import { tvPanels } from './drawing-styles'
/**
 * Product and banner pictures drawn on the Worker: the store ships no remote image and no binary assets, and every
 * product still has a picture that tells it apart (docs/product.md, "Demo catalogue and pictures"): drawn by its kind,
 * the style of its line (a phone's camera layout, a TV's panel and size, a fridge's doors) and its finish, the colour
 * its name says. The drawing is a pure function of its address, so the address is cached for good.
 */

/** A product's colour as the drawing paints it: its body, a shade, a highlight and the edge that outlines it. */
interface Finish {
  body: string
  shade: string
  light: string
  edge: string
}

const finish = (body: string, shade: string, light: string, edge: string): Finish => ({ body, shade, light, edge })

/** The finishes a product's colour is drawn in, by the name in its address. */
export const finishes = {
  black: finish('#2b2d31', '#17181b', '#4b4e56', '#111214'),
  white: finish('#f7f7f5', '#dcdcd8', '#ffffff', '#a8aab0'),
  silver: finish('#d5d8dc', '#aeb2b8', '#eef0f2', '#8d9198'),
  grey: finish('#6f7177', '#4e5055', '#93959b', '#3a3b3f'),
  titanium: finish('#b0a89d', '#8b847a', '#d2ccc3', '#6e685f'),
  steel: finish('#c3c6ca', '#979ba1', '#e8eaec', '#7c8086'),
  blue: finish('#3f6fb5', '#2b5087', '#86a8dc', '#1f3b66'),
  navy: finish('#2c3a5a', '#1d2740', '#51618a', '#141b2e'),
  gold: finish('#e2c690', '#c4a262', '#f4e6c4', '#a2834a'),
  green: finish('#5e8266', '#415e48', '#97b79d', '#2f4534'),
  mint: finish('#b9e0cb', '#8fc4a8', '#daf1e4', '#6c9e83'),
  beige: finish('#d9c8a9', '#b9a582', '#ece1cc', '#97835f'),
  red: finish('#c8323a', '#98232a', '#e8777c', '#701a20'),
  orange: finish('#e5732d', '#b9561b', '#f3a678', '#8e3f12'),
  purple: finish('#8f7cc0', '#6b5a9b', '#b9acdd', '#4d3f75'),
  pink: finish('#eeb6c6', '#d48ea3', '#f8d8e2', '#b06b80'),
} as const satisfies Record<string, Finish>

export type FinishName = keyof typeof finishes
export const finishNames = Object.keys(finishes) as FinishName[]

const glass = '#0b0d12'
const phoneScreen: Fill = { from: '#3b82f6', to: '#7c3aed' }
const tvScreens: Record<(typeof tvPanels)[number], Fill> = {
  oled: { from: '#1e1b4b', to: '#db2777' },
  qled: { from: '#38bdf8', to: '#1e3a8a' },
  mini: { from: '#fbbf24', to: '#9a3412' },
  uled: { from: '#34d399', to: '#0f766e' },
  eight: { from: '#f472b6', to: '#312e81' },
}
const display: Fill = { from: '#60a5fa', to: '#1e40af' }

/** A camera lens: a ring of the body's shade, dark glass and a glint. */
const lens = (cx: number, cy: number, r: number, ring: string): Shape[] => [
  circle(cx, cy, r, '#24262b', ring, 2.5),
  circle(cx, cy, r * 0.58, glass),
  circle(cx - r * 0.22, cy - r * 0.22, r * 0.18, '#6b7fa6'),
]
const flash = (cx: number, cy: number) => circle(cx, cy, 4, '#fde68a')

function phoneBack(x: number, y: number, style: string, f: Finish): Shape[] {
  const body = rect(x, y, 130, 272, 24, f.body, f.edge, 2)
  const cameras: Record<string, Shape[]> = {
    // iPhone Pro: three lenses in a triangle on a square plateau.
    tri: [
      rect(x + 9, y + 9, 72, 72, 20, f.shade, f.edge, 1.5),
      ...lens(x + 29, y + 29, 13, f.edge),
      ...lens(x + 29, y + 61, 13, f.edge),
      ...lens(x + 60, y + 45, 13, f.edge),
      flash(x + 62, y + 21),
    ],
    // Galaxy S: three lenses in a vertical row, each in its own ring.
    row: [...lens(x + 28, y + 30, 12, f.shade), ...lens(x + 28, y + 62, 12, f.shade), ...lens(x + 28, y + 94, 12, f.shade), flash(x + 52, y + 30)],
    // Galaxy A: three lenses on one raised pill.
    island: [
      rect(x + 11, y + 11, 36, 104, 18, f.shade, f.edge, 1.5),
      ...lens(x + 29, y + 30, 11, f.edge),
      ...lens(x + 29, y + 63, 11, f.edge),
      ...lens(x + 29, y + 96, 11, f.edge),
      flash(x + 60, y + 30),
    ],
    // Huawei Pura / a round module: three lenses in a ring.
    ring: [
      circle(x + 65, y + 62, 42, f.shade, f.edge, 1.5),
      ...lens(x + 65, y + 40, 13, f.edge),
      ...lens(x + 44, y + 75, 13, f.edge),
      ...lens(x + 86, y + 75, 13, f.edge),
      flash(x + 65, y + 67),
    ],
    // Honor Magic / a squircle module: lenses on three corners.
    square: [
      rect(x + 9, y + 9, 80, 80, 26, f.shade, f.edge, 1.5),
      ...lens(x + 31, y + 31, 14, f.edge),
      ...lens(x + 67, y + 31, 14, f.edge),
      ...lens(x + 31, y + 67, 14, f.edge),
      flash(x + 67, y + 67),
    ],
    // A budget line: two lenses, no plateau.
    duo: [
      rect(x + 11, y + 11, 34, 68, 17, undefined, f.shade, 2),
      ...lens(x + 28, y + 29, 11, f.shade),
      ...lens(x + 28, y + 61, 11, f.shade),
      flash(x + 55, y + 29),
    ],
  }
  return [body, ...(cameras[style] ?? cameras.tri!)]
}

function phoneFront(x: number, y: number, style: string, f: Finish, body = f.body): Shape[] {
  return [
    rect(x, y, 130, 272, 24, body, f.edge, 2),
    rect(x + 7, y + 7, 116, 258, 18, phoneScreen),
    // The iPhone's island, a punch hole elsewhere.
    style === 'tri' ? rect(x + 45, y + 16, 40, 11, 6, glass) : circle(x + 65, y + 21, 5, glass),
  ]
}

function tv(style: string, f: Finish): Shape[] {
  const panel = (tvPanels.find((p) => style.startsWith(p)) ?? 'qled') as (typeof tvPanels)[number]
  const size = Number(style.slice(panel.length)) || 55
  // Drawn to scale: an 85-inch set fills the picture, a 43-inch one half of it.
  const w = 170 + (size - 43) * 4.3
  const h = (w * 9) / 16
  const x = 200 - w / 2
  const y = 190 - h / 2
  const bezel = { oled: 3, qled: 5, mini: 7, uled: 9, eight: 2 }[panel]
  const bottom = y + h
  const stands: Record<typeof panel, Shape[]> = {
    oled: [rect(194, bottom, 12, 18, 0, f.shade), rect(200 - w * 0.2, bottom + 16, w * 0.4, 8, 4, f.shade)],
    qled: [line([x + w * 0.1, bottom, x + w * 0.06, bottom + 24], 6, f.shade), line([x + w * 0.9, bottom, x + w * 0.94, bottom + 24], 6, f.shade)],
    mini: [poly([188, bottom, 212, bottom, 226, bottom + 24, 174, bottom + 24], f.shade)],
    uled: [line([x + w * 0.3, bottom, x + w * 0.26, bottom + 22], 6, f.shade), line([x + w * 0.7, bottom, x + w * 0.74, bottom + 22], 6, f.shade)],
    // An 8K set on its wide floating plinth.
    eight: [rect(180, bottom, 40, 14, 0, f.shade), rect(200 - w * 0.32, bottom + 12, w * 0.64, 12, 6, f.body, f.edge, 1.5)],
  }
  return [...stands[panel], rect(x, y, w, h, 4, f.body, f.edge, 1.5), rect(x + bezel, y + bezel, w - 2 * bezel, h - 2 * bezel, 2, tvScreens[panel])]
}

function fridge(style: string, f: Finish): Shape[] {
  const steel: Fill = { from: f.light, to: f.body }
  const handle = (hx: number, hy: number, hh: number) => rect(hx, hy, 6, hh, 3, f.shade, f.edge, 1)
  if (style === 'single') {
    return [rect(130, 50, 140, 300, 12, steel, f.edge, 3), line([130, 118, 270, 118], 3, f.edge), handle(250, 70, 34), handle(250, 140, 80)]
  }
  if (style === 'side' || style === 'french') {
    const base = [rect(80, 50, 240, 300, 12, steel, f.edge, 3), line([200, 50, 200, style === 'side' ? 350 : 240], 3, f.edge)]
    if (style === 'side')
      return [
        ...base,
        rect(112, 90, 58, 80, 8, '#374151', f.edge, 2),
        rect(126, 140, 30, 22, 4, '#111827'),
        handle(186, 120, 110),
        handle(208, 120, 110),
      ]
    return [
      ...base,
      line([80, 240, 320, 240], 3, f.edge),
      handle(186, 90, 110),
      handle(208, 90, 110),
      rect(150, 262, 100, 8, 4, f.shade, f.edge, 1),
      line([80, 300, 320, 300], 2, f.edge),
    ]
  }
  // A double door: the freezer on top, the fridge below.
  return [rect(120, 50, 160, 300, 12, steel, f.edge, 3), line([120, 145, 280, 145], 3, f.edge), handle(256, 85, 44), handle(256, 165, 110)]
}

function laptop(style: string, f: Finish): Shape[] {
  const w = style === 'wide' ? 250 : style === 'thinkpad' ? 232 : 222
  const h = style === 'wide' ? 150 : 140
  const x = 200 - w / 2
  const y = 70
  const bezel = style === 'thinkpad' ? 12 : style === 'slim' ? 5 : 8
  const deckTop = y + h + 2
  const deck = poly([x - 12, deckTop, x + w + 12, deckTop, x + w + 42, deckTop + 50, x - 42, deckTop + 50], f.body, f.edge, 2)
  const keys = poly(
    style === 'slim'
      ? [x - 6, deckTop + 5, x + w + 6, deckTop + 5, x + w + 14, deckTop + 22, x - 14, deckTop + 22]
      : [
          x + 10,
          deckTop + 5,
          x + w - (style === 'wide' ? 50 : 10),
          deckTop + 5,
          x + w - (style === 'wide' ? 40 : 2),
          deckTop + 24,
          x + 2,
          deckTop + 24,
        ],
    f.edge,
  )
  const shapes: Shape[] = [
    deck,
    keys,
    rect(185, deckTop + 29, 30 + (style === 'mac' ? 20 : 0), 14, 3, f.shade),
    rect(x, y, w, h, 8, f.body, f.edge, 2),
    rect(x + bezel, y + bezel, w - 2 * bezel, h - 2 * bezel, 3, display),
  ]
  if (style === 'mac') shapes.push(rect(186, y + bezel, 28, 7, 3, glass))
  if (style === 'wide')
    shapes.push(poly([x + w - 42, deckTop + 5, x + w - 4, deckTop + 5, x + w + 6, deckTop + 24, x + w - 32, deckTop + 24], f.edge))
  // ThinkPad's red pointing stick.
  if (style === 'thinkpad') shapes.push(circle(200, deckTop + 16, 4, '#dc2626'))
  return shapes
}

function headphones(style: string, f: Finish): Shape[] {
  if (style === 'over') {
    const band: number[] = []
    for (let a = 180; a <= 360; a += 12) band.push(200 + 98 * Math.cos((a * Math.PI) / 180), 210 + 110 * Math.sin((a * Math.PI) / 180))
    return [
      line(band, 19, f.edge),
      line(band, 15, f.body),
      rect(88, 180, 48, 24, 8, f.shade),
      rect(264, 180, 48, 24, 8, f.shade),
      rect(76, 200, 66, 116, 30, f.body, f.edge, 2),
      rect(258, 200, 66, 116, 30, f.body, f.edge, 2),
      rect(132, 214, 16, 88, 8, f.shade),
      rect(252, 214, 16, 88, 8, f.shade),
    ]
  }
  const caseShapes = [rect(130, 226, 140, 110, 44, f.body, f.edge, 2), line([132, 262, 268, 262], 2, f.edge), circle(200, 300, 4, '#86efac')]
  if (style === 'stem') {
    // AirPods: a bud and its stem.
    const bud = (cx: number) => [
      rect(cx - 8, 120, 16, 78, 8, f.body, f.edge, 1.5),
      circle(cx, 112, 24, f.body, f.edge, 1.5),
      circle(cx + (cx < 200 ? 10 : -10), 112, 9, f.shade),
    ]
    return [...caseShapes, ...bud(160), ...bud(240)]
  }
  // Stemless buds, shaped like a bean.
  const bean = (cx: number) => [
    ellipse(cx, 150, 38, 30, f.body),
    circle(cx, 150, 30, undefined, f.edge, 1.5),
    circle(cx + (cx < 200 ? 14 : -14), 158, 12, f.shade),
  ]
  return [...caseShapes, ...bean(155), ...bean(245)]
}

/** A product drawn by its kind: one function per family of kinds, each drawing its kinds by style and finish. */
function device(kind: ImageKind, style: string, f: Finish, view: number): Shape[] {
  switch (kind) {
    case 'phone':
    case 'tablet':
    case 'watch':
    case 'laptop':
    case 'monitor':
    case 'tv':
      return screenDevice(kind, style, f, view)
    case 'headphones':
    case 'speaker':
    case 'console':
    case 'controller':
    case 'camera':
    case 'drone':
      return soundAndPlay(kind, style, f)
    case 'fridge':
    case 'washer':
    case 'ac':
    case 'oven':
    case 'microwave':
      return largeAppliance(kind, style, f)
    case 'blender':
    case 'coffee':
    case 'airfryer':
    case 'vacuum':
    case 'iron':
      return smallAppliance(kind, style, f)
    case 'sofa':
    case 'lamp':
    case 'bed':
    case 'cookware':
      return furnishing(kind, style, f)
    case 'router':
    case 'charger':
    case 'box':
      return connectedThing(kind, style, f)
  }
}

/** Screens: phones, tablets, watches, laptops, monitors and TVs. */
function screenDevice(kind: 'phone' | 'tablet' | 'watch' | 'laptop' | 'monitor' | 'tv', style: string, f: Finish, view: number): Shape[] {
  switch (kind) {
    case 'phone':
      // The card shows the back, where the lines differ, with the front behind it; then each side alone.
      if (view === 1) return phoneFront(135, 64, style, f)
      if (view === 2) return phoneBack(135, 64, style, f)
      return [...phoneFront(104, 56, style, f, f.shade), ...phoneBack(166, 72, style, f)]
    case 'tablet': {
      if (style === 'portrait')
        return [rect(108, 56, 184, 268, 20, f.body, f.edge, 2), rect(118, 66, 164, 248, 12, display), circle(200, 61, 2.5, glass)]
      const shapes = [rect(58, 96, 284, 192, 18, f.body, f.edge, 2), rect(68, 106, 264, 172, 10, display)]
      if (style === 'pen') shapes.push(rect(88, 304, 224, 10, 5, f.shade, f.edge, 1), poly([312, 304, 330, 309, 312, 314], f.shade))
      if (style === 'keyboard')
        shapes.push(poly([58, 292, 342, 292, 362, 336, 38, 336], '#1f2937'), poly([80, 298, 320, 298, 332, 322, 68, 322], '#374151'))
      return shapes
    }
    case 'watch':
      if (style === 'round')
        return [
          rect(168, 48, 64, 304, 24, f.shade),
          circle(200, 200, 76, f.body, f.edge, 2),
          circle(200, 200, 62, glass),
          circle(200, 200, 50, display),
          line([200, 200, 200, 166], 4, '#ffffff'),
          line([200, 200, 226, 212], 4, '#ffffff'),
          rect(272, 184, 10, 32, 4, f.body),
        ]
      return [
        rect(170, 48, 60, 304, 20, f.shade),
        rect(136, 120, 128, 160, 38, f.body, f.edge, 2),
        rect(146, 130, 108, 140, 30, glass),
        rect(156, 142, 88, 116, 22, display),
        rect(262, 164, 10, 30, 4, f.body),
      ]
    case 'laptop':
      return laptop(style, f)
    case 'monitor': {
      if (style === 'projector')
        return [
          rect(100, 170, 200, 110, 22, f.body, f.edge, 2),
          circle(160, 225, 34, f.shade, f.edge, 2),
          circle(160, 225, 22, glass),
          rect(220, 196, 56, 8, 4, f.shade),
          rect(220, 214, 56, 8, 4, f.shade),
          rect(130, 280, 20, 10, 3, f.shade),
          rect(250, 280, 20, 10, 3, f.shade),
        ]
      if (style === 'cube')
        return [
          line([130, 190, 130, 300, 270, 300, 270, 190], 10, f.shade),
          rect(140, 100, 120, 180, 56, f.body, f.edge, 2),
          circle(200, 170, 32, f.shade),
          circle(200, 170, 20, glass),
          rect(170, 320, 60, 10, 5, f.shade),
        ]
      if (style === 'laser')
        return [rect(60, 200, 280, 90, 22, f.body, f.edge, 2), rect(90, 212, 220, 16, 8, glass), rect(90, 246, 220, 30, 10, f.shade)]
      const bezel = style === 'gaming' ? 8 : 5
      const shapes: Shape[] = []
      if (style === 'curved') {
        shapes.push(line([200, 262, 200, 300], 14, f.shade), line([150, 310, 200, 296, 250, 310], 10, f.shade))
        shapes.push(
          poly([60, 90, 200, 104, 340, 90, 340, 250, 200, 262, 60, 250], f.body, f.edge, 2),
          poly([68, 98, 200, 111, 332, 98, 332, 242, 200, 254, 68, 242], display),
        )
        return shapes
      }
      if (style === 'gaming') shapes.push(line([200, 250, 200, 296], 14, f.shade), line([140, 314, 200, 292, 260, 314], 10, '#dc2626'))
      else if (style === 'pro') shapes.push(rect(192, 240, 16, 62, 0, f.shade), rect(150, 298, 100, 14, 3, f.shade))
      else shapes.push(rect(188, 240, 24, 58, 4, f.shade), rect(145, 294, 110, 12, 6, f.shade))
      shapes.push(rect(60, 84, 280, 168, 6, f.body, f.edge, 2), rect(60 + bezel, 84 + bezel, 280 - 2 * bezel, 168 - 2 * bezel, 2, display))
      if (style === 'gaming') shapes.push(rect(60, 244, 280, 8, 2, '#dc2626'))
      return shapes
    }
    case 'tv':
      return tv(style, f)
  }
}

/** Sound, play and cameras: headphones, speakers, consoles, controllers, cameras and drones. */
function soundAndPlay(kind: 'headphones' | 'speaker' | 'console' | 'controller' | 'camera' | 'drone', style: string, f: Finish): Shape[] {
  switch (kind) {
    case 'headphones':
      return headphones(style, f)
    case 'speaker':
      if (style === 'tube')
        return [
          rect(60, 160, 280, 116, 58, f.body, f.edge, 2),
          ellipse(96, 218, 26, 50, f.shade),
          ellipse(304, 218, 26, 50, f.shade),
          rect(150, 206, 100, 24, 12, f.light),
          rect(120, 276, 160, 12, 6, f.edge),
        ]
      if (style === 'tower')
        return [
          rect(120, 40, 160, 320, 26, f.body, f.edge, 2),
          circle(200, 126, 52, f.shade),
          circle(200, 126, 26, f.edge),
          circle(200, 262, 62, f.shade),
          circle(200, 262, 30, f.edge),
          rect(170, 60, 60, 10, 5, f.light),
        ]
      if (style === 'bar')
        return [
          rect(30, 186, 340, 56, 26, f.body, f.edge, 2),
          rect(50, 198, 300, 32, 16, f.shade),
          circle(200, 214, 4, '#f8fafc'),
          rect(290, 254, 80, 100, 14, f.body, f.edge, 2),
          circle(330, 304, 28, f.shade),
        ]
      return [
        line([120, 150, 140, 110, 260, 110, 280, 150], 12, f.shade),
        rect(70, 140, 260, 170, 34, f.body, f.edge, 2),
        rect(92, 162, 216, 126, 24, f.shade),
        circle(200, 225, 36, f.edge),
      ]
    case 'console':
      if (style === 'wings')
        return [
          poly([150, 50, 186, 50, 186, 340, 140, 340, 120, 300, 130, 120], f.body, f.edge, 2),
          poly([214, 50, 250, 50, 270, 120, 280, 300, 260, 340, 214, 340], f.body, f.edge, 2),
          rect(186, 50, 28, 290, 0, '#111827'),
        ]
      if (style === 'handheld')
        return [
          rect(70, 140, 56, 130, 26, f.body, f.edge, 2),
          rect(274, 140, 56, 130, 26, f.body, f.edge, 2),
          rect(120, 140, 160, 130, 6, '#1f2937'),
          rect(130, 150, 140, 110, 4, display),
          circle(98, 176, 12, f.shade),
          circle(302, 232, 12, f.shade),
        ]
      return [rect(130, 60, 140, 280, 14, f.body, f.edge, 2), ellipse(200, 80, 58, 12, glass), circle(150, 300, 6, '#e5e7eb')]
    case 'controller':
      return [
        poly([100, 180, 130, 140, 270, 140, 300, 180, 328, 280, 300, 308, 262, 282, 138, 282, 100, 308, 72, 280], f.body, f.edge, 3),
        circle(150, 200, 18, f.shade),
        circle(250, 200, 18, f.shade),
        circle(180, 240, 14, f.edge),
        circle(220, 240, 14, f.edge),
      ]
    case 'camera':
      if (style === 'dash')
        return [rect(180, 80, 40, 60, 8, f.shade), rect(110, 130, 180, 120, 24, f.body, f.edge, 2), ...lens(200, 190, 38, f.shade)]
      return [
        rect(70, 130, 260, 170, 22, f.body, f.edge, 2),
        rect(70, 130, 64, 170, 22, f.shade),
        rect(150, 104, 90, 32, 8, f.body, f.edge, 2),
        circle(226, 215, 70, f.shade, f.edge, 2),
        ...lens(226, 215, 50, f.edge),
      ]
    case 'drone':
      if (style === 'action')
        return [
          rect(110, 120, 180, 150, 24, f.body, f.edge, 2),
          rect(130, 140, 70, 70, 14, f.shade),
          ...lens(165, 175, 26, f.edge),
          rect(214, 142, 56, 42, 6, display),
          circle(250, 110, 8, '#dc2626'),
        ]
      return [
        line([150, 180, 96, 130], 10, f.shade),
        line([250, 180, 304, 130], 10, f.shade),
        line([150, 220, 96, 270], 10, f.shade),
        line([250, 220, 304, 270], 10, f.shade),
        rect(150, 164, 100, 72, 20, f.body, f.edge, 2),
        ...lens(200, 244, 14, f.shade),
        ellipse(96, 130, 50, 8, f.edge),
        ellipse(304, 130, 50, 8, f.edge),
        ellipse(96, 270, 50, 8, f.edge),
        ellipse(304, 270, 50, 8, f.edge),
      ]
  }
}

/** Large appliances: fridges, washers, air conditioners, ovens and microwaves. */
function largeAppliance(kind: 'fridge' | 'washer' | 'ac' | 'oven' | 'microwave', style: string, f: Finish): Shape[] {
  switch (kind) {
    case 'fridge':
      return fridge(style, f)
    case 'washer':
      return [
        rect(110, 60, 180, 280, 14, f.body, f.edge, 3),
        line([110, 112, 290, 112], 2, f.edge),
        rect(126, 76, 70, 22, 6, f.shade),
        circle(262, 87, 12, f.shade),
        circle(200, 224, 74, f.shade, f.edge, 2),
        circle(200, 224, 54, { from: '#93c5fd', to: '#1e3a8a' }),
      ]
    case 'ac':
      return [
        rect(50, 140, 300, 104, 22, f.body, f.edge, 3),
        line([70, 220, 330, 220], 3, f.edge),
        circle(316, 166, 4, '#22c55e'),
        line([120, 266, 128, 286, 120, 306], 6, '#7dd3fc'),
        line([200, 266, 208, 286, 200, 306], 6, '#7dd3fc'),
        line([280, 266, 288, 286, 280, 306], 6, '#7dd3fc'),
      ]
    case 'oven':
    case 'microwave':
      if (style === 'oven')
        return [
          rect(80, 70, 240, 260, 14, f.body, f.edge, 3),
          rect(96, 86, 208, 36, 6, f.shade),
          circle(126, 104, 10, f.light),
          circle(274, 104, 10, f.light),
          rect(176, 96, 48, 16, 3, glass),
          rect(100, 150, 200, 160, 10, { from: '#4b5563', to: '#111827' }),
          rect(120, 140, 160, 8, 4, f.light),
        ]
      return [
        rect(60, 110, 280, 180, 16, f.body, f.edge, 3),
        rect(80, 130, 180, 140, 8, { from: '#4b5563', to: '#111827' }),
        rect(276, 134, 48, 30, 4, glass),
        circle(300, 200, 12, f.shade),
        circle(300, 240, 12, f.shade),
      ]
  }
}

/** Small appliances: blenders, coffee machines, air fryers, vacuums and irons (with the grooming styles). */
function smallAppliance(kind: 'blender' | 'coffee' | 'airfryer' | 'vacuum' | 'iron', style: string, f: Finish): Shape[] {
  switch (kind) {
    case 'blender':
      if (style === 'stand')
        return [
          rect(110, 300, 220, 30, 10, f.body, f.edge, 2),
          rect(250, 120, 70, 190, 24, f.body, f.edge, 2),
          rect(100, 90, 220, 64, 32, f.body, f.edge, 2),
          poly([130, 200, 230, 200, 220, 300, 140, 300], f.light, f.edge, 2),
          line([180, 154, 180, 210], 6, f.edge),
        ]
      return [
        poly([150, 70, 250, 70, 236, 246, 164, 246], { from: '#f8fafc', to: '#cbd5e1' }, f.edge, 3),
        rect(140, 60, 120, 18, 6, f.shade),
        rect(136, 246, 128, 90, 16, f.body, f.edge, 2),
        circle(200, 292, 16, f.shade),
      ]
    case 'coffee':
      if (style === 'capsule')
        return [
          rect(140, 110, 120, 200, 50, f.body, f.edge, 2),
          circle(200, 150, 30, f.shade),
          rect(164, 240, 72, 10, 4, f.edge),
          rect(150, 300, 100, 14, 6, f.shade),
          rect(180, 252, 40, 46, 8, '#f5f5f4'),
        ]
      return [
        rect(110, 60, 180, 280, 18, f.body, f.edge, 2),
        rect(136, 86, 128, 46, 8, display),
        rect(168, 176, 64, 26, 6, f.shade),
        rect(172, 232, 56, 64, 8, '#f5f5f4'),
        rect(130, 310, 140, 14, 4, f.shade),
      ]
    case 'airfryer':
      if (style === 'dual')
        return [
          rect(70, 90, 260, 230, 36, f.body, f.edge, 2),
          rect(90, 180, 104, 120, 18, f.shade),
          rect(206, 180, 104, 120, 18, f.shade),
          rect(150, 110, 100, 40, 8, display),
          rect(122, 236, 40, 10, 5, f.light),
          rect(238, 236, 40, 10, 5, f.light),
        ]
      return [
        rect(120, 80, 160, 240, 56, f.body, f.edge, 2),
        rect(140, 196, 120, 104, 24, f.shade),
        circle(200, 140, 26, display),
        rect(170, 238, 60, 12, 6, f.light),
      ]
    case 'vacuum':
      if (style === 'robot')
        return [
          ellipse(200, 250, 150, 56, f.edge),
          ellipse(200, 236, 150, 56, f.body),
          ellipse(200, 222, 48, 18, f.shade),
          circle(200, 222, 8, '#22c55e'),
        ]
      return [
        rect(192, 50, 16, 230, 8, f.shade),
        rect(168, 90, 64, 120, 26, f.body, f.edge, 2),
        rect(180, 180, 40, 50, 14, { from: '#c4b5fd', to: '#7c3aed' }),
        poly([140, 290, 260, 290, 272, 322, 128, 322], f.body, f.edge, 2),
        line([200, 230, 200, 290], 12, f.shade),
      ]
    case 'iron': {
      const styles: Record<string, Shape[]> = {
        iron: [
          poly([80, 270, 110, 180, 180, 140, 310, 140, 310, 270], f.body, f.edge, 3),
          rect(70, 264, 250, 24, 8, f.shade),
          rect(200, 108, 96, 30, 14, f.shade),
          circle(260, 210, 16, f.light),
        ],
        station: [
          rect(70, 260, 260, 70, 24, f.body, f.edge, 2),
          poly([110, 240, 130, 180, 180, 160, 270, 160, 270, 240], f.light, f.edge, 2),
          rect(100, 236, 180, 12, 6, f.shade),
          line([300, 260, 300, 200, 270, 190], 8, f.edge),
        ],
        shaver: [
          rect(160, 130, 80, 210, 34, f.body, f.edge, 2),
          rect(140, 70, 120, 70, 20, f.shade, f.edge, 2),
          line([152, 90, 248, 90], 4, f.light),
          line([152, 110, 248, 110], 4, f.light),
          circle(200, 210, 12, f.light),
        ],
        trimmer: [
          rect(170, 110, 60, 230, 28, f.body, f.edge, 2),
          rect(160, 70, 80, 46, 8, f.shade),
          line([166, 78, 234, 78], 4, '#84cc16'),
          circle(200, 200, 10, f.light),
        ],
        dryer: [
          circle(220, 150, 70, f.body, f.edge, 2),
          circle(220, 150, 40, f.shade),
          circle(220, 150, 18, glass),
          rect(196, 210, 48, 130, 22, f.body, f.edge, 2),
        ],
        wrap: [
          rect(176, 60, 48, 210, 24, f.shade, f.edge, 2),
          rect(172, 260, 56, 90, 26, f.body, f.edge, 2),
          line([176, 90, 224, 110], 3, f.light),
          line([176, 130, 224, 150], 3, f.light),
          line([176, 170, 224, 190], 3, f.light),
        ],
      }
      return styles[style] ?? styles.iron!
    }
  }
}

/** Furniture and the kitchen: sofas, lamps, beds and cookware. */
function furnishing(kind: 'sofa' | 'lamp' | 'bed' | 'cookware', style: string, f: Finish): Shape[] {
  switch (kind) {
    case 'sofa':
      if (style === 'chair')
        return [
          rect(120, 110, 160, 150, 30, f.shade),
          rect(96, 190, 48, 110, 20, f.body, f.edge, 2),
          rect(256, 190, 48, 110, 20, f.body, f.edge, 2),
          rect(136, 220, 128, 64, 16, f.light),
          rect(120, 300, 16, 24, 4, f.edge),
          rect(264, 300, 16, 24, 4, f.edge),
        ]
      if (style === 'corner')
        return [
          rect(40, 150, 320, 100, 24, f.shade),
          rect(250, 150, 110, 180, 24, f.body, f.edge, 2),
          rect(40, 200, 40, 100, 18, f.body, f.edge, 2),
          rect(70, 230, 190, 56, 12, f.light),
          rect(266, 236, 80, 86, 12, f.light),
        ]
      return [
        rect(70, 150, 260, 110, 26, f.shade),
        rect(50, 190, 60, 100, 20, f.body, f.edge, 2),
        rect(290, 190, 60, 100, 20, f.body, f.edge, 2),
        rect(100, 230, 200, 56, 12, f.light),
        line([166, 232, 166, 284], 2, f.edge),
        line([234, 232, 234, 284], 2, f.edge),
      ]
    case 'lamp':
      if (style === 'dome')
        return [
          ellipse(200, 280, 90, 20, f.shade),
          poly([110, 280, 120, 200, 160, 160, 240, 160, 280, 200, 290, 280], f.body, f.edge, 2),
          ellipse(200, 230, 60, 40, '#fde68a'),
        ]
      if (style === 'arc')
        return [
          line([110, 330, 110, 150, 160, 80, 250, 80, 290, 120], 8, f.shade),
          poly([260, 116, 320, 116, 340, 170, 240, 170], f.body, f.edge, 2),
          ellipse(290, 176, 40, 8, '#fde68a'),
          rect(80, 326, 60, 14, 6, f.shade),
        ]
      return [
        line([200, 320, 170, 200, 250, 130], 10, f.shade),
        poly([220, 110, 290, 110, 310, 160, 200, 160], f.body, f.edge, 2),
        ellipse(255, 164, 50, 8, '#fde68a'),
        rect(150, 318, 100, 16, 8, f.shade),
      ]
    case 'bed':
      if (style === 'mattress')
        return [rect(60, 190, 280, 80, 18, f.body, f.edge, 3), rect(60, 180, 280, 26, 12, f.light, f.edge, 2), line([70, 232, 330, 232], 2, f.edge)]
      return [
        rect(50, 130, 40, 180, 8, f.body, f.edge, 2),
        rect(80, 220, 270, 64, 10, '#f8fafc', f.edge, 2),
        rect(100, 196, 80, 34, 14, f.light, f.edge, 1),
        rect(80, 284, 270, 22, 4, f.body, f.edge, 2),
      ]
    case 'cookware':
      return [
        rect(150, 120, 160, 20, 10, f.shade),
        rect(150, 140, 160, 120, 26, f.body, f.edge, 2),
        line([310, 170, 360, 170], 14, f.edge),
        rect(40, 230, 110, 70, 18, f.body, f.edge, 2),
        rect(34, 222, 122, 14, 7, f.shade),
      ]
  }
}

/** Networking and power: routers and smart home, chargers, and the parcel a product without a drawing shows. */
function connectedThing(kind: 'router' | 'charger' | 'box', style: string, f: Finish): Shape[] {
  switch (kind) {
    case 'router': {
      const styles: Record<string, Shape[]> = {
        router: [
          line([130, 220, 120, 100], 10, f.shade),
          line([200, 220, 200, 84], 10, f.shade),
          line([270, 220, 280, 100], 10, f.shade),
          rect(80, 210, 240, 80, 18, f.body, f.edge, 2),
          circle(130, 250, 6, '#22c55e'),
          circle(155, 250, 6, '#22c55e'),
        ],
        mesh: [
          rect(90, 120, 90, 200, 40, f.body, f.edge, 2),
          rect(220, 140, 90, 180, 40, f.body, f.edge, 2),
          circle(135, 296, 5, '#22c55e'),
          circle(265, 296, 5, '#22c55e'),
        ],
        cam: [
          rect(160, 250, 80, 60, 16, f.body, f.edge, 2),
          circle(200, 170, 84, f.body, f.edge, 2),
          circle(200, 170, 56, glass),
          ...lens(200, 170, 26, f.shade),
        ],
        plug: [
          rect(120, 100, 160, 200, 36, f.body, f.edge, 2),
          circle(175, 190, 10, glass),
          circle(225, 190, 10, glass),
          circle(200, 260, 8, '#38bdf8'),
        ],
        bridge: [
          rect(120, 120, 160, 160, 30, f.body, f.edge, 2),
          circle(200, 200, 40, f.shade),
          circle(150, 150, 6, '#22c55e'),
          circle(250, 150, 6, '#22c55e'),
        ],
      }
      return styles[style] ?? styles.router!
    }
    case 'charger': {
      const bolt = poly([212, 150, 178, 214, 204, 214, 190, 262, 226, 192, 200, 192], f.shade)
      const styles: Record<string, Shape[]> = {
        brick: [line([176, 130, 176, 82], 12, f.edge), line([224, 130, 224, 82], 12, f.edge), rect(136, 120, 128, 160, 24, f.body, f.edge, 2), bolt],
        bank: [rect(130, 70, 140, 260, 26, f.body, f.edge, 2), rect(170, 90, 60, 10, 5, f.shade), circle(200, 290, 6, '#22c55e'), bolt],
        puck: [
          line([200, 260, 200, 350], 10, f.edge),
          circle(200, 190, 90, f.body, f.edge, 2),
          circle(200, 190, 60, undefined, f.shade, 4),
          circle(200, 190, 10, f.shade),
        ],
        car: [
          rect(160, 70, 80, 70, 12, f.body, f.edge, 2),
          rect(174, 140, 52, 150, 18, f.shade, f.edge, 2),
          rect(180, 90, 16, 10, 3, glass),
          rect(204, 90, 16, 10, 3, glass),
        ],
      }
      return styles[style] ?? styles.brick!
    }
    case 'box':
      return [
        poly([200, 80, 330, 135, 330, 285, 200, 340, 70, 285, 70, 135], f.light, f.edge, 6),
        line([70, 135, 200, 190, 330, 135], 6, f.edge),
        line([200, 190, 200, 340], 6, f.edge),
        line([135, 107, 265, 162, 265, 202], 14, f.body),
      ]
  }
}

export function isFinish(name: string): name is FinishName {
  return Object.hasOwn(finishes, name)
}

/** The colours of the older addresses that named a hue (an import's `drawing` and its SKU's hue). */
function finishOfHue(hue: number): Finish {
  const hex = (l: number, s: number) => hslToHex(hue, s, l)
  return finish(hex(55, 55), hex(40, 55), hex(78, 60), hex(28, 40))
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const channel = (k: number) => {
    const x = (k + h / 30) % 12
    const value = l / 100 - a * Math.max(-1, Math.min(x - 3, 9 - x, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

export interface Drawing {
  kind: ImageKind
  style: string
  /** A finish's name, or a hue for the older addresses. */
  colour: FinishName | number
  view: number
}

/** The shapes of a product's picture in its 400 x 400 box. */
export function drawingShapes({ kind, style, colour, view }: Drawing): Shape[] {
  const f = typeof colour === 'number' ? finishOfHue(colour) : finishes[colour]
  return device(kind, style, f, view)
}

/** The picture's backdrop: a neutral grey, so a white, silver or black product shows as it is. */
export const backdrop = '#f1f3f5'

/** A product picture; `cutout` leaves the background transparent for use over a banner. */
export function productSvg(drawing: Drawing, cutout = false): string {
  const { defs, body } = shapesToSvg(drawingShapes(drawing), `p${drawing.view}`)
  // The other views turn the device a little, as a shop's second and third photos would.
  const tilt = drawing.kind !== 'phone' && drawing.view > 0 ? ` transform="rotate(${drawing.view === 1 ? -8 : 6} 200 200)"` : ''
  const background = cutout ? '' : `<rect width="400" height="400" fill="${backdrop}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">${defs ? `<defs>${defs}</defs>` : ''}${background}<g${tilt}>${body}</g></svg>`
}

const bannerThemes: Record<string, [number, number]> = {
  sunrise: [24, 340],
  oasis: [170, 200],
  night: [250, 290],
}

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`

/** A decorative banner background; the words are HTML over it, so they are real text in both languages. */
export function bannerSvg(seed: string, shape: 'desktop' | 'mobile'): string {
  const [w, h] = shape === 'desktop' ? [1600, 480] : [800, 600]
  const themeName = Object.keys(bannerThemes).find((t) => seed.includes(t))
  let hash = 0
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const [a, b] = themeName ? bannerThemes[themeName]! : [hash % 360, (hash * 7) % 360]
  const circles = Array.from({ length: 6 }, (_, i) => {
    const cx = ((hash >> i) % 100) / 100
    return `<circle cx="${Math.round(w * (0.1 + cx * 0.8))}" cy="${Math.round(h * (0.2 + (i % 3) * 0.3))}" r="${Math.round(h * (0.12 + (i % 4) * 0.08))}" fill="white" opacity="${0.05 + (i % 3) * 0.04}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(a, 70, 45)}"/><stop offset="1" stop-color="${hsl(b, 70, 30)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${circles}</svg>`
}
