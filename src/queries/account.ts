/**
 * Signing in and out, codes, registration and password reset (docs/product.md, "Accounts"), as
 * hooks over the server functions of src/server/auth.functions.ts.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { regionCookie } from '../domain/cookies'
import { regionFrom } from '../domain/region'
import { writeBrowserCookie } from '../lib/browser-cookies'
import {
  checkPasswordReset,
  confirmPasswordReset,
  loginWithPassword,
  logout,
  registerAccount,
  sendCode,
  sendPasswordReset,
  verifyCode,
} from '../server/auth.functions'
import { chosenRegionIdAtom } from '../state/shopper'
import { useServerAction } from './server-action'

type Input<F extends (arg: { data: never }) => unknown> = Omit<Parameters<F>[0]['data'], 'locale'>

/**
 * What follows every sign-in (a password, a code, a new account): the city the account brings is stored as the
 * city picker stores a choice (docs/product.md, "Accounts", "The city follows the account"), then every query is
 * asked again, since who is signed in and in which city changes what each answers.
 */
function useAfterSignIn() {
  const queryClient = useQueryClient()
  const setChosen = useSetAtom(chosenRegionIdAtom)
  return async (answer: object) => {
    const city = 'city' in answer ? regionFrom(answer.city) : null
    if (city !== null) {
      writeBrowserCookie(regionCookie, String(city))
      setChosen(city)
    }
    await queryClient.invalidateQueries()
  }
}

export const useLoginWithPassword = () => {
  const afterSignIn = useAfterSignIn()
  return useServerAction((input: Input<typeof loginWithPassword>, locale) => loginWithPassword({ data: { ...input, locale } }), {
    onSuccess: afterSignIn,
  })
}

export const useSendCode = () => useServerAction((input: Input<typeof sendCode>, locale) => sendCode({ data: { ...input, locale } }))

export const useVerifyCode = () => {
  const afterSignIn = useAfterSignIn()
  return useServerAction((input: Input<typeof verifyCode>, locale) => verifyCode({ data: { ...input, locale } }), { onSuccess: afterSignIn })
}

export const useRegisterAccount = () => {
  const afterSignIn = useAfterSignIn()
  return useServerAction((input: Input<typeof registerAccount>, locale) => registerAccount({ data: { ...input, locale } }), {
    onSuccess: afterSignIn,
  })
}

export const useSendPasswordReset = () =>
  useServerAction((input: Input<typeof sendPasswordReset>, locale) => sendPasswordReset({ data: { ...input, locale } }))

export const useCheckPasswordReset = () =>
  useServerAction((input: Input<typeof checkPasswordReset>, locale) => checkPasswordReset({ data: { ...input, locale } }))

export const useConfirmPasswordReset = () =>
  useServerAction((input: Input<typeof confirmPasswordReset>, locale) => confirmPasswordReset({ data: { ...input, locale } }))

export const useLogout = () => useServerAction(async (_: void, locale) => ({ data: await logout({ data: { locale } }), error: null, status: 200 }))
