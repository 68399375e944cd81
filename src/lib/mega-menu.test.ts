import { describe, expect, it } from 'vitest'
import { isMenuCategory, navCategories } from './mega-menu'

const category = (over: Partial<{ include_in_menu: boolean; show_in_mega_menu: boolean; product_count: number }> = {}) => ({
  include_in_menu: true,
  show_in_mega_menu: true,
  product_count: 3,
  ...over,
})

describe('mega-menu rule', () => {
  it('keeps a category in the menu, shown in the mega menu and with products', () => {
    expect(isMenuCategory(category())).toBe(true)
  })
  it('drops a category not in the menu, not in the mega menu, or without products', () => {
    expect(isMenuCategory(category({ include_in_menu: false }))).toBe(false)
    expect(isMenuCategory(category({ show_in_mega_menu: false }))).toBe(false)
    expect(isMenuCategory(category({ product_count: 0 }))).toBe(false)
  })
  it('shows at most 12, in order, after filtering', () => {
    const list = [category({ product_count: 0 }), ...Array.from({ length: 14 }, (_, i) => category({ product_count: i + 1 }))]
    const nav = navCategories(list)
    expect(nav).toHaveLength(12)
    expect(nav[0]!.product_count).toBe(1)
    expect(nav[11]!.product_count).toBe(12)
  })
})
