/**
 * Cookie consent choices (docs/product.md, "Screens"), kept in the cookieConsent cookie for 31,536,000 s, and what
 * each one allows (docs/architecture.md, "Consent"): personalisation events need marketing, search analytics need
 * measurements, recent searches need preference. Until the shopper answers, only the functions are on.
 */
import { consentCookie } from '../domain/cookies'
import { readBrowserCookie } from './browser-cookies'

/**
 * The banner's version: change it when what the banner or the privacy page says about cookies changes, so each
 * recorded choice shows which text it answered (docs/product.md, "Your data").
 */
export const consentVersion = '2026-11-27'

export const consentCategories = ['functions', 'marketing', 'preference', 'measurements', 'social'] as const
export type ConsentCategory = (typeof consentCategories)[number]
export type ConsentChoices = Record<ConsentCategory, boolean>

/** Functions are the store's own working cookies: always on. */
export function consentChoices(kind: 'all' | 'none' | Partial<ConsentChoices>): ConsentChoices {
  const base = kind === 'all' || kind === 'none' ? kind === 'all' : false
  const choices = Object.fromEntries(consentCategories.map((c) => [c, base])) as ConsentChoices
  if (typeof kind === 'object') Object.assign(choices, kind)
  choices.functions = true
  return choices
}

export function serialiseConsent(choices: ConsentChoices): string {
  return consentCategories.filter((c) => choices[c]).join('.')
}

export function parseConsent(value: string | undefined): ConsentChoices | null {
  if (value === undefined) return null
  const given = new Set(value.split('.'))
  return consentChoices(Object.fromEntries(consentCategories.map((c) => [c, given.has(c)])))
}

/** The shopper's choice as this browser keeps it; no answer yet is the functions alone. */
export function storedConsent(): ConsentChoices {
  return parseConsent(readBrowserCookie(consentCookie)) ?? consentChoices('none')
}

/** Whether the shopper allows a category, read at the moment of use (a choice made a second ago counts). */
export function consentAllows(category: ConsentCategory): boolean {
  return storedConsent()[category]
}

/** The anonymous id rides on personalisation and search events: it may be kept while either kind is allowed. */
export function keepsAnonymousId(choices: ConsentChoices): boolean {
  return choices.marketing || choices.measurements
}

/**
 * Records an answer to the banner (`POST /api/consent`, kept with its time and `consentVersion`): the cookie says the
 * choice to the page, the record proves it was made. Never throws: a record that fails leaves the choice in force.
 */
export function recordConsent(choices: ConsentChoices): void {
  fetch('/api/consent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ choices, version: consentVersion }),
    keepalive: true,
  }).catch((error: unknown) => console.warn('consent not recorded:', error))
}
