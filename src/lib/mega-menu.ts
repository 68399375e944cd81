/**
 * The mega-menu rule (docs/product.md, "Rules"): a category shows only if include_in_menu and
 * show_in_mega_menu are true and it has products; the nav bar shows at most 12 (docs/product.md, "Limits").
 */
import { appConfig } from '../../app.config'

interface MenuCategory {
  include_in_menu: boolean
  show_in_mega_menu: boolean
  product_count: number
}

export function isMenuCategory(category: MenuCategory): boolean {
  return category.include_in_menu && category.show_in_mega_menu && category.product_count > 0
}

export function navCategories<T extends MenuCategory>(topCategories: readonly T[]): T[] {
  return topCategories.filter(isMenuCategory).slice(0, appConfig.limits.navCategoriesMax)
}
