/**
 * Personalisation events (docs/product.md, "Calls", POST /api/aws/event): sent with the anonymous session id
 * (created when no one is signed in, removed at sign-in) or the user id; a failure is only logged.
 */
import { appConfig } from '../../app.config'

const sessionIdKey = 'sessionId'

export function anonymousSessionId(): string {
  let id = localStorage.getItem(sessionIdKey)
  if (!id) {
    id = crypto.randomUUID()
    localStorage.setItem(sessionIdKey, id)
  }
  return id
}

export function forgetAnonymousSessionId(): void {
  localStorage.removeItem(sessionIdKey)
}

/** Sends one event a second later (docs/product.md, "Limits"'s analytics delay), never throwing. */
export function sendPersonalisationEvent(eventType: string, itemId: string | undefined, userId: number | undefined): void {
  setTimeout(() => {
    const who = userId ? { userId } : { sessionId: anonymousSessionId() }
    fetch('/api/aws/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventList: [{ eventType, ...(itemId ? { itemId } : {}) }], ...who }),
    }).catch((error: unknown) => console.warn('personalisation event failed:', error))
  }, appConfig.timing.analyticsDelayMs)
}
