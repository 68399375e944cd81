/**
 * A Saudi mobile number input (docs/product.md, "Validation"): labelled, typed left to right, the phone keypad and the
 * phone's own number offered, up to 20 characters (any usual spelling; the rules fold and check it).
 */
import type { ComponentProps } from 'react'
import { m } from '../../paraglide/messages.js'
import { FormField } from './FormField'

export function MobileField(props: Omit<ComponentProps<typeof FormField>, 'label' | 'name' | 'type'>) {
  return (
    <FormField label={m.checkout_mobile()} name="mobile" type="tel" inputMode="tel" autoComplete="tel-national" dir="ltr" maxLength={20} {...props} />
  )
}
