/**
 * Signing in and out, codes, registration and password reset (docs/product.md, "Accounts"), as
 * hooks over the server functions of src/server/auth.functions.ts.
 */
import { confirmPasswordReset, loginWithPassword, logout, registerAccount, sendCode, sendPasswordReset, verifyCode } from '../server/auth.functions'
import { useServerAction } from './server-action'

type Input<F extends (arg: { data: never }) => unknown> = Omit<Parameters<F>[0]['data'], 'locale'>

export const useLoginWithPassword = () =>
  useServerAction((input: Input<typeof loginWithPassword>, locale) => loginWithPassword({ data: { ...input, locale } }), {
    refetchAllOnSuccess: true,
  })

export const useSendCode = () => useServerAction((input: Input<typeof sendCode>, locale) => sendCode({ data: { ...input, locale } }))

export const useVerifyCode = () =>
  useServerAction((input: Input<typeof verifyCode>, locale) => verifyCode({ data: { ...input, locale } }), { refetchAllOnSuccess: true })

export const useRegisterAccount = () =>
  useServerAction((input: Input<typeof registerAccount>, locale) => registerAccount({ data: { ...input, locale } }))

export const useSendPasswordReset = () =>
  useServerAction((input: Input<typeof sendPasswordReset>, locale) => sendPasswordReset({ data: { ...input, locale } }))

export const useConfirmPasswordReset = () =>
  useServerAction((input: Input<typeof confirmPasswordReset>, locale) => confirmPasswordReset({ data: { ...input, locale } }))

export const useLogout = () => useServerAction(async (_: void, locale) => ({ data: await logout({ data: { locale } }), error: null, status: 200 }))
