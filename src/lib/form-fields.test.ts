import { describe, expect, it } from 'vitest'
import { formText } from './form-fields'

describe('formText', () => {
  it("is the field's text, or empty when the field is missing or holds a file", () => {
    const form = new FormData()
    form.set('email', ' a@b.sa ')
    form.set('upload', new Blob(['x']), 'x.txt')
    expect(formText(form, 'email')).toBe(' a@b.sa ')
    expect(formText(form, 'missing')).toBe('')
    expect(formText(form, 'upload')).toBe('')
  })
})
