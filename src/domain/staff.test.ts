import { describe, expect, it } from 'vitest'
import { may, permissions, staffRoles } from './staff'

describe('the permission table', () => {
  it('gives the owner everything and every other role less', () => {
    for (const permission of permissions) expect(may('owner', permission)).toBe(true)
    for (const role of staffRoles.filter((r) => r !== 'owner'))
      expect(permissions.filter((p) => may(role, p)).length).toBeLessThan(permissions.length)
  })

  it('lets support read and cancel, never refund, fulfil or manage staff', () => {
    expect(['orders.read', 'orders.cancel', 'orders.resend'].every((p) => may('support', p as never))).toBe(true)
    expect(['orders.refund', 'orders.fulfil', 'staff.manage', 'audit.read'].some((p) => may('support', p as never))).toBe(false)
  })

  it('keeps the catalogue role out of orders', () => {
    expect(permissions.filter((p) => p.startsWith('orders.')).some((p) => may('catalogue', p))).toBe(false)
  })
})
