/**
 * A page that has only something to say and one way on: an empty cart, compare list or favourites, a page not
 * found, an order not placed. One layout, so they read alike in both languages.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface MessagePageProps {
  /** A picture or a big figure above the title, hidden from screen readers. */
  art: ReactNode
  title: string
  text: string
  action: { to: '/' | '/cart'; label: string }
  /** role="alert" for a message the shopper must not miss (an order that did not go through). */
  alert?: boolean
}

export function MessagePage({ art, title, text, action, alert = false }: MessagePageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" role={alert ? 'alert' : undefined}>
      <div aria-hidden="true">{art}</div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link to={action.to} className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
        {action.label}
      </Link>
    </section>
  )
}
