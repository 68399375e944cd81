/**
 * Coupons as the console edits them (docs/product.md, "The merchant console" and "Rules"): the form's fields checked
 * at the boundary, the window read in Riyadh time, the state a coupon is in, and which cart lines a restricted coupon
 * discounts. Pure rules only; the SQL is worker/storage/coupon-store.ts, and checkout enforces what is set here.
 */
import type { CartLineRecord, Coupon } from './cart'

/** Letters, digits, dash and underscore; compared without case, as the store always has (coupons.code COLLATE NOCASE). */
export const couponCodePattern = /^[A-Za-z0-9_-]{3,32}$/
export const couponKinds = ['percent', 'fixed'] as const
export type CouponKind = (typeof couponKinds)[number]
export const couponStates = ['active', 'paused', 'scheduled', 'expired'] as const
export type CouponState = (typeof couponStates)[number]
/** At most this many SKUs and categories on one coupon: a restriction, not a catalogue. */
export const couponTargetsMax = 50

/** What the console's form sends: money as SAR text ("12.50"), the window as Riyadh wall time ("2026-12-01T09:00"). */
export interface CouponForm {
  code: string
  kind: CouponKind
  /** A whole percent (1 to 100), or SAR with at most two decimals. */
  value: string
  min_subtotal: string
  starts: string
  ends: string
  max_uses: string
  max_uses_per_customer: string
  /** SKUs and category url keys, separated by commas, spaces or lines. */
  products: string
  categories: string
}

/** A coupon as stored: amounts in SAR (exact to the halala), the window as instants with Riyadh's offset. */
export interface CouponTerms {
  code: string
  kind: CouponKind
  amount: number
  min_subtotal: number
  active_from: string | null
  active_to: string | null
  max_uses: number | null
  max_uses_per_customer: number | null
  product_skus: string[] | null
  category_keys: string[] | null
}

export type CouponField = keyof CouponForm
/** Why a field is refused; each is a message in both languages (src/components/ops/coupon-text.ts). */
export type CouponProblem = 'required' | 'code' | 'percent' | 'amount' | 'minimum' | 'time' | 'window' | 'limit' | 'targets'

const riyadhOffset = '+03:00'
const wallTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** Riyadh wall time ("2026-12-01T09:00") as the instant stored ("2026-12-01T09:00:00+03:00"); null when not a real time. */
export function riyadhInstant(wall: string): string | null {
  const match = wallTime.exec(wall)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi))
  // 2026-02-30 rolls over to March: not a time anyone meant.
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== mo - 1 || utc.getUTCDate() !== d || h > 23 || mi > 59) return null
  return `${wall}:00${riyadhOffset}`
}

/** A stored instant as Riyadh wall time for the form's field; Riyadh keeps UTC+3 all year. */
export function riyadhWallTime(instant: string | null): string {
  if (!instant) return ''
  const time = new Date(instant).getTime()
  if (Number.isNaN(time)) return ''
  return new Date(time + 3 * 3600_000).toISOString().slice(0, 16)
}

