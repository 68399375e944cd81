import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PaymentMark } from './PaymentMarks'

const markup = (method: string) => renderToStaticMarkup(createElement(PaymentMark, { method }))

describe('PaymentMark', () => {
  it('draws each payment mark as a picture named for screen readers, never as its code in a pill', () => {
    const names = { mada: 'mada', visa: 'Visa', mastercard: 'Mastercard', applepay: 'Apple Pay', stcpay: 'STC Pay', tabby: 'Tabby', tamara: 'Tamara' }
    for (const [method, name] of Object.entries(names)) {
      const svg = markup(method)
      expect(svg, method).toMatch(new RegExp(`^<svg role="img" aria-label="${name}"`))
      expect(svg, method).toMatch(/<(path|rect|circle) /)
    }
    // The makers' colours: Visa's blue, Mastercard's red and yellow, Tabby's mint.
    expect(markup('visa')).toContain('#1A1F71')
    expect(markup('mastercard')).toContain('#EB001B')
    expect(markup('mastercard')).toContain('#F79E1B')
    expect(markup('tabby')).toContain('#3BFFC1')
  })

  it('names cash on delivery in words, and draws nothing for a method it does not know', () => {
    expect(markup('cod')).toContain('<span')
    expect(markup('bitcoin')).toBe('')
  })
})
