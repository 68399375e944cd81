/**
 * A Lucide icon drawn as a CSS mask in the text's colour (Iconify's Tailwind plugin builds the CSS of the
 * icons named here from @iconify-json/lucide at build time). An inline <svg> cost every picture 10-15
 * elements and 40 attributes: on a category page that was a third of each product card's HTML, the
 * server's time to render it and the browser's to hydrate it. Icons are decoration here; the control
 * around them carries the accessible name.
 */
export const pictures = {
  'arrow-right': 'lucide--arrow-right',
  bell: 'lucide--bell',
  'chevron-down': 'lucide--chevron-down',
  'chevron-left': 'lucide--chevron-left',
  'chevron-right': 'lucide--chevron-right',
  'circle-alert': 'lucide--circle-alert',
  'circle-check': 'lucide--circle-check',
  clock: 'lucide--clock',
  compare: 'lucide--git-compare-arrows',
  filters: 'lucide--sliders-horizontal',
  heart: 'lucide--heart',
  // The outside account portal: a card, not a person, so it never looks like the signed-in menu beside it.
  'id-card': 'lucide--id-card',
  // Lucide has no filled heart: app.css draws one from the same outline (a saved favourite).
  'heart-filled': 'icon-heart-filled',
  'log-in': 'lucide--log-in',
  'map-pin': 'lucide--map-pin',
  menu: 'lucide--menu',
  'message-circle': 'lucide--message-circle',
  minus: 'lucide--minus',
  plus: 'lucide--plus',
  search: 'lucide--search',
  'shopping-cart': 'lucide--shopping-cart',
  smartphone: 'lucide--smartphone',
  trash: 'lucide--trash-2',
  truck: 'lucide--truck',
  'user-check': 'lucide--user-round-check',
  x: 'lucide--x',
} as const

type IconName = keyof typeof pictures

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={`iconify block ${pictures[name]} ${className}`} />
}
