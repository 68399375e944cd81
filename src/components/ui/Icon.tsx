/**
 * A Lucide icon in the text's colour, drawn from the icons' sprite (src/domain/icons.ts, docs/architecture.md "Icons"):
 * an <svg> that uses the sprite's <symbol>. The sprite is a file of its own, fetched once and kept by the browser, so
 * the paths are neither in every card nor in any page's HTML or JavaScript. Icons drawn as CSS masks before cost the
 * first paint of a phone's listing about 100 ms of style, layout and paint at 2x: every mask is an SVG document of its
 * own. Icons are decoration here; the control around them carries the accessible name.
 */
import { type IconName, iconSymbolId } from '../../domain/icons'
// `no-inline`: a sprite inlined as a data: URL is one `<use>` may not reference.
import sprite from './icons.svg?no-inline'

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="1em" height="1em" className={`block ${className}`}>
      <use href={`${sprite}#${iconSymbolId(name)}`} />
    </svg>
  )
}
