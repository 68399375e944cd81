import type { Locale } from '../../../app.config'
import type { AccountErrorCode } from '../../domain/account-rules'
import type { Failure } from '../../domain/settled'
import { m } from '../../paraglide/messages.js'

/** The words for each account rule code of docs/product.md, "Validation", in the page's language. */
export const fieldMessage: Record<AccountErrorCode | 'InvalidCredentials', () => string> = {
  EmailRequired: m.field_EmailRequired,
  InvalidEmail: m.field_InvalidEmail,
  InvalidLogin: m.field_InvalidLogin,
  RequiredPassword: m.field_RequiredPassword,
  RecaptchaRequired: m.field_RecaptchaRequired,
  NameRequired: m.field_NameRequired,
  NameTooShort: m.field_NameTooShort,
  NameLetters: m.field_NameLetters,
  YouMustAcceptTerms: m.field_YouMustAcceptTerms,
  telephoneRequired: m.field_telephoneRequired,
  telephoneError1: m.field_telephoneError1,
  telephoneError2: m.field_telephoneError2,
  telephoneLength: m.field_telephoneLength,
  HasAtLeast8Characters: m.field_HasAtLeast8Characters,
  NeedsUppercase: m.field_NeedsUppercase,
  NeedsLowercase: m.field_NeedsLowercase,
  NeedsDigit: m.field_NeedsDigit,
  PasswordsMustMatch: m.field_PasswordsMustMatch,
  RequiredOtp: m.field_RequiredOtp,
  RequiredEmail: m.field_RequiredEmail,
  NotValidEmail: m.field_NotValidEmail,
  InvalidCredentials: m.field_InvalidCredentials,
}

/**
 * docs/product.md, "Errors": a wrong code (the backend's `otp_invalid`, or a message that says 'Invalid') shows the
 * server's message in English and 'code incorrect' in Arabic; any other failure, 'The attempt failed'.
 */
export function otpFailureMessage(error: Failure | null | undefined, locale: Locale): string {
  if (error && (error.code === 'otp_invalid' || error.message.includes('Invalid'))) return locale === 'en' ? error.message : m.otp_incorrect()
  return m.otp_attempt_failed()
}
