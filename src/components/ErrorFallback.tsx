/** The render-crash fallback (docs/product.md, "Errors"): 'Something went wrong' with Reload Page and Return To Home Page. */
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { m } from '../paraglide/messages.js'
import { localizeHref } from '../paraglide/runtime'
import { usePageHydrated } from '../lib/early-tap'

export function ErrorFallback({ error }: ErrorComponentProps) {
  usePageHydrated()
  useEffect(() => {
    console.warn('render failed:', error instanceof Error ? error.message : error)
  }, [error])
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{m.error_title()}</h1>
      <p className="text-muted">{m.error_text()}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.error_reload()}
        </button>
        {/* A full load: the router itself may be what failed. */}
        <a href={localizeHref('/')} className="rounded-full border border-brand px-6 py-3 font-semibold text-brand">
          {m.error_home()}
        </a>
      </div>
    </section>
  )
}
