/** The 404 page. */
import { Link } from '@tanstack/react-router'
import { m } from '../paraglide/messages.js'

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-black text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{m.not_found_title()}</h1>
      <p className="text-muted">{m.not_found_text()}</p>
      <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
        {m.not_found_home()}
      </Link>
    </section>
  )
}
