/**
 * The account form rules of docs/product.md, "Validation", as pure functions shared by the forms and the server:
 * each answers the product's error code for the first rule a field breaks, or nothing.
 */
import { appConfig } from '../../app.config'
import { foldDigits } from './digits'
import { localMobile } from './phone'
import { isPersonName, isReadableText } from './typed-text'

export type AccountErrorCode =
  | 'EmailRequired'
  | 'InvalidEmail'
  | 'InvalidLogin'
  | 'RequiredPassword'
  | 'RecaptchaRequired'
  | 'NameRequired'
  | 'NameTooShort'
  | 'NameLetters'
  | 'YouMustAcceptTerms'
  | 'telephoneRequired'
  | 'telephoneError1'
  | 'telephoneError2'
  | 'telephoneLength'
  | 'HasAtLeast8Characters'
  | 'NeedsUppercase'
  | 'NeedsLowercase'
  | 'NeedsDigit'
  | 'PasswordsMustMatch'
  | 'RequiredOtp'
  | 'RequiredEmail'
  | 'NotValidEmail'

/**
 * An email address as the HTML standard's email field accepts it (the characters RFC 5322 allows before the @, domain
 * labels of letters, digits and hyphens), with a top-level domain of letters. Quotes, angle brackets and spaces never
 * reach a message or a screen: `x<svg/onload=alert(4)>@example.com` used to pass (issue 43, M2).
 */
const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{4,189}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

export function isEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value)
}

/** Login by password: a 10-digit mobile starting 05, or an email. */
export function loginUsernameError(username: string): AccountErrorCode | undefined {
  // Arabic-Indic and Persian digits count as digits wherever a number is typed (docs/product.md, "Languages, numbers and text").
  const value = foldDigits(username.trim())
  if (!value) return 'EmailRequired'
  if (isEmail(value) || /^05\d{8}$/.test(value)) return undefined
  return 'InvalidLogin'
}

/** Login by code: an email, or a mobile matching 05 + one of 5,0,3,6,4,9,1,8,7 + 7 digits. */
export function codeLoginIdentifierError(identifier: string): AccountErrorCode | undefined {
  const value = foldDigits(identifier.trim())
  if (!value) return 'EmailRequired'
  return isEmail(value) || localMobile(value) === value ? undefined : 'InvalidLogin'
}

export function passwordErrors(password: string): AccountErrorCode | undefined {
  if (!password) return 'RequiredPassword'
  if (password.length < appConfig.password.minLength) return 'HasAtLeast8Characters'
  if (!/[A-Z]/.test(password)) return 'NeedsUppercase'
  if (!/[a-z]/.test(password)) return 'NeedsLowercase'
  if (!/\d/.test(password)) return 'NeedsDigit'
  return undefined
}

export function phoneError(typed: string): AccountErrorCode | undefined {
  const phone = foldDigits(typed)
  if (!phone) return 'telephoneRequired'
  if (!/^[0-9]+$/.test(phone)) return 'telephoneError1'
  if (!phone.startsWith(appConfig.phone.localPrefix)) return 'telephoneError2'
  if (phone.length !== appConfig.phone.localDigits) return 'telephoneLength'
  if (!localMobile(phone)) return 'telephoneError2'
  return undefined
}

export interface RegistrationFields {
  firstName: string
  lastName: string
  email: string
  phone_number: string
  password: string
  confirmPassword: string
  terms: boolean
  recaptchaToken: string
}

/** A first or last name as registration and the account's edit take it: letters only, at least 3 (docs/product.md, "Validation"). */
export function personNameError(typed: string): AccountErrorCode | undefined {
  const value = typed.trim()
  // A name of invisible characters or one that reorders itself is no name (src/domain/typed-text.ts).
  if (!value || !isReadableText(value)) return 'NameRequired'
  if (!isPersonName(value)) return 'NameLetters'
  if (value.length < appConfig.name.minLength) return 'NameTooShort'
  return undefined
}

/** The account's name edit: each name by the registration's rule. */
export function nameErrors(f: { firstname: string; lastname: string }): Partial<Record<'firstname' | 'lastname', AccountErrorCode>> {
  const errors: Partial<Record<'firstname' | 'lastname', AccountErrorCode>> = {}
  for (const field of ['firstname', 'lastname'] as const) {
    const error = personNameError(f[field])
    if (error) errors[field] = error
  }
  return errors
}

/** A new password and its confirmation (registration, the password reset, the account's password change). */
export function newPasswordErrors(password: string, confirmation: string): { password?: AccountErrorCode; confirmation?: AccountErrorCode } {
  const errors: { password?: AccountErrorCode; confirmation?: AccountErrorCode } = {}
  const weak = passwordErrors(password)
  if (weak) errors.password = weak
  if (!confirmation) errors.confirmation = 'RequiredPassword'
  else if (confirmation !== password) errors.confirmation = 'PasswordsMustMatch'
  return errors
}

export function registrationErrors(f: RegistrationFields): Partial<Record<keyof RegistrationFields, AccountErrorCode>> {
  const errors: Partial<Record<keyof RegistrationFields, AccountErrorCode>> = {}
  for (const field of ['firstName', 'lastName'] as const) {
    const error = personNameError(f[field])
    if (error) errors[field] = error
  }
  if (!f.terms) errors.terms = 'YouMustAcceptTerms'
  if (!f.email.trim()) errors.email = 'RequiredEmail'
  else if (!isEmail(f.email.trim())) errors.email = 'InvalidEmail'
  const phone = phoneError(f.phone_number)
  if (phone) errors.phone_number = phone
  const passwords = newPasswordErrors(f.password, f.confirmPassword)
  if (passwords.password) errors.password = passwords.password
  if (passwords.confirmation) errors.confirmPassword = passwords.confirmation
  if (!f.recaptchaToken) errors.recaptchaToken = 'RecaptchaRequired'
  return errors
}

export function forgotEmailError(email: string): AccountErrorCode | undefined {
  if (!email.trim()) return 'RequiredEmail'
  return isEmail(email.trim()) ? undefined : 'NotValidEmail'
}
