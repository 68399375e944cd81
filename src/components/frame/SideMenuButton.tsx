/** The header's Categories button; it opens the side menu. */
import { useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { m } from '../../paraglide/messages.js'
import { openModalAtom } from '../../state/shopper'

export function SideMenuButton({ className = '' }: { className?: string }) {
  const setOpenModal = useSetAtom(openModalAtom)
  return (
    <button
      type="button"
      onClick={() => setOpenModal('sideMenu')}
      aria-haspopup="dialog"
      className={`inline-flex items-center gap-2 rounded-lg px-2 py-2 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink ${className}`}
    >
      <Icon name="menu" className="size-6" />
      <span className="max-lg:sr-only">{m.header_categories()}</span>
    </button>
  )
}
