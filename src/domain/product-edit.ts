/**
 * A product as the console edits it (docs/product.md, "The merchant console"), and the rules a save must meet, each
 * refusal a message in the staff member's language. The form checks them as the staff member types; the API checks
 * them again at the boundary, and then the catalogue import's own check (worker/catalogue/catalogue-file.ts) runs on
 * the same values, so a console save can store nothing an import would refuse.
 */
import type { Locale } from '../../app.config'
import { m } from '../paraglide/messages.js'
import { isPictureAddress } from './pictures'

export interface ProductEdit {
  /** The version the form was opened on (a save of an older one is refused with who changed it and when). */
  version: number
  name: { ar: string; en: string }
  description: { ar: string; en: string }
  price: number
  special_price: number | null
  /** The discount window in Riyadh time, `YYYY-MM-DD HH:MM` (the import's form); null: open-ended. */
  special_from: string | null
  special_to: string | null
  hidden: boolean
  not_for_sale: boolean
  preorder: boolean
  preorder_note: { ar: string; en: string } | null
  big_items: boolean
  fast_delivery: boolean
  delivery_within_24_hours: boolean
  eligible_for_tabby: boolean
  eligible_for_tamara: boolean
  images: string[]
  /** Units in a city at or below which it is low there; null: the store's default. */
  low_stock: number | null
}

export const editFlags = [
  'not_for_sale',
  'preorder',
  'big_items',
  'fast_delivery',
  'delivery_within_24_hours',
  'eligible_for_tabby',
  'eligible_for_tamara',
] as const

export type EditField = keyof Omit<ProductEdit, 'version'> | 'name_ar' | 'name_en' | 'description_ar' | 'description_en'

export interface EditProblem {
  field: EditField
  message: string
}

/** The import's limits (worker/catalogue/catalogue-file.ts): a name is one line of at most 300, a description 20,000. */
const nameMax = 300
const descriptionMax = 20_000
const picturesMax = 10
const arabicLetter = /[\u0600-\u06FF]/
/** The window as the import reads it (docs/catalogue-import.md, "CSV columns"). */
export const riyadhMinutePattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
/** A Riyadh date and time as an instant (Riyadh keeps UTC+3 all year). */
export const riyadhMinuteInstant = (value: string) => Date.parse(`${value.replace(' ', 'T')}:00+03:00`)

/** Every rule the edit breaks, in the order of the form; an empty list is a save the API will take. */
export function editProblems(edit: ProductEdit, locale: Locale): EditProblem[] {
  const problems: EditProblem[] = []
  const say = (field: EditField, message: string) => problems.push({ field, message })
  for (const field of ['name', 'description'] as const) {
    const max = field === 'name' ? nameMax : descriptionMax
    for (const language of ['ar', 'en'] as const) {
      const value = edit[field][language].trim()
      const key = `${field}_${language}` as const
      if (!value) say(key, m.ops_product_required({}, { locale }))
      else if (value.length > max) say(key, m.ops_product_too_long({ max }, { locale }))
      else if (language === 'ar' && !arabicLetter.test(value)) say(key, m.ops_product_arabic({}, { locale }))
    }
  }
  if (!(edit.price > 0) || !twoDecimals(edit.price)) say('price', m.ops_product_price_invalid({}, { locale }))
  if (edit.special_price !== null) {
    if (!(edit.special_price > 0) || !twoDecimals(edit.special_price)) say('special_price', m.ops_product_price_invalid({}, { locale }))
    else if (edit.special_price >= edit.price) say('special_price', m.ops_product_special_below({}, { locale }))
  } else if (edit.special_from || edit.special_to) {
    say('special_price', m.ops_product_window_needs_special({}, { locale }))
  }
  for (const field of ['special_from', 'special_to'] as const) {
    const value = edit[field]
    if (value !== null && (!riyadhMinutePattern.test(value) || Number.isNaN(riyadhMinuteInstant(value))))
      say(field, m.ops_product_date_invalid({}, { locale }))
  }
  if (
    edit.special_from &&
    edit.special_to &&
    riyadhMinutePattern.test(edit.special_from) &&
    riyadhMinutePattern.test(edit.special_to) &&
    riyadhMinuteInstant(edit.special_to) <= riyadhMinuteInstant(edit.special_from)
  )
    say('special_to', m.ops_product_window_order({}, { locale }))
  if (edit.preorder_note) {
    for (const language of ['ar', 'en'] as const) {
      if (edit.preorder_note[language].trim().length > nameMax) say('preorder_note', m.ops_product_too_long({ max: nameMax }, { locale }))
    }
  }
  if (edit.images.length > picturesMax) say('images', m.ops_product_pictures_many({ max: picturesMax }, { locale }))
  const wrong = edit.images.find((address) => !isPictureAddress(address))
  if (wrong !== undefined) say('images', m.ops_product_picture_invalid({ address: wrong }, { locale }))
  if (edit.low_stock !== null && !(Number.isInteger(edit.low_stock) && edit.low_stock >= 0))
    say('low_stock', m.ops_product_low_stock_invalid({}, { locale }))
  return problems
}

/** A stored window instant (`2026-12-01T18:30:00+03:00`) as the form shows it, in Riyadh time: `2026-12-01 18:30`. */
export function riyadhMinuteOf(instant: string | null): string | null {
  if (!instant) return null
  const riyadh = new Date(Date.parse(instant) + 3 * 3600_000).toISOString()
  return `${riyadh.slice(0, 10)} ${riyadh.slice(11, 16)}`
}

/** Why a stock change is made: recorded with it in the audit trail. */
export const stockReasons = ['count', 'damage', 'transfer'] as const
export type StockReason = (typeof stockReasons)[number]
export const stockNoteMax = 200
