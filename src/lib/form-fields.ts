/**
 * What a submitted form holds, read once on submit. The store's forms are uncontrolled (no re-render per key), so a
 * submit handler stops the page load and reads its fields through here. Values come as typed ('' for a missing
 * field); each form trims what it must, never a password.
 */
import type { FormEvent } from 'react'

/**
 * A text field's value. `FormData.get` answers a string, a File or null: no field here uploads a file, and `String()`
 * of one would be "[object File]", so anything but a string reads as empty.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** Stops the page load and answers a reader of the form's text fields. */
export function submittedFields(event: FormEvent<HTMLFormElement>): (name: string) => string {
  event.preventDefault()
  const form = new FormData(event.currentTarget)
  return (name) => formText(form, name)
}
