import { describe, expect, it } from 'vitest'
import { isLabelActive, parseStoreTime, visibleLabels, type ProductLabel } from './labels'

const label = (over: Partial<ProductLabel> = {}): ProductLabel => ({
  status: '1',
  active_from: '2026-01-01 00:00:00',
  active_to: '2026-12-31 23:59:59',
  frontend_settings: { position: 'top-right', style: 'background:#0f766e;color:#fff', image_size: '64x24', image: null, label_text: 'New' },
  ...over,
})

describe('label window', () => {
  it('reads store times as Asia/Riyadh', () => {
    expect(new Date(parseStoreTime('2026-01-01 00:00:00')).toISOString()).toBe('2025-12-31T21:00:00.000Z')
    expect(new Date(parseStoreTime('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(parseStoreTime('soon')).toBeNaN()
  })

  it('shows a label only with status 1 inside its dates', () => {
    const inside = new Date('2026-06-01T12:00:00Z')
    expect(isLabelActive(label(), inside)).toBe(true)
    expect(isLabelActive(label({ status: '0' }), inside)).toBe(false)
    expect(isLabelActive(label(), new Date('2027-01-01T00:00:00Z'))).toBe(false)
    // 2025-12-31 22:00 UTC is already 1 January in Riyadh.
    expect(isLabelActive(label(), new Date('2025-12-31T22:00:00Z'))).toBe(true)
    expect(isLabelActive(label(), new Date('2025-12-31T20:59:59Z'))).toBe(false)
    expect(isLabelActive(label({ active_from: null, active_to: null }), inside)).toBe(true)
    expect(isLabelActive(label({ active_to: 'never' }), inside)).toBe(false)
  })
})

describe('visible labels', () => {
  const now = new Date('2026-06-01T12:00:00Z')

  it('takes the position, size and colours of the view', () => {
    expect(visibleLabels([label()], now, 'product')).toEqual([
      { text: 'New', position: 'top-right', background: '#0f766e', color: '#fff', image: null, width: 64, height: 24 },
    ])
    const withCategory = label({ category_settings: { position: 'bottom-left', label_text: 'Hot', image_size: '80x30' } })
    expect(visibleLabels([withCategory], now, 'category')[0]).toMatchObject({ text: 'Hot', position: 'bottom-left', width: 80, height: 30 })
    expect(visibleLabels([withCategory], now, 'product')[0]).toMatchObject({ text: 'New', position: 'top-right' })
  })

  it('keeps only hex colours, known positions, local images and sane sizes from the data', () => {
    const hostile = label({
      frontend_settings: {
        position: 'center',
        style: 'background:url(https://evil.example/x.png);color:red',
        image: 'https://evil.example/l.png',
        image_size: '9999x-1',
        label_text: 'X',
      },
    })
    expect(visibleLabels([hostile], now, 'product')[0]).toEqual({
      text: 'X',
      position: 'top-left',
      background: null,
      color: null,
      image: null,
      width: 64,
      height: 24,
    })
  })

  it('drops labels outside their window', () => {
    expect(visibleLabels([label({ status: '0' }), label({ active_to: '2026-02-01 00:00:00' })], now, 'category')).toEqual([])
  })
})
