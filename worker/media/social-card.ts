/**
 * The social preview (og:image) of a product or of the store, painted to pixels (docs/decisions/0022-drawings-painted-to-png.md):
 * social networks show a raster picture and ignore SVG. 1200 x 630, the size they crop to; the product's own drawing
 * and colour on a white card beside the store's mark, or the mark and a shelf of drawings for every other page. No
 * text: it would need a font on the Worker, and the page's title and description travel beside the picture anyway.
 */
import { backdrop, type Drawing, drawingShapes } from './illustrations'
import { encodePng } from './png'
import { type Canvas, createCanvas, line, paintShapes, poly, rect, type Shape } from './shapes'

export const socialCardSize = { width: 1200, height: 630 } as const

const brand = '#0b4f9c'
const accent = '#ffb400'

/** The store's mark (src/components/frame/Logo.tsx) in its 32 x 32 box: a shopping bag on the accent square. */
function mark(): Shape[] {
  const handle: number[] = []
  for (let a = 180; a <= 360; a += 15) handle.push(16 + 3.5 * Math.cos((a * Math.PI) / 180), 10 + 3.5 * Math.sin((a * Math.PI) / 180))
  return [
    rect(0, 0, 32, 32, 8, accent),
    poly([9, 12, 23, 12, 21.8, 24.5, 19.8, 26, 12.2, 26, 10.2, 24.5], brand),
    line([12.5, 12, ...handle, 19.5, 12], 2, brand),
  ]
}

function paintBase(): Canvas {
  const canvas = createCanvas(socialCardSize.width, socialCardSize.height, brand)
  // Two soft bands of the brand's lighter blue behind everything.
  paintShapes(canvas, [rect(-100, 470, 1400, 60, 0, '#1560b5'), rect(-100, 540, 1400, 30, 0, '#1a6dc7')], 1, 0, 0)
  return canvas
}

/** A product's preview: its drawing (the card's first view) on a white card, the store's mark beside it. */
export async function productSocialCard(drawing: Drawing): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = paintBase()
  paintShapes(canvas, mark(), 7, 120, 203)
  paintShapes(canvas, [rect(0, 0, 560, 560, 36, backdrop)], 1, 580, 35)
  paintShapes(canvas, drawingShapes({ ...drawing, view: 0 }), 1.3, 600, 55)
  return encodePng(canvas)
}

/** The store's own preview, for every page that is not a product: its mark and a shelf of what it sells. */
export async function storeSocialCard(): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = paintBase()
  paintShapes(canvas, mark(), 8, 472, 60)
  const shelf: Drawing[] = [
    { kind: 'phone', style: 'tri', colour: 'titanium', view: 1 },
    { kind: 'laptop', style: 'mac', colour: 'silver', view: 0 },
    { kind: 'tv', style: 'oled55', colour: 'black', view: 0 },
    { kind: 'headphones', style: 'over', colour: 'white', view: 0 },
    { kind: 'fridge', style: 'french', colour: 'steel', view: 0 },
  ]
  shelf.forEach((drawing, i) => {
    const x = 60 + i * 220
    paintShapes(canvas, [rect(0, 0, 200, 200, 24, backdrop)], 1, x, 360)
    paintShapes(canvas, drawingShapes(drawing), 0.5, x, 360)
  })
  return encodePng(canvas)
}
