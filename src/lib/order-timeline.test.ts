import { describe, expect, it } from 'vitest'
import { orderTimeline } from './order-timeline'

const at = '2026-11-22T10:00:00.000Z'

describe('order timeline', () => {
  it("shows what a cash-on-delivery order reached and what is ahead, the operator's confirmation first", () => {
    expect(orderTimeline({ payment_method: 'cashondelivery', status: 'processing', timeline: [{ status: 'placed', at }] })).toEqual([
      { step: 'placed', at },
      { step: 'confirmed', at: null },
      { step: 'preparing', at: null },
      { step: 'shipped', at: null },
      { step: 'delivered', at: null },
    ])
  })
  it('adds the payment of a hosted method', () => {
    const steps = orderTimeline({
      payment_method: 'card',
      status: 'processing',
      timeline: [
        { status: 'placed', at },
        { status: 'paid', at },
      ],
    })
    expect(steps.map((s) => [s.step, s.at !== null])).toEqual([
      ['placed', true],
      ['paid', true],
      ['preparing', false],
      ['shipped', false],
      ['delivered', false],
    ])
  })
  it('makes a pickup order ready at its showroom, then collected, instead of shipped and delivered', () => {
    const steps = orderTimeline({
      payment_method: 'card',
      shipping_method: 'pickup',
      status: 'complete',
      timeline: [
        { status: 'placed', at },
        { status: 'paid', at },
        { status: 'ready_for_pickup', at },
        { status: 'delivered', at },
      ],
    })
    expect(steps.map((s) => [s.step, s.at !== null])).toEqual([
      ['placed', true],
      ['paid', true],
      ['preparing', false],
      ['ready_for_pickup', true],
      ['collected', true],
    ])
  })
  it('ends a cancelled order at its cancellation', () => {
    const steps = orderTimeline({
      payment_method: 'card',
      status: 'canceled',
      timeline: [
        { status: 'placed', at },
        { status: 'canceled', at },
      ],
    })
    expect(steps.map((s) => s.step)).toEqual(['placed', 'canceled'])
  })
  it('shows a cancelled paid order paid, cancelled, then refunded', () => {
    const steps = orderTimeline({
      payment_method: 'card',
      status: 'canceled',
      timeline: [
        { status: 'placed', at },
        { status: 'paid', at },
        { status: 'canceled', at },
        { status: 'refunded', at },
      ],
    })
    expect(steps.map((s) => s.step)).toEqual(['placed', 'paid', 'canceled', 'refunded'])
  })
  it('ends a delivered order the buyer asked to return at the request', () => {
    const steps = orderTimeline({
      payment_method: 'cashondelivery',
      status: 'complete',
      timeline: ['placed', 'confirmed', 'shipped', 'delivered', 'return_requested'].map((status) => ({ status, at })),
    })
    expect(steps.map((s) => [s.step, Boolean(s.at)])).toEqual([
      ['placed', true],
      ['confirmed', true],
      ['preparing', false],
      ['shipped', true],
      ['delivered', true],
      ['return_requested', true],
    ])
  })
})
