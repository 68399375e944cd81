/**
 * Asks before a change that cannot be undone (docs/product.md, "Cart": emptying the cart, a city change that empties
 * it). The safe answer is the first button and takes the focus; the destructive one says exactly what it does.
 */
import { Dialog } from './Dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <ConfirmBody text={text} confirmLabel={confirmLabel} cancelLabel={cancelLabel} busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
    </Dialog>
  )
}

/** The question and its two answers, for a dialog that is already open (the city dialog asks inside itself). */
export function ConfirmBody({ text, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: Omit<ConfirmDialogProps, 'open' | 'title'>) {
  return (
    <div className="space-y-4 p-5">
      <p>{text}</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <button type="button" autoFocus onClick={onCancel} className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink">
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="rounded-full border border-sale px-5 py-2.5 font-semibold text-sale disabled:opacity-50"
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  )
}
