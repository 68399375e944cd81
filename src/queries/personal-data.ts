/** The shopper's own data and closing the account (docs/product.md, "Your data"), over src/server/personal-data.functions.ts. */
import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import { closeMyAccount, getMyData, sendCloseCode } from '../server/personal-data.functions'
import { useServerAction } from './server-action'

/** Everything kept about the account, as the backend answers it. */
export type AccountData = NonNullable<Awaited<ReturnType<typeof getMyData>>['data']>

export const personalDataQueries = {
  mine: (locale: Locale) =>
    queryOptions({
      queryKey: ['my-data', locale],
      queryFn: () => getMyData({ data: { locale } }),
      enabled: typeof window !== 'undefined',
      staleTime: 0,
    }),
}

export const useSendCloseCode = () => useServerAction((recaptchaToken: string, locale) => sendCloseCode({ data: { locale, recaptchaToken } }))

export const useCloseAccount = () => useServerAction((code: string, locale) => closeMyAccount({ data: { locale, code } }))
