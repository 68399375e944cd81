import { describe, expect, it } from 'vitest'
import { pageSlots } from './pagination'

const numbers = (slots: ReturnType<typeof pageSlots>) => slots.filter((s) => s !== 'gap')

describe('pagination slots', () => {
  it('shows every page when there are 6 or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1])
    expect(pageSlots(3, 6)).toEqual([1, 2, 3, 4, 5, 6])
    expect(pageSlots(1, 0)).toEqual([])
  })

  it('keeps 6 page numbers with ellipses for hidden runs', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageSlots(10, 20)).toEqual([1, 'gap', 9, 10, 11, 12, 'gap', 20])
    expect(pageSlots(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20])
    for (let current = 1; current <= 30; current++) {
      // 6 numbers at most (the first, the last and four around the current page).
      const slots = pageSlots(current, 30)
      expect(numbers(slots)).toHaveLength(6)
      expect(slots).toContain(current)
      expect(slots[0]).toBe(1)
      expect(slots.at(-1)).toBe(30)
    }
  })

  it('never hides a single page behind an ellipsis', () => {
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageSlots(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20])
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    for (let total = 7; total <= 14; total++) {
      for (let current = 1; current <= total; current++) {
        const slots = pageSlots(current, total)
        slots.forEach((slot, i) => {
          if (slot !== 'gap') return
          expect((slots[i + 1] as number) - (slots[i - 1] as number)).toBeGreaterThan(2)
        })
      }
    }
  })

  it('clamps a current page outside the range', () => {
    expect(pageSlots(99, 8)).toContain(8)
    expect(pageSlots(-3, 8)[1]).toBe(2)
  })
})
