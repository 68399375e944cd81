/**
 * The sticky top area (docs/product.md, "Screens"): logo, Categories, search, city, account, favourites, cart
 * and the language toggle; the nav bar under it on large screens. Phones get the search on a
 * second row and the city on a third.
 */
import type { MenuNode } from '../../domain/category-tree'
import { CityButton } from './CityPicker'
import { AccountButton, useTelesales } from './AccountButton'
import { CartLink, FavouritesLink, PortalLink } from './HeaderIcons'
import { LanguageToggle } from './LanguageToggle'
import { Logo } from './Logo'
import { NavBar } from './NavBar'
import { SearchBox } from './SearchBox'
import { SideMenuButton } from './SideMenuButton'
import type { RegionOption } from '../../domain/catalogue'

export function Header({ tree, regions }: { tree: MenuNode | undefined; regions: RegionOption[] }) {
  const telesales = useTelesales()
  return (
    <header className={`sticky top-0 z-30 bg-brand text-brand-ink shadow-md ${telesales ? 'border-b-4 border-accent' : ''}`}>
      <div className="mx-auto flex max-w-content items-center gap-2 px-3 py-2 lg:gap-4 lg:px-4">
        <SideMenuButton />
        <Logo />
        <SearchBox className="mx-2 hidden flex-1 md:block" />
        <CityButton regions={regions} className="hidden lg:flex" />
        <div className="ms-auto flex items-center gap-0.5 md:ms-0">
          <LanguageToggle />
          <PortalLink />
          <AccountButton />
          <FavouritesLink />
          <CartLink />
        </div>
      </div>
      <div className="px-3 pb-2 md:hidden">
        <SearchBox />
      </div>
      <div className="border-t border-white/15 px-2 py-0.5 lg:hidden">
        <CityButton regions={regions} />
      </div>
      <NavBar tree={tree} />
    </header>
  )
}
