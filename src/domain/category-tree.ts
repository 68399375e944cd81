/** Walks the category tree (docs/product.md, "Calls" 'Category node'). */

interface TreeNode {
  id: number
  url_key: string
  children_data: TreeNode[]
}

export interface CategoryNode {
  id: number
  parent_id: number
  url_key: string
  name: string
  position: number
  level: number
  is_active: boolean
  include_in_menu: boolean
  show_in_mega_menu: boolean
  show_animation: boolean
  product_count: number
  banners: { desktop: { image_src: string } | null; mobile: { image_src: string } | null }
  children_data: CategoryNode[]
}

/** Finds a node by url_key or id anywhere under the root. */
export function findCategory<T extends TreeNode>(root: T, key: string | number): T | undefined {
  const stack: TreeNode[] = [...root.children_data]
  while (stack.length > 0) {
    const node = stack.shift()!
    if (typeof key === 'number' ? node.id === key : node.url_key === key) return node as T
    stack.push(...node.children_data)
  }
  return undefined
}

/** What the nav bar and side menu need of a category: the frame ships only this to the browser. */
export interface MenuNode {
  id: number
  url_key: string
  name: string
  include_in_menu: boolean
  show_in_mega_menu: boolean
  show_animation: boolean
  product_count: number
  children_data: MenuNode[]
}

export function menuTree(node: CategoryNode): MenuNode {
  return {
    id: node.id,
    url_key: node.url_key,
    name: node.name,
    include_in_menu: node.include_in_menu,
    show_in_mega_menu: node.show_in_mega_menu,
    show_animation: node.show_animation,
    product_count: node.product_count,
    children_data: node.children_data.map(menuTree),
  }
}
