/**
 * The store's icons (docs/architecture.md, "Icons"): each name the pages use and the Lucide icon drawn for it. The
 * Worker puts one hidden SVG sprite with a <symbol> per icon at the start of every page (worker/http/icon-sprite.ts), and
 * <Icon> (src/components/ui/Icon.tsx) draws one with <use>. `null`: drawn by hand in scripts/write-icon-sprite.ts.
 */
export const iconPictures = {
  'arrow-right': 'arrow-right',
  bell: 'bell',
  'chevron-down': 'chevron-down',
  'chevron-left': 'chevron-left',
  'chevron-right': 'chevron-right',
  'circle-alert': 'circle-alert',
  'circle-check': 'circle-check',
  clock: 'clock',
  compare: 'git-compare-arrows',
  filters: 'sliders-horizontal',
  heart: 'heart',
  // Lucide has no filled heart: the sprite fills its outline (a saved favourite).
  'heart-filled': null,
  // The outside account portal: a card, not a person, so it never looks like the signed-in menu beside it.
  'id-card': 'id-card',
  'log-in': 'log-in',
  'map-pin': 'map-pin',
  menu: 'menu',
  'message-circle': 'message-circle',
  minus: 'minus',
  plus: 'plus',
  search: 'search',
  'shopping-cart': 'shopping-cart',
  smartphone: 'smartphone',
  trash: 'trash-2',
  truck: 'truck',
  'user-check': 'user-round-check',
  x: 'x',
} as const satisfies Record<string, string | null>

export type IconName = keyof typeof iconPictures

/** The sprite's id of an icon's <symbol>. */
export const iconSymbolId = (name: IconName) => `icon-${name}`
