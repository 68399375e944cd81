/**
 * Staff roles and what each may do (docs/product.md, "The merchant console"): the one permission table. Every console
 * and ops route checks it on the server (worker/api/ops.ts); the console's screens read it only to hide what a role
 * may not do.
 */
export const staffRoles = ['owner', 'operations', 'catalogue', 'support'] as const
export type StaffRole = (typeof staffRoles)[number]

export const permissions = [
  /** Invite staff, change their roles, end their sessions; named tokens; settings. */
  'staff.manage',
  /** Read the audit trail. */
  'audit.read',
  /** Read orders and their customers. */
  'orders.read',
  /** Confirm, prepare, ship, make ready, deliver. */
  'orders.fulfil',
  /** Cancel an order that has not shipped. */
  'orders.cancel',
  /** Accept, refuse and receive returns; refund. */
  'orders.refund',
  /** Send a message to the buyer again. */
  'orders.resend',
  /** Approve or reject buyers' reviews, answer them as the store. */
  'reviews.moderate',
  /** Products, prices, stock, coupons (the console's part two). */
  'catalogue.manage',
  /** Run a scheduled job now. */
  'jobs.run',
  /** Read the shop's numbers: sales, by day, method and city. */
  'reports.read',
] as const
export type Permission = (typeof permissions)[number]

const table: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  operations: ['orders.read', 'orders.fulfil', 'orders.cancel', 'orders.refund', 'orders.resend'],
  catalogue: ['catalogue.manage'],
  support: ['orders.read', 'orders.cancel', 'orders.resend', 'reviews.moderate'],
}

export function may(role: StaffRole, permission: Permission): boolean {
  return table[role].includes(permission)
}

export const isStaffRole = (value: string): value is StaffRole => (staffRoles as readonly string[]).includes(value)

/** Who makes a change: a staff member signed in to the console, or a named token a script holds. */
export interface Actor {
  kind: 'staff' | 'token'
  /** The staff member's id; null for a token. */
  id: number | null
  /** Shown in the audit trail and the order's timeline. */
  name: string
  role: StaffRole
}
