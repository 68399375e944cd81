import { describe, expect, it } from 'vitest'
import { isField, popupWait, quietAfterInputMs } from './popup-timing'

describe('popupWait', () => {
  it('opens at its delay for a shopper who does nothing', () => {
    expect(popupWait({ now: 1000, dueAt: 3000, lastInputAt: undefined, fieldFocused: false })).toBe(2000)
    expect(popupWait({ now: 3000, dueAt: 3000, lastInputAt: undefined, fieldFocused: false })).toBe(0)
  })
  it('waits 10 s after the last input', () => {
    expect(popupWait({ now: 3000, dueAt: 3000, lastInputAt: 2000, fieldFocused: false })).toBe(2000 + quietAfterInputMs - 3000)
    expect(popupWait({ now: 12_000, dueAt: 3000, lastInputAt: 2000, fieldFocused: false })).toBe(0)
  })
  it('keeps its own delay when the input came long before', () => {
    expect(popupWait({ now: 0, dueAt: 20_000, lastInputAt: 0, fieldFocused: false })).toBe(20_000)
  })
  it('never opens over a focused field, however late', () => {
    expect(popupWait({ now: 60_000, dueAt: 3000, lastInputAt: 2000, fieldFocused: true })).toBe('field-focused')
  })
})

describe('isField', () => {
  it('names the controls that take typing or a choice', () => {
    expect(isField({ tagName: 'INPUT', type: 'search' })).toBe(true)
    expect(isField({ tagName: 'INPUT', type: 'tel' })).toBe(true)
    expect(isField({ tagName: 'TEXTAREA' })).toBe(true)
    expect(isField({ tagName: 'SELECT' })).toBe(true)
    expect(isField({ tagName: 'DIV', isContentEditable: true })).toBe(true)
    expect(isField({ tagName: 'INPUT', type: 'checkbox' })).toBe(false)
    expect(isField({ tagName: 'BUTTON' })).toBe(false)
    expect(isField(null)).toBe(false)
  })
})
