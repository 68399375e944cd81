/** The Categories side menu: the whole tree, sub-categories folded under their parent. Its code loads when it first opens. */
import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import type { MenuNode } from '../../domain/category-tree'
import { isMenuCategory } from '../../lib/mega-menu'
import { m } from '../../paraglide/messages.js'
import { openModalAtom } from '../../state/shopper'
import { Dialog } from '../ui/Dialog'

export function SideMenu({ tree }: { tree: MenuNode | undefined }) {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const close = () => setOpenModal(null)
  const categories = tree?.children_data.filter((c) => c.include_in_menu && c.product_count > 0) ?? []
  return (
    <>
      <Dialog open={openModal === 'sideMenu'} onClose={close} title={m.side_menu_title()} variant="drawer">
        <ul className="divide-y divide-line">
          {categories.map((category) => (
            <li key={category.id}>
              <details className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between px-5 py-3 font-medium hover:bg-surface">
                  {category.name}
                  <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <ul className="bg-surface pb-2">
                  <li>
                    <Link
                      to="/$urlKey"
                      params={{ urlKey: category.url_key }}
                      onClick={close}
                      className="block px-8 py-2 text-sm font-semibold text-brand"
                    >
                      {m.side_menu_all_in({ name: category.name })}
                    </Link>
                  </li>
                  {category.children_data.filter(isMenuCategory).map((child) => (
                    <li key={child.id}>
                      <Link to="/$urlKey" params={{ urlKey: child.url_key }} onClick={close} className="block px-8 py-2 text-sm hover:text-brand">
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  )
}
