/**
 * The nav bar (docs/product.md, "Screens"): up to 12 top categories by the mega-menu rule, pulsing when
 * show_animation, grey skeletons while loading, hidden under 992 px. A click clears the search text.
 */
import { Link } from '@tanstack/react-router'
import type { MenuNode } from '../../domain/category-tree'
import { navCategories } from '../../lib/mega-menu'
import { m } from '../../paraglide/messages.js'
import { appConfig } from '../../../app.config'

function clearSearchText() {
  for (const input of document.querySelectorAll<HTMLInputElement>('form[role="search"] input[name="q"]')) input.value = ''
}

export function NavBar({ tree }: { tree: MenuNode | undefined }) {
  return (
    <nav aria-label={m.nav_label()} className="hidden border-t border-white/15 lg:block">
      <ul className="mx-auto flex h-11 max-w-content items-center gap-1 overflow-hidden px-4">
        {tree
          ? navCategories(tree.children_data).map((category) => (
              <li key={category.id} className="shrink-0">
                <Link
                  to="/$urlKey"
                  params={{ urlKey: category.url_key }}
                  onClick={clearSearchText}
                  className={`block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink ${category.show_animation ? 'nav-glow' : ''}`}
                  activeProps={{ 'aria-current': 'page', className: 'bg-white/15' }}
                >
                  {category.name}
                </Link>
              </li>
            ))
          : Array.from({ length: appConfig.limits.navCategoriesMax }, (_, i) => (
              <li key={i} aria-hidden="true" className="h-5 w-20 shrink-0 animate-pulse rounded bg-white/25" />
            ))}
        {!tree && <li className="sr-only">{m.nav_loading()}</li>}
      </ul>
    </nav>
  )
}
