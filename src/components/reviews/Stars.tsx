/**
 * Stars as text, no script: five ★ with the filled share clipped to the average (docs/product.md, "Reviews"). Used
 * on cards, so it adds markup only; the label says the average in words for screen readers.
 */
import { m } from '../../paraglide/messages.js'

export function Stars({ average, className = '' }: { average: number; className?: string }) {
  const width = `${Math.max(0, Math.min(100, (average / 5) * 100))}%`
  return (
    <span role="img" aria-label={m.reviews_rated({ average: average.toFixed(1) })} className={`relative inline-block leading-none ${className}`}>
      <span className="text-line">★★★★★</span>
      <span aria-hidden="true" className="absolute inset-y-0 start-0 overflow-hidden whitespace-nowrap text-[#f5a623]" style={{ width }}>
        ★★★★★
      </span>
    </span>
  )
}
