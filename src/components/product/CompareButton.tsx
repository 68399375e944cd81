/** The compare toggle (docs/product.md, "Rules" and "Validation"): at most 4 products, the product's message past that. */
import { useSetAtom } from 'jotai'
import { afterNextPaint } from '../../lib/after-next-paint'
import { toggleCompare } from '../../lib/compare'
import { m } from '../../paraglide/messages.js'
import { compareAtom } from '../../state/shopper'
import { useStoredMember } from '../../state/hydrated'
import { pushToastAtom } from '../../state/toasts'

export function CompareButton({ sku, name }: { sku: string; name: string }) {
  const compare = useStoredMember(compareAtom, sku)
  const pushToast = useSetAtom(pushToastAtom)
  const chosen = compare.member
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={m.compare_toggle({ name })}
      onClick={() => {
        const result = toggleCompare(compare.list(), sku)
        if (result.outcome === 'full') return afterNextPaint(() => pushToast({ kind: 'error', message: m.compare_limit() }))
        compare.set(result.list)
      }}
      className="inline-flex h-8 items-center gap-1.5 rounded-full px-2 text-xs font-semibold text-muted hover:text-brand aria-pressed:bg-brand-soft aria-pressed:text-brand"
    >
      {/* A box that fills when chosen (no icon: every icon is first-load JS on every listing). */}
      <span aria-hidden="true" className={`size-3.5 rounded-sm border-2 ${chosen ? 'border-brand bg-brand' : 'border-current'}`} />
      {m.compare_short()}
    </button>
  )
}
