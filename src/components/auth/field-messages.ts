import type { Locale } from '../../../app.config'
import type { AccountErrorCode } from '../../domain/account-rules'
import { m } from '../../paraglide/messages.js'

/** The words for each account rule code of docs/product.md, "Validation", in the page's language. */
export const fieldMessage: Record<AccountErrorCode | 'InvalidCredentials' | 'EmailIsNotExist', () => string> = {
  EmailRequired: m.field_EmailRequired,
  InvalidEmail: m.field_InvalidEmail,
  InvalidLogin: m.field_InvalidLogin,
  RequiredPassword: m.field_RequiredPassword,
  RecaptchaRequired: m.field_RecaptchaRequired,
  NameRequired: m.field_NameRequired,
  NameTooShort: m.field_NameTooShort,
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
  EmailIsNotExist: m.field_EmailIsNotExist,
}

/** docs/product.md, "Errors": an OTP failure whose message says 'Invalid' shows it (Arabic: 'code incorrect'). */
export function otpFailureMessage(serverMessage: string | undefined, locale: Locale): string {
  if (serverMessage?.includes('Invalid')) return locale === 'en' ? serverMessage : m.otp_incorrect()
  return m.otp_attempt_failed()
}
