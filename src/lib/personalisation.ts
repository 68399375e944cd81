/**
 * Personalisation events (docs/product.md, "Calls", POST /api/aws/event): sent with the anonymous session id
 * (kept while no one is signed in, removed at sign-in) or the user id; a failure is only logged. Only with the
 * shopper's consent to marketing (docs/architecture.md, "Consent"): without it nothing is sent and no id is kept.
 */
import { appConfig } from '../../app.config'
import type { PersonalisationEvent } from '../domain/schemas'
import { consentAllows, keepsAnonymousId, storedConsent } from './consent'
import { anonymousSessionIdKey } from './storage-keys'

/** The anonymous id, created on first use; events call it only once consent allows them. */
export function anonymousSessionId(): string {
  let id = localStorage.getItem(anonymousSessionIdKey)
  if (!id) {
    id = crypto.randomUUID()
    localStorage.setItem(anonymousSessionIdKey, id)
  }
  return id
}

export function forgetAnonymousSessionId(): void {
  localStorage.removeItem(anonymousSessionIdKey)
}

/** Whether an anonymous id may be kept: some event that carries it is allowed. */
export function anonymousIdAllowed(): boolean {
  return keepsAnonymousId(storedConsent())
}

/**
 * Sends events after `delayMs` (docs/product.md, "Limits": a second by default), never throwing. `who` says whose
 * they are: a user id, the anonymous id, or no one (the payment-failure event). Consent is read when they leave.
 */
export function sendPersonalisationEvents(
  eventList: PersonalisationEvent[],
  who: { userId: number } | 'anonymous' | 'no one',
  delayMs: number = appConfig.timing.analyticsDelayMs,
): void {
  setTimeout(() => {
    if (!consentAllows('marketing')) return
    const whose = who === 'no one' ? {} : who === 'anonymous' ? { sessionId: anonymousSessionId() } : who
    fetch('/api/aws/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventList, ...whose }),
    }).catch((error: unknown) => console.warn('personalisation event failed:', error))
  }, delayMs)
}

/** One event of a signed-in shopper (userId) or an anonymous one. */
export function sendPersonalisationEvent(eventType: string, itemId: string | undefined, userId: number | undefined): void {
  sendPersonalisationEvents([{ eventType, ...(itemId ? { itemId } : {}) }], userId ? { userId } : 'anonymous')
}
