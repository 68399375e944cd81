/**
 * The cookie consent banner (docs/product.md, "Screens"): Accept all, Settings, and links to privacy, terms and
 * legal notice. The settings dialog loads only when asked for, from the banner or later from the footer.
 */
import { Link } from '@tanstack/react-router'
import { useAtom, useSetAtom } from 'jotai'
import { Suspense, useState } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { consentChoices, recordConsent, serialiseConsent, type ConsentChoices } from '../../lib/consent'
import { consentCookie } from '../../domain/cookies'
import { writeBrowserCookie } from '../../lib/browser-cookies'
import { m } from '../../paraglide/messages.js'
import { consentAnsweredAtom, openModalAtom } from '../../state/shopper'

const ConsentSettings = lazyPart(() => import('./ConsentSettings').then((module) => module.default))

export function CookieConsent({ given }: { given: boolean }) {
  const [done, setDone] = useState(given)
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const setAnswered = useSetAtom(consentAnsweredAtom)

  const save = (choices: ConsentChoices) => {
    writeBrowserCookie(consentCookie, serialiseConsent(choices))
    recordConsent(choices)
    setOpenModal(null)
    setDone(true)
    setAnswered(true)
  }
  const settings = openModal === 'consentSettings' && (
    <Suspense fallback={null}>
      <ConsentSettings onSave={save} onClose={() => setOpenModal(null)} />
    </Suspense>
  )
  // Answered: the footer's "Cookie settings" can still open the settings to change the choice.
  if (done) return settings || null

  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white p-4 shadow-[0_-8px_24px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto flex max-w-content flex-col gap-3 lg:flex-row lg:items-center lg:gap-6">
        <div className="flex-1 text-sm">
          <h2 id="consent-title" className="mb-1 font-bold">
            {m.consent_title()}
          </h2>
          <p className="text-muted">{m.consent_text()}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/static/$slug" params={{ slug: 'privacy-policy' }} className="text-brand underline underline-offset-2">
              {m.consent_privacy()}
            </Link>
            <Link to="/static/$slug" params={{ slug: 'terms-conditions' }} className="text-brand underline underline-offset-2">
              {m.consent_terms()}
            </Link>
            <Link to="/static/$slug" params={{ slug: 'legal-notice' }} className="text-brand underline underline-offset-2">
              {m.consent_legal()}
            </Link>
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setOpenModal('consentSettings')}
            className="flex-1 rounded-full border border-brand px-5 py-2.5 font-semibold text-brand hover:bg-brand-soft lg:flex-none"
          >
            {m.consent_settings()}
          </button>
          <button
            type="button"
            onClick={() => save(consentChoices('all'))}
            className="flex-1 rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:opacity-90 lg:flex-none"
          >
            {m.consent_accept_all()}
          </button>
        </div>
      </div>
      {settings}
    </section>
  )
}
