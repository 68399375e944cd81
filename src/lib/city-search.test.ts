import { describe, expect, it } from 'vitest'
import { filterCities } from './city-search'

const regions = [
  { label: 'Select city', value: '' },
  { label: 'Riyadh', value: '1101' },
  { label: 'Jeddah', value: '1102' },
  { label: 'Al Ahsa', value: '1116' },
]

describe('city search', () => {
  it('skips the first region entry', () => {
    expect(filterCities(regions, '')).toHaveLength(3)
    expect(filterCities(regions, 'select')).toEqual([])
  })
  it('matches a case-insensitive substring of the label', () => {
    expect(filterCities(regions, 'JED').map((r) => r.value)).toEqual(['1102'])
    expect(filterCities(regions, 'AHS').map((r) => r.value)).toEqual(['1116'])
    expect(filterCities(regions, 'a').map((r) => r.value)).toEqual(['1101', '1102', '1116'])
  })
  it('matches Arabic labels', () => {
    expect(
      filterCities(
        [
          { label: '', value: '' },
          { label: 'الرياض', value: '1101' },
        ],
        'ريا',
      ),
    ).toHaveLength(1)
  })
})
