/**
 * Product labels (docs/product.md, "Calls" and "Rules"): shown only when status is '1' and the current time is within
 * active_from..active_to. Times without an offset are the store's local time (Asia/Riyadh, UTC+3 all
 * year). A label's style is data, so only its colours are taken, and only as hex values.
 */

export type LabelPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'

interface LabelSettings {
  position?: string
  style?: string
  image_size?: string
  image?: string | null
  label_text?: string
}

export interface ProductLabel {
  status: string
  active_from: string | null
  active_to: string | null
  frontend_settings?: LabelSettings
  category_settings?: LabelSettings
}

interface VisibleLabel {
  text: string
  position: LabelPosition
  background: string | null
  color: string | null
  image: string | null
  width: number
  height: number
}

const riyadhOffset = '+03:00'

/** "2026-01-01 00:00:00" (store time) or an ISO instant, in milliseconds; NaN when unreadable. */
export function parseStoreTime(value: string): number {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim())
  return local ? Date.parse(`${local[1]}T${local[2]}${riyadhOffset}`) : Date.parse(value)
}

export function isLabelActive(label: ProductLabel, now: Date): boolean {
  if (label.status !== '1') return false
  const from = label.active_from ? parseStoreTime(label.active_from) : Number.NEGATIVE_INFINITY
  const to = label.active_to ? parseStoreTime(label.active_to) : Number.POSITIVE_INFINITY
  if (Number.isNaN(from) || Number.isNaN(to)) return false
  return from <= now.getTime() && now.getTime() <= to
}

const positions: readonly LabelPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right']

function cssColour(style: string | undefined, property: 'background' | 'color'): string | null {
  const match = new RegExp(`(?:^|;)\\s*${property}(?:-color)?\\s*:\\s*(#[0-9a-fA-F]{3,8})\\s*(?:;|$)`).exec(style ?? '')
  return match?.[1] ?? null
}

/** The labels to draw now, with the settings of the view (category listing or product page). */
export function visibleLabels(labels: readonly ProductLabel[], now: Date, view: 'category' | 'product'): VisibleLabel[] {
  return labels
    .filter((label) => isLabelActive(label, now))
    .flatMap((label) => {
      const settings = (view === 'category' ? label.category_settings : undefined) ?? label.frontend_settings
      if (!settings) return []
      const [width, height] = (settings.image_size ?? '').split('x').map(Number)
      return [
        {
          text: settings.label_text ?? '',
          position: positions.find((p) => p === settings.position) ?? 'top-left',
          background: cssColour(settings.style, 'background'),
          color: cssColour(settings.style, 'color'),
          image: settings.image && settings.image.startsWith('/') ? settings.image : null,
          width: width && width > 0 && width <= 400 ? width : 64,
          height: height && height > 0 && height <= 400 ? height : 24,
        },
      ]
    })
}
