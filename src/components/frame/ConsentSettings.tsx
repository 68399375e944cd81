/**
 * Cookie settings (docs/product.md, "Screens"): tabs Functions, Marketing, Preference, Measurements and Social
 * Media, each with its description and a switch; Save+Exit, Accept All, Reject All. Opened again later it shows the
 * choice made, and saving a narrower one clears what the withdrawn categories had kept.
 */
import * as Tabs from '@radix-ui/react-tabs'
import { useState } from 'react'
import { useSetAtom } from 'jotai'
import { RESET } from 'jotai/utils'
import { consentCategories, consentChoices, keepsAnonymousId, storedConsent, type ConsentCategory, type ConsentChoices } from '../../lib/consent'
import { anonymousSessionIdKey, lastSearchSourceKey, pendingSearchPurchasesKey, searchSourceItemsKey } from '../../lib/storage-keys'
import { savedSearchWordsAtom } from '../../state/shopper'
import { currentLocale, directionOf } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { Dialog } from '../ui/Dialog'

const labels: Record<ConsentCategory, { tab: () => string; description: () => string }> = {
  functions: { tab: m.consent_tab_functions, description: m.consent_desc_functions },
  marketing: { tab: m.consent_tab_marketing, description: m.consent_desc_marketing },
  preference: { tab: m.consent_tab_preference, description: m.consent_desc_preference },
  measurements: { tab: m.consent_tab_measurements, description: m.consent_desc_measurements },
  social: { tab: m.consent_tab_social, description: m.consent_desc_social },
}

export default function ConsentSettings({ onSave, onClose }: { onSave: (choices: ConsentChoices) => void; onClose: () => void }) {
  const [choices, setChoices] = useState(storedConsent)
  const resetSavedSearches = useSetAtom(savedSearchWordsAtom)
  // What a category no longer allowed had kept goes with it (docs/architecture.md, "Consent").
  const saveAndForget = (next: ConsentChoices) => {
    if (!next.preference) resetSavedSearches(RESET)
    if (!next.measurements) {
      localStorage.removeItem(searchSourceItemsKey)
      sessionStorage.removeItem(lastSearchSourceKey)
      sessionStorage.removeItem(pendingSearchPurchasesKey)
    }
    if (!keepsAnonymousId(next)) localStorage.removeItem(anonymousSessionIdKey)
    onSave(next)
  }
  return (
    <Dialog open onClose={onClose} title={m.consent_settings_title()}>
      <Tabs.Root defaultValue="functions" dir={directionOf(currentLocale())} className="p-5">
        <Tabs.List aria-label={m.consent_settings_title()} className="flex flex-wrap gap-1 border-b border-line">
          {consentCategories.map((category) => (
            <Tabs.Trigger
              key={category}
              value={category}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted data-[state=active]:border-brand data-[state=active]:text-brand"
            >
              {labels[category].tab()}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {consentCategories.map((category) => (
          <Tabs.Content key={category} value={category} className="min-h-32 py-4">
            <p className="text-sm text-muted">{labels[category].description()}</p>
            <label className="mt-4 flex items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                role="switch"
                className="size-5 accent-[var(--brand)]"
                checked={choices[category]}
                disabled={category === 'functions'}
                onChange={(event) => setChoices((current) => ({ ...current, [category]: event.target.checked }))}
              />
              {category === 'functions' ? m.consent_always_on() : m.consent_allow()}
            </label>
          </Tabs.Content>
        ))}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => saveAndForget(consentChoices(choices))}
            className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink"
          >
            {m.consent_save_exit()}
          </button>
          <button
            type="button"
            onClick={() => saveAndForget(consentChoices('all'))}
            className="rounded-full border border-brand px-5 py-2.5 font-semibold text-brand"
          >
            {m.consent_accept_all()}
          </button>
          <button
            type="button"
            onClick={() => saveAndForget(consentChoices('none'))}
            className="rounded-full border border-line px-5 py-2.5 font-semibold"
          >
            {m.consent_reject_all()}
          </button>
        </div>
      </Tabs.Root>
    </Dialog>
  )
}
