/** The footer: newsletter, link columns, contact, social, payment methods, the legal line and the cookie settings. */
import { Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import type { FooterContent } from '../../domain/content'
import type { SellerIdentity } from '../../domain/seller'
import { openModalAtom } from '../../state/shopper'
import { submittedFields } from '../../lib/form-fields'
import { PaymentMark } from './PaymentMarks'

type NewsletterState = 'idle' | 'sending' | 'done' | 'invalid' | 'failed'

function Newsletter() {
  const inputId = useId()
  const [state, setState] = useState<NewsletterState>('idle')
  const messages: Partial<Record<NewsletterState, string>> = {
    done: m.footer_newsletter_thanks(),
    invalid: m.footer_newsletter_invalid(),
    failed: m.footer_newsletter_failed(),
  }
  return (
    <form
      id="newsletter"
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={async (event) => {
        const email = submittedFields(event)('email').trim()
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setState('invalid')
        setState('sending')
        try {
          const response = await fetch(`/api/newsletter?lang=${currentLocale()}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          })
          setState(response.ok ? 'done' : response.status === 400 ? 'invalid' : 'failed')
        } catch {
          setState('failed')
        }
      }}
    >
      <div className="flex-1">
        <label htmlFor={inputId} className="mb-1 block text-sm">
          {m.footer_newsletter_label()}
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          aria-invalid={state === 'invalid'}
          aria-describedby={`${inputId}-status`}
          className="h-11 w-full rounded-full border-0 bg-white px-4 text-ink focus:outline-2 focus:outline-accent"
        />
      </div>
      <button type="submit" disabled={state === 'sending'} className="h-11 rounded-full bg-accent px-6 font-bold text-accent-ink disabled:opacity-60">
        {m.footer_newsletter_submit()}
      </button>
      <p id={`${inputId}-status`} role="status" className="text-sm sm:sr-only-focusable">
        {messages[state] ?? ''}
      </p>
    </form>
  )
}

/** The seller's registered name and numbers, those that are configured (src/domain/seller.ts), as one line. */
function sellerLine(seller: SellerIdentity | null): string {
  if (!seller) return ''
  const parts = [
    seller.name,
    seller.crNumber && m.footer_seller_cr({ number: seller.crNumber }),
    seller.vatNumber && m.footer_seller_vat({ number: seller.vatNumber }),
  ]
  return parts.filter(Boolean).join(m.footer_seller_separator())
}

/** `year`: this year in Riyadh, from the server (the legal line's copyright year). */
export function Footer({ footer, year, seller }: { footer: FooterContent | null; year: string; seller: SellerIdentity | null }) {
  const openModal = useSetAtom(openModalAtom)
  return (
    // Below the fold on every page: skipped for style, layout and paint until it nears the viewport
    // (content-visibility), so a pass over the whole page (a modal opening) restyles 101 fewer elements, a third of
    // the home page's on a phone. The sizes are its heights at 390, 768, 1024 and 1440 px, kept once it has rendered.
    <footer className="mt-12 bg-[#0f172a] text-slate-200 [contain-intrinsic-block-size:auto_72rem] [content-visibility:auto] md:[contain-intrinsic-block-size:auto_46rem] lg:[contain-intrinsic-block-size:auto_31rem] xl:[contain-intrinsic-block-size:auto_28rem]">
      <div className="bg-brand text-brand-ink">
        <div className="mx-auto grid max-w-content gap-4 px-4 py-8 lg:grid-cols-2 lg:pe-22 lg:items-center">
          <div>
            <h2 className="text-xl font-bold">{m.footer_newsletter_title()}</h2>
            <p className="opacity-90">{m.footer_newsletter_text()}</p>
          </div>
          <Newsletter />
        </div>
      </div>
      {footer ? (
        <div className="mx-auto grid max-w-content gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4 lg:pe-22">
          {footer.columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="mb-3 font-bold text-white">{column.title}</h2>
              <ul className="space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} className="hover:text-white hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div className="text-sm">
            <h2 className="mb-3 font-bold text-white">{m.footer_customer_care()}</h2>
            <p>
              {m.footer_phone()}: <bdi dir="ltr">{footer.contact.phone}</bdi>
            </p>
            <p>
              {m.footer_email()}: <bdi dir="ltr">{footer.contact.email}</bdi>
            </p>
            <p className="mt-1 text-slate-300">{footer.contact.hours}</p>
            <h2 className="mt-4 mb-2 font-bold text-white">{m.footer_follow()}</h2>
            <ul className="flex flex-wrap gap-3">
              {footer.social.map((s) => (
                <li key={s.name}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <p className="mx-auto max-w-content px-4 py-10 text-sm">{m.footer_unavailable()}</p>
      )}
      <div className="border-t border-white/10">
        {/* The end padding on wide screens keeps the payment methods clear of the floating WhatsApp button. */}
        <div className="mx-auto flex max-w-content flex-col gap-3 px-4 py-5 text-xs text-slate-300 lg:flex-row lg:items-center lg:justify-between lg:pe-24">
          <div className="flex flex-col items-start gap-2 lg:flex-row lg:items-center lg:gap-4">
            <p>
              {m.footer_rights({ year })} {sellerLine(seller)}
            </p>
            <button type="button" onClick={() => openModal('consentSettings')} className="text-start underline underline-offset-2 hover:text-white">
              {m.footer_cookie_settings()}
            </button>
          </div>
          {footer && (
            <ul aria-label={m.footer_payment_methods()} className="flex flex-wrap gap-2">
              {footer.payment_methods.map((method) => (
                <li key={method}>
                  <PaymentMark method={method} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  )
}
