/** Request shapes shared by the Direct API, the /api proxy and the server functions. */
import { type } from 'arktype'

/** The registration form of spec section 3 (the rules of section 5 are checked by account-rules). */
export const registrationFields = type({
  firstName: 'string <= 60',
  lastName: 'string <= 60',
  email: 'string <= 254',
  phone_number: 'string <= 20',
  password: 'string <= 128',
  confirmPassword: 'string <= 128',
  terms: 'boolean',
  recaptchaToken: 'string <= 4096',
})

/** The fixed placeholders the registration payload carries. */
export const registrationPlaceholders = type({
  'profile_picture?': 'string | null',
  'dateOfBirth?': 'string | null',
  'gender?': 'string | number | null',
})

export const passwordResetConfirmation = type({
  email: 'string.email <= 254',
  resetToken: '/^\\d{6}$/',
  newPassword: 'string <= 128',
  confirmPassword: 'string <= 128',
  recaptchaToken: 'string <= 4096',
})
