/**
 * A Lucide icon in the text's colour, drawn from the page's sprite (src/domain/icons.ts): an <svg> that uses the
 * sprite's <symbol>. Two elements per icon; the paths are in the page once, not in every card. Icons drawn as CSS
 * masks before cost the first paint of a phone's listing about 100 ms of style, layout and paint at 2x: every mask
 * is an SVG document of its own. Icons are decoration here; the control around them carries the accessible name.
 */
import { type IconName, iconSymbolId } from '../../domain/icons'

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="1em" height="1em" className={`block ${className}`}>
      <use href={`#${iconSymbolId(name)}`} />
    </svg>
  )
}
