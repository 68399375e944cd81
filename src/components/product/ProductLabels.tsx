/** A product's labels over its picture (docs/product.md, "Rules"): active ones only, at their corner. */
import { visibleLabels, type LabelPosition, type ProductLabel } from '../../domain/labels'

// Left and right follow the reading direction, so a label keeps its corner in both languages. The
// top end corner holds the wishlist heart and the bottom end one the discount, so labels there sit clear of them.
const corner: Record<LabelPosition, string> = {
  'top-left': 'top-2 start-2',
  'top-right': 'top-12 end-2',
  'bottom-left': 'bottom-2 start-2',
  'bottom-right': 'bottom-9 end-2',
}

export function ProductLabels({ labels, now, view }: { labels: ProductLabel[]; now: Date; view: 'category' | 'product' }) {
  return visibleLabels(labels, now, view).map((label, i) => (
    <span
      // eslint-disable-next-line @eslint-react/no-array-index-key -- labels have no id, hold no state and are never reordered in place
      key={i}
      className={`absolute ${corner[label.position]} z-[1] flex items-center justify-center rounded-md px-2 text-[0.7rem] leading-none font-bold`}
      style={{ minWidth: label.width, height: label.height, background: label.background ?? 'var(--brand)', color: label.color ?? '#fff' }}
    >
      {label.image ? <img src={label.image} alt={label.text} width={label.width} height={label.height} /> : label.text}
    </span>
  ))
}
