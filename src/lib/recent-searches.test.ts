import { describe, expect, it } from 'vitest'
import { savedSearchesFrom, withSavedSearch } from './recent-searches'

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

describe('savedSearchesFrom', () => {
  it('reads what storage holds and drops anything malformed instead of throwing', () => {
    expect(savedSearchesFrom('["tv","iphone"]')).toEqual(['tv', 'iphone'])
    expect(savedSearchesFrom(null)).toEqual([])
    for (const raw of ['not json', '"tv"', '{"0":"tv"}', '42', 'null', '[']) expect(savedSearchesFrom(raw)).toEqual([])
    expect(savedSearchesFrom(JSON.stringify(['tv', 5, null, { q: 'x' }, 'a', 'x'.repeat(500), 'oven']))).toEqual(['tv', 'oven'])
    expect(savedSearchesFrom(JSON.stringify(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']))).toHaveLength(6)
  })
})
