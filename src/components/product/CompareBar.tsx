/** A bar at the foot of the screen while products are chosen for compare: go to /compare, or clear. */
import { Link, useRouterState } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { m } from '../../paraglide/messages.js'
import { compareAtom } from '../../state/shopper'

export function CompareBar() {
  const [skus, setSkus] = useAtom(compareAtom)
  const onComparePage = useRouterState({ select: (s) => s.location.pathname.endsWith('/compare') })
  if (skus.length === 0 || onComparePage) return null
  return (
    <div
      role="region"
      aria-label={m.compare_title()}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-content items-center justify-between gap-3 px-4 py-2">
        <Link to="/compare" className="inline-flex h-10 items-center gap-2 rounded-full bg-brand px-5 text-sm font-semibold text-brand-ink">
          <Icon name="compare" className="size-4" />
          {m.compare_bar({ count: skus.length })}
        </Link>
        <button type="button" onClick={() => setSkus([])} className="text-sm font-semibold text-muted underline hover:text-sale">
          {m.compare_clear()}
        </button>
      </div>
    </div>
  )
}
