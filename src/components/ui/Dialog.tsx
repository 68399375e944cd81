/**
 * A modal on the native <dialog>: focus is trapped and Escape closes it, with no library code.
 * Opens when `open` is true; reports every close (Escape, backdrop, close button) through onClose.
 */
import { type ReactNode, useDeferredValue, useEffect, useId, useRef } from 'react'
import { Icon } from './Icon'
import { m } from '../../paraglide/messages.js'

interface DialogProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  variant?: 'modal' | 'drawer'
  /** Hide the visible heading (it is still the dialog's accessible name). */
  hideTitle?: boolean
}

export function Dialog({ open, onClose, title, children, variant = 'modal', hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const openRef = useRef(open)
  // Where the press began: a click is dispatched on the common ancestor of press and release, so a press on
  // a tab that shrinks the modal (Radix switches tabs on pointer-down) and a release beyond its new edge is
  // a "click" on the dialog element, which is not a tap on the backdrop.
  const pressedOnBackdrop = useRef(false)
  const titleId = useId()
  // The tap that opens a dialog paints its frame (title, close button) at once; what it holds renders just after,
  // in a pass the browser may interrupt to paint (docs/architecture.md, "Taps"); a dialog mounted open (the lazy
  // ones) starts empty for that first frame too. Closing is never deferred.
  const contentShown = useDeferredValue(open, false) && open

  useEffect(() => {
    openRef.current = open
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={variant}
      aria-labelledby={titleId}
      // The close event also fires when we close it because another modal opened: report only the
      // shopper's own closing (Escape), while this dialog is still meant to be open.
      onClose={() => {
        if (openRef.current) onClose()
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog element itself, from press to release.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose()
        pressedOnBackdrop.current = false
      }}
    >
      <div className="flex max-h-[inherit] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-bold'}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="ms-auto rounded-full p-2 text-muted hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand"
            aria-label={m.dialog_close()}
          >
            <Icon name="x" className="size-5" />
          </button>
        </div>
        {/* Content exists only while open: closed dialogs cost no HTML, render or image request. */}
        <div className="overflow-y-auto">{contentShown && children}</div>
      </div>
    </dialog>
  )
}
