/** Where toasts appear: announced politely (errors assertively), closed after the configured delay. */
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Icon } from './Icon'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { dismissToastAtom, toastsAtom, type Toast } from '../../state/toasts'

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom)
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), appConfig.timing.toastAutoCloseMs)
    return () => clearTimeout(timer)
  }, [toast.id, dismiss])
  const picture = toast.kind === 'error' ? 'circle-alert' : 'circle-check'
  // The list item stays a list item (axe's "list" rule: an <ol> holds only list items); the live region is inside it.
  return (
    <li>
      <div
        role={toast.kind === 'error' ? 'alert' : 'status'}
        className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm text-white shadow-lg ${toast.kind === 'error' ? 'bg-sale' : 'bg-ink'}`}
      >
        <Icon name={picture} className="mt-0.5 size-5 shrink-0" />
        <span className="flex-1">{toast.message}</span>
        <button type="button" onClick={() => dismiss(toast.id)} aria-label={m.toast_close()} className="rounded p-0.5 hover:bg-white/20">
          <Icon name="x" className="size-4" />
        </button>
      </div>
    </li>
  )
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  return (
    <ol className="pointer-events-none fixed inset-x-0 top-20 z-50 mx-auto flex w-[min(26rem,calc(100vw-2rem))] flex-col gap-2 [&>li]:pointer-events-auto">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  )
}
