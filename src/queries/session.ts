/** The signed-in shopper, read after hydration (the header shows the login icon until then). */
import { queryOptions } from '@tanstack/react-query'
import { currentLocale } from '../lib/i18n'
import { getSession, type PublicSession } from '../server/session.functions'

/** The signed-in customer as the pages show them. */
export type SessionUser = PublicSession['user']

export const sessionQueries = {
  current: () =>
    queryOptions({
      queryKey: ['session'],
      queryFn: () => getSession({ data: { locale: currentLocale() } }),
      staleTime: 5 * 60_000,
      enabled: typeof window !== 'undefined',
    }),
}
