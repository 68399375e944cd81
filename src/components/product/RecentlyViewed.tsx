/**
 * Recently viewed (docs/product.md, "Recently viewed"): the products the shopper opened on this device, newest first,
 * on the home page and under a product page (which records itself, src/lib/viewed-store.ts, and is left out of the list). Drawn in the
 * browser only, after hydration (src/components/frame/LazyFrame.tsx, LazyRecentlyViewed): the page's HTML, which the
 * page cache and the service worker keep for everyone, never holds it.
 */
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { viewedToShow } from '../../domain/recently-viewed'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { recentlyViewedAtom } from '../../state/shopper'
import { Price } from '../Price'

/** The list, without `exceptSku` (the product on screen, which its page has recorded: src/lib/viewed-store.ts). */
export function RecentlyViewed({ exceptSku }: { exceptSku?: string }) {
  const locale = currentLocale()
  const shown = viewedToShow(useAtomValue(recentlyViewedAtom), locale, exceptSku)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="recently-viewed" className="mx-auto max-w-content px-4 py-6" data-testid="recently-viewed">
      <h2 id="recently-viewed" className="mb-4 text-xl font-bold lg:text-2xl">
        {m.recently_viewed_title()}
      </h2>
      <ul className="scrollbar-none -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2" aria-label={m.recently_viewed_title()} tabIndex={0}>
        {shown.map(({ item, name }) => (
          <li key={item.sku} className="w-36 shrink-0 snap-start sm:w-44">
            <Link to="/product/$rewriteUrl" params={{ rewriteUrl: item.rewriteUrl }} className="block h-full rounded-xl bg-white p-3 hover:shadow-md">
              {item.image && (
                <img src={item.image} alt="" width={160} height={160} loading="lazy" className="mx-auto aspect-square w-full object-contain" />
              )}
              <span className="mt-2 line-clamp-2 text-sm leading-snug">{name}</span>
              <Price amount={item.price} className="mt-1 block text-sm font-bold" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
