/**
 * The one way a screen changes something on the server (docs/architecture.md, "Layers"): a TanStack mutation whose
 * answer is always the backend's settled {data, error, status}, never a throw. A call that rejects (network down,
 * input refused by a validator) settles as status 0 with no data. So a screen has one shape to read: `isPending` for
 * its busy state, `failure` for a refusal shown beside its field, or `toastFailure` for a
 * refusal shown as a toast. Cart changes are `useCartAction` (./cart.ts), the same hook with the cart cache kept.
 * Its promise never rejects, follow-ups included: a screen's async event handler awaits it with nothing to catch
 * (eslint.config.js counts on it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import type { Locale } from '../../app.config'
import type { Settled } from '../domain/settled'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { pushToastAtom } from '../state/toasts'

interface ServerActionOptions<Input, Answer> {
  /** The screen's translated message when the server gave none (docs/product.md, "Errors"). */
  fallbackError?: () => string
  /** Show a refusal as a toast; a form shows it beside its field instead (`failureOf`). */
  toastFailure?: boolean
  /** Signing in or out changes what every query answers: refetch them all after a success. */
  refetchAllOnSuccess?: boolean
  /**
   * Runs after a success, before the mutation settles, even when the calling component has gone (the city popup
   * closes before the add it started finishes); callbacks given to mutate() would not run then.
   */
  onSuccess?: (answer: Answer, input: Input, locale: Locale) => void | Promise<void>
  /** Runs after every answer, success or not. */
  onSettled?: (result: Settled<Answer>, input: Input, locale: Locale) => void | Promise<void>
}

export function useServerAction<Input, Answer>(
  call: (input: Input, locale: Locale) => Promise<Settled<Answer>>,
  options: ServerActionOptions<Input, Answer> = {},
) {
  const queryClient = useQueryClient()
  const pushToast = useSetAtom(pushToastAtom)
  const locale = currentLocale()
  const mutation = useMutation({
    mutationFn: async (input: Input): Promise<Settled<Answer>> => {
      const result = await call(input, locale).catch((error: unknown): Settled<Answer> => {
        console.warn('server call failed:', error instanceof Error ? error.message : error)
        return { data: null, error: null, status: 0 }
      })
      const data = result.data
      if (data) {
        if (options.refetchAllOnSuccess) await queryClient.invalidateQueries()
        await followUp(() => options.onSuccess?.(data, input, locale))
      } else if (options.toastFailure) {
        pushToast({ kind: 'error', message: failureMessage(result, options.fallbackError ?? (() => m.error_internal())) })
      }
      await followUp(() => options.onSettled?.(result, input, locale))
      return result
    },
  })
  /** The last call's refusal, for a form to show beside its field; undefined before a call and after a success. */
  const failure = failureOf(mutation.data, options.fallbackError ?? (() => m.error_internal()))
  return { ...mutation, failure }
}

/**
 * Runs what follows an answer (a cart read after a change, a toast). The action is done either way: a failed follow-up
 * is logged, never turned into a rejection of the action.
 */
async function followUp(run: () => void | Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    console.warn('after a server call:', error instanceof Error ? error.message : error)
  }
}

/** The server's message when it gave one (docs/product.md, "Errors"), else the screen's translated fallback. */
export function failureMessage(result: Settled<unknown> | null | undefined, fallback: () => string): string {
  return result?.error?.message || fallback()
}

/** What a form shows beside its field after a refused call; nothing before a call or after a success. */
function failureOf(result: Settled<unknown> | undefined, fallback: () => string): string | undefined {
  return result && !result.data ? failureMessage(result, fallback) : undefined
}
