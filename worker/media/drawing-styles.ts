/**
 * The kinds of product drawing and the styles of each (docs/product.md, "Demo catalogue and pictures"): the list a
 * picture's address, the demo catalogue and the retailer's import (its `drawing` column) are checked against, kept apart
 * from the drawings themselves (./illustrations.ts) so that checking a name does not load the code that draws.
 */
import type { ImageKind } from '../../src/domain/catalogue'

/** A TV's panels (bezel, stand and picture) and the sizes drawn to scale. */
export const tvPanels = ['oled', 'qled', 'mini', 'uled', 'eight'] as const
const tvSizes = [43, 50, 55, 65, 75, 85] as const

/** The styles of each kind, the first its default (docs/product.md, "Demo catalogue and pictures"). */
export const drawingStyles: Record<ImageKind, readonly string[]> = {
  phone: ['tri', 'row', 'island', 'ring', 'square', 'duo'],
  tablet: ['portrait', 'landscape', 'pen', 'keyboard'],
  watch: ['square', 'round'],
  laptop: ['mac', 'thinkpad', 'wide', 'slim', 'plain'],
  monitor: ['flat', 'curved', 'gaming', 'pro', 'projector', 'cube', 'laser'],
  tv: tvPanels.flatMap((panel) => tvSizes.map((size) => `${panel}${size}`)),
  headphones: ['over', 'buds', 'stem'],
  speaker: ['box', 'tube', 'tower', 'bar'],
  console: ['tower', 'wings', 'handheld'],
  controller: ['pad'],
  camera: ['mirrorless', 'dash'],
  drone: ['drone', 'action'],
  fridge: ['double', 'single', 'side', 'french'],
  washer: ['front'],
  ac: ['split'],
  oven: ['oven'],
  microwave: ['micro', 'oven'],
  blender: ['jug', 'stand'],
  coffee: ['auto', 'capsule'],
  airfryer: ['basket', 'dual'],
  vacuum: ['stick', 'robot'],
  iron: ['iron', 'station', 'shaver', 'trimmer', 'dryer', 'wrap'],
  sofa: ['three', 'corner', 'chair'],
  lamp: ['desk', 'dome', 'arc'],
  bed: ['frame', 'mattress'],
  cookware: ['set'],
  router: ['router', 'mesh', 'cam', 'plug', 'bridge'],
  charger: ['brick', 'bank', 'puck', 'car'],
  box: ['parcel'],
}

export const imageKinds = Object.keys(drawingStyles) as ImageKind[]

/** Whether a drawing's address names a style of its kind. */
export function isDrawingStyle(kind: ImageKind, style: string): boolean {
  return drawingStyles[kind].includes(style)
}
