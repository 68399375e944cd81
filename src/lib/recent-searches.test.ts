import { describe, expect, it } from 'vitest'
import { withSavedSearch } from './recent-searches'

describe('withSavedSearch', () => {
  it('puts the newest first, keeps one entry per term and at most 6', () => {
    let saved: string[] = []
    for (const term of ['tv', 'iphone', 'laptop', 'watch', 'oven', 'fridge', 'camera']) saved = withSavedSearch(saved, term)
    expect(saved).toEqual(['camera', 'fridge', 'oven', 'watch', 'laptop', 'iphone'])
    expect(withSavedSearch(saved, ' iPhone ')).toEqual(['iPhone', 'camera', 'fridge', 'oven', 'watch', 'laptop'])
    expect(withSavedSearch(['آيفون'], 'ايفون')).toEqual(['ايفون'])
  })

  it('records only terms of 2 or more characters', () => {
    expect(withSavedSearch(['tv'], ' a ')).toEqual(['tv'])
  })
})
