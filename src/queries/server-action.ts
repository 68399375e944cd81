/**
 * The one way a screen calls the server for an action (docs/architecture.md, "Layers"): a TanStack
 * mutation whose answer is always the backend's settled {data, error, status}. A call that rejects
 * (network down, input refused by a validator) settles as status 0 with no data, so a screen has one
 * shape to read, `isPending` for its busy state, and `failureMessage` for its toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import { currentLocale } from '../lib/i18n'

export interface Settled<T> {
  data: T | null
  error: { message: string; code?: string; status: number } | null
  status: number
}

export function useServerAction<Input, Answer>(
  call: (input: Input, locale: Locale) => Promise<Settled<Answer>>,
  options: {
    /** Signing in or out changes what every query answers: refetch them all after a success. */
    refetchAllOnSuccess?: boolean
    onSettled?: (result: Settled<Answer>, input: Input, locale: Locale) => void | Promise<void>
  } = {},
) {
  const queryClient = useQueryClient()
  const locale = currentLocale()
  return useMutation({
    mutationFn: async (input: Input): Promise<Settled<Answer>> => {
      const result = await call(input, locale).catch((error: unknown): Settled<Answer> => {
        console.warn('server call failed:', error instanceof Error ? error.message : error)
        return { data: null, error: null, status: 0 }
      })
      if (result.data && options.refetchAllOnSuccess) await queryClient.invalidateQueries()
      await options.onSettled?.(result, input, locale)
      return result
    },
  })
}

/** The server's message when it gave one (docs/product.md, "Errors"), else the screen's translated fallback. */
export function failureMessage(result: Settled<unknown> | null | undefined, fallback: () => string): string {
  return result?.error?.message || fallback()
}
