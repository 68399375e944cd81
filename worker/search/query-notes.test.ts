import { describe, expect, it } from 'vitest'
import { didYouMean, droppedWords } from './query-notes'

describe('what the search page says about the query', () => {
  it('lists the words dropped to find something', () => {
    expect(droppedWords('iphone 17 pro <em>max</em>')).toEqual(['max'])
    expect(droppedWords('ايفون 17 <em>برو</em> <em>ماكس</em>')).toEqual(['برو', 'ماكس'])
    expect(droppedWords(undefined)).toEqual([])
  })
  it('offers the word a typo stood for, and nothing when every word matched as typed', () => {
    expect(didYouMean('samsnug', '<em>Samsung</em> Galaxy S25')).toBe('samsung')
    expect(didYouMean('samsnug s25', '<em>Samsung</em> Galaxy <em>S25</em>')).toBe('samsung s25')
    expect(didYouMean('شاموي', 'جوال <em>شاومي</em> ريدمي')).toBe('شاومي')
    expect(didYouMean('samsung', '<em>Samsung</em> Galaxy S25')).toBeNull()
    expect(didYouMean('sams', '<em>Samsung</em> Galaxy S25')).toBeNull()
    expect(didYouMean('laptops', 'Dell XPS 14 <em>Laptop</em>')).toBeNull()
    expect(didYouMean('galaxy', undefined)).toBeNull()
  })
})
