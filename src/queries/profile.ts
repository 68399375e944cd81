/**
 * The signed-in customer's changes to their account (docs/product.md, "Accounts"), as hooks over
 * src/server/profile.functions.ts. A change the backend answers with the account as it is now puts it into the
 * session's cache, so the header and the dashboard show it at once.
 */
import { useQueryClient } from '@tanstack/react-query'
import {
  changePassword,
  confirmEmailChange,
  confirmMobileChange,
  sendEmailChangeCode,
  sendMobileChangeCode,
  updateName,
} from '../server/profile.functions'
import type { PublicSession } from '../server/session.functions'
import { sessionQueries } from './session'
import { useServerAction } from './server-action'

type Input<F extends (arg: { data: never }) => unknown> = Omit<Parameters<F>[0]['data'], 'locale'>

/** The account as the backend answered it becomes the cached session's. */
function useKeepUser() {
  const queryClient = useQueryClient()
  return (answer: { user: PublicSession['user'] }): void => {
    queryClient.setQueryData<PublicSession | null>(sessionQueries.current().queryKey, (session) => session && { ...session, user: answer.user })
  }
}

export const useUpdateName = () => {
  const keepUser = useKeepUser()
  return useServerAction((input: Input<typeof updateName>, locale) => updateName({ data: { ...input, locale } }), {
    onSuccess: (answer) => keepUser(answer),
  })
}

export const useSendEmailChangeCode = () =>
  useServerAction((input: Input<typeof sendEmailChangeCode>, locale) => sendEmailChangeCode({ data: { ...input, locale } }))

export const useConfirmEmailChange = () => {
  const keepUser = useKeepUser()
  return useServerAction((input: Input<typeof confirmEmailChange>, locale) => confirmEmailChange({ data: { ...input, locale } }), {
    onSuccess: (answer) => keepUser(answer),
  })
}

export const useSendMobileChangeCode = () =>
  useServerAction((input: Input<typeof sendMobileChangeCode>, locale) => sendMobileChangeCode({ data: { ...input, locale } }))

export const useConfirmMobileChange = () => {
  const keepUser = useKeepUser()
  return useServerAction((input: Input<typeof confirmMobileChange>, locale) => confirmMobileChange({ data: { ...input, locale } }), {
    onSuccess: (answer) => keepUser(answer),
  })
}

export const useChangePassword = () =>
  useServerAction((input: Input<typeof changePassword>, locale) => changePassword({ data: { ...input, locale } }))
