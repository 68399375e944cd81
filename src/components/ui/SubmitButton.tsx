/**
 * A form's one main button (signing in, registering, the codes, the password reset, the order lookup): full width in
 * the brand's colour, and while its call is on its way disabled and saying so, so a second tap cannot send it again.
 */
import type { ReactNode } from 'react'
import { m } from '../../paraglide/messages.js'

/** The main button's look, for a button that is not a form's submit (the filter drawer's "show results"). */
export const mainButtonClass = 'h-11 w-full rounded-full bg-brand font-semibold text-brand-ink disabled:opacity-60'

export function SubmitButton({ busy, className, children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={className ? `${mainButtonClass} ${className}` : mainButtonClass}>
      {busy ? m.auth_working() : children}
    </button>
  )
}