/** SAR text with at most two decimals as halalas, exactly (no floating point on the way); null when not money. */
export function halalasOf(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const listOf = (text: string) => [...new Set(text.split(/[\s,،]+/).filter(Boolean))]

/**
 * The form's fields as the coupon to store, or every refused field with why. A limit is a whole number of at least one
 * or empty for none; the window's end comes after its start; an amount off is money to the halala.
 */
export function checkedCoupon(form: CouponForm): { terms: CouponTerms } | { problems: Partial<Record<CouponField, CouponProblem>> } {
  const problems: Partial<Record<CouponField, CouponProblem>> = {}
  const code = form.code.trim()
  if (!couponCodePattern.test(code)) problems.code = code ? 'code' : 'required'
  let amount: number
  if (form.kind === 'percent') {
    const percent = /^\d{1,3}$/.test(form.value.trim()) ? Number(form.value.trim()) : NaN
    if (!(percent >= 1 && percent <= 100)) problems.value = form.value.trim() ? 'percent' : 'required'
    amount = percent
  } else {
    const halalas = halalasOf(form.value)
    if (halalas === null || halalas < 1) problems.value = form.value.trim() ? 'amount' : 'required'
    amount = (halalas ?? 0) / 100
  }
  const minimum = form.min_subtotal.trim() === '' ? 0 : halalasOf(form.min_subtotal)
  if (minimum === null) problems.min_subtotal = 'minimum'
  const from = form.starts.trim() === '' ? null : riyadhInstant(form.starts.trim())
  const to = form.ends.trim() === '' ? null : riyadhInstant(form.ends.trim())
  if (form.starts.trim() !== '' && from === null) problems.starts = 'time'
  if (form.ends.trim() !== '' && to === null) problems.ends = 'time'
  else if (from && to && Date.parse(to) <= Date.parse(from)) problems.ends = 'window'
  const limit = (text: string): number | null | undefined => {
    if (text.trim() === '') return null
    return /^\d{1,7}$/.test(text.trim()) && Number(text.trim()) >= 1 ? Number(text.trim()) : undefined
  }
  const maxUses = limit(form.max_uses)
  const perCustomer = limit(form.max_uses_per_customer)
  if (maxUses === undefined) problems.max_uses = 'limit'
  if (perCustomer === undefined) problems.max_uses_per_customer = 'limit'
  const skus = listOf(form.products)
  const categories = listOf(form.categories)
  if (skus.length > couponTargetsMax || skus.some((sku) => sku.length > 64)) problems.products = 'targets'
  if (categories.length > couponTargetsMax || categories.some((key) => !/^[a-z0-9-]{1,100}$/.test(key))) problems.categories = 'targets'
  if (Object.keys(problems).length > 0) return { problems }
  return {
    terms: {
      code: code.toUpperCase(),
      kind: form.kind,
      amount,
      min_subtotal: minimum! / 100,
      active_from: from,
      active_to: to,
      max_uses: maxUses ?? null,
      max_uses_per_customer: perCustomer ?? null,
      product_skus: skus.length > 0 ? skus : null,
      category_keys: categories.length > 0 ? categories : null,
    },
  }
}

/** A stored coupon as the form shows it for editing. */
export function couponForm(terms: CouponTerms): CouponForm {
  const money = (sar: number) => (Math.round(sar * 100) % 100 === 0 ? String(Math.round(sar)) : sar.toFixed(2))
  return {
    code: terms.code,
    kind: terms.kind,
    value: terms.kind === 'percent' ? String(terms.amount) : money(terms.amount),
    min_subtotal: terms.min_subtotal > 0 ? money(terms.min_subtotal) : '',
    starts: riyadhWallTime(terms.active_from),
    ends: riyadhWallTime(terms.active_to),
    max_uses: terms.max_uses === null ? '' : String(terms.max_uses),
    max_uses_per_customer: terms.max_uses_per_customer === null ? '' : String(terms.max_uses_per_customer),
    products: (terms.product_skus ?? []).join(', '),
    categories: (terms.category_keys ?? []).join(', '),
  }
}

/** Where a coupon stands at `now`: paused wins, then its window (a coupon past its limit is still active, and used up). */
export function couponState(coupon: { paused: boolean; active_from: string | null; active_to: string | null }, now: Date): CouponState {
  if (coupon.paused) return 'paused'
  if (coupon.active_from && Date.parse(coupon.active_from) > now.getTime()) return 'scheduled'
  if (coupon.active_to && Date.parse(coupon.active_to) < now.getTime()) return 'expired'
  return 'active'
}

/**
 * Whether a coupon discounts this cart line: every product line when it names no products or categories, else the
 * lines whose SKU it names or whose category is one of its categories (or under one, expanded when the coupon is applied).
 * Services (fee lines) are never discounted by a coupon.
 */
export function couponCovers(coupon: Coupon, line: CartLineRecord): boolean {
  if (line.parent_item_id !== null) return false
  if (!coupon.skus && !coupon.category_keys) return true
  return (
    (coupon.skus ?? []).some((sku) => sku.toUpperCase() === line.sku.toUpperCase()) ||
    (line.category_key !== undefined && (coupon.category_keys ?? []).includes(line.category_key))
  )
}
