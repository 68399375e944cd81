import { describe, expect, it } from 'vitest'
import { currentSlide, keyStep, scrollEdges, scrollOffset } from './scroller'

describe('scrollEdges', () => {
  it('reads a left-to-right scroller', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: true, atEnd: false })
    expect(scrollEdges({ scrollLeft: 300, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: false, atEnd: false })
    expect(scrollEdges({ scrollLeft: 600, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: false, atEnd: true })
  })
  it('reads a right-to-left scroller, whose positions are negative', () => {
    expect(scrollEdges({ scrollLeft: -0, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: true, atEnd: false })
    expect(scrollEdges({ scrollLeft: -599.5, scrollWidth: 1000, clientWidth: 400 })).toEqual({ atStart: false, atEnd: true })
  })
  it('has both edges at once when nothing overflows', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({ atStart: true, atEnd: true })
  })
})

describe('currentSlide', () => {
  it('names the slide most in view, either direction', () => {
    const box = { scrollWidth: 1232, clientWidth: 400 } // three slides of 400 with 16 px gaps
    expect(currentSlide({ ...box, scrollLeft: 0 }, 3)).toBe(0)
    expect(currentSlide({ ...box, scrollLeft: 416 }, 3)).toBe(1)
    expect(currentSlide({ ...box, scrollLeft: -832 }, 3)).toBe(2)
    expect(currentSlide({ ...box, scrollLeft: -150 }, 3)).toBe(0)
  })
  it('is the first of one slide', () => {
    expect(currentSlide({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, 1)).toBe(0)
  })
})

describe('scrollOffset and keyStep', () => {
  it('moves towards the end leftwards in Arabic', () => {
    expect(scrollOffset(1, 500, 'ltr')).toBe(500)
    expect(scrollOffset(1, 500, 'rtl')).toBe(-500)
    expect(scrollOffset(-1, 500, 'rtl')).toBe(500)
  })
  it('turns the arrow keys with the writing direction', () => {
    expect(keyStep('ArrowRight', 'ltr')).toBe('next')
    expect(keyStep('ArrowRight', 'rtl')).toBe('previous')
    expect(keyStep('ArrowLeft', 'rtl')).toBe('next')
    expect(keyStep('Home', 'rtl')).toBe('first')
    expect(keyStep('End', 'ltr')).toBe('last')
    expect(keyStep('Enter', 'ltr')).toBeUndefined()
  })
})
