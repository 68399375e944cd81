import { describe, expect, it } from 'vitest'
import { returnable } from './returns'

const now = new Date('2026-11-25T12:00:00Z')
const deliveredOn = (at: string) => [
  { status: 'placed', at: '2026-11-10T09:00:00Z' },
  { status: 'delivered', at },
]

describe('returnable', () => {
  it('takes a delivered order back within 7 days of its delivery', () => {
    expect(returnable({ status: 'complete', timeline: deliveredOn('2026-11-18T12:00:00Z') }, now)).toBe(true)
    expect(returnable({ status: 'complete', timeline: deliveredOn('2026-11-18T11:59:59Z') }, now)).toBe(false)
  })

  it('not before delivery, not twice', () => {
    expect(returnable({ status: 'processing', timeline: [{ status: 'shipped', at: '2026-11-24T10:00:00Z' }] }, now)).toBe(false)
    const asked = [...deliveredOn('2026-11-24T10:00:00Z'), { status: 'return_requested', at: '2026-11-25T10:00:00Z' }]
    expect(returnable({ status: 'complete', timeline: asked }, now)).toBe(false)
  })
})
