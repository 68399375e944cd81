/**
 * A text field's value from a submitted form. `FormData.get` answers a string, a File or null: no field here uploads
 * a file, and `String()` of one would be "[object File]", so anything but a string reads as empty.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
