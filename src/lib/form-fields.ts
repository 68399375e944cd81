/**
 * What a submitted form holds, read once on submit. The store's forms are uncontrolled (no re-render per key), so a
 * submit handler stops the page load and reads its fields through here. Values come as typed ('' for a missing
 * field); each form trims what it must, never a password.
 */
import type { FormEvent } from 'react'

export function submittedFields(event: FormEvent<HTMLFormElement>): (name: string) => string {
  event.preventDefault()
  const form = new FormData(event.currentTarget)
  return (name) => String(form.get(name) ?? '')
}
