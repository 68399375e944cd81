/** The sign-in flow's state: which tab is shown and what the code step is for. */
import { atom } from 'jotai'
import type { RegistrationFields } from '../domain/account-rules'

export const authTabAtom = atom<'login' | 'register'>('login')
export const loginMethodAtom = atom<'password' | 'code'>('password')

interface CodeStep {
  purpose: 'login' | 'register'
  /** The phone (05...) or email the code went to. */
  identifier: string
  recaptchaToken: string
  /** The registration waiting for its phone to be verified. */
  registration?: RegistrationFields
}
export const codeStepAtom = atom<CodeStep | null>(null)

/**
 * What the order confirmation's account offer fills the registration form with: the order's name, email and mobile
 * (docs/product.md, "Checkout"); a registration with that mobile takes the order into the new account.
 */
export const registrationPrefillAtom = atom<Pick<RegistrationFields, 'firstName' | 'lastName' | 'email' | 'phone_number'> | null>(null)
