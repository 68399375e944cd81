import { describe, expect, it } from 'vitest'
import { worstStealShare } from './host-steal'

// Cumulative ticks as /proc/stat gives them: 20 ticks per sample (two CPUs, 100 ms).
const samples = (stolen: number[]) => {
  let steal = 0
  return [{ steal: 0, total: 0 }, ...stolen.map((s, i) => ({ steal: (steal += s), total: (i + 1) * 20 }))]
}

describe('worstStealShare', () => {
  it('is 0 when the host took nothing, or nothing was sampled', () => {
    expect(worstStealShare(samples([0, 0, 0, 0]), 2)).toBe(0)
    expect(worstStealShare([], 10)).toBe(0)
    expect(worstStealShare([{ steal: 5, total: 100 }], 10)).toBe(0)
  })

  it("finds a short theft that the whole run's average hides", () => {
    // 8 of 40 ticks in one window of two samples; 8 of 200 over the whole run.
    const run = samples([0, 0, 0, 4, 4, 0, 0, 0, 0, 0])
    expect(worstStealShare(run, 2)).toBeCloseTo(0.2)
    expect(worstStealShare(run, 10)).toBeCloseTo(0.04)
  })
})
