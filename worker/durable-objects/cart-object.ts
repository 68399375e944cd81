import { DurableObject } from 'cloudflare:workers'
import { computeTotals, type CartLineRecord, type CartState, type Coupon } from '../../src/domain/cart'
import type { CheckoutDetails } from '../../src/domain/checkout'
import type { ShippingCode } from '../../src/domain/shipping'
import { serverLimits } from '../../config/server-limits'
import { shopperCartStore } from '../storage/shopper-cart-store'

/**
 * One cart per quote, in the object's own SQLite storage. Every change is a few synchronous SQL
 * statements with no await in between, so concurrent requests to one cart apply one after another
 * and none is lost; each change bumps the cart version.
 */

export type NewCartLine = Omit<CartLineRecord, 'item_id' | 'qty' | 'parent_item_id' | 'fee_id' | 'fee_option_id' | 'replacement_discount'>

type CartRefusal = {
  ok: false
  reason: 'not_found' | 'ordered' | 'item_not_found' | 'too_many_lines' | 'qty_limit' | 'not_initialised'
  state: CartState | null
}

type CartChange = { ok: true; state: CartState; item_id?: number } | CartRefusal

/** An add that landed names the line it went to. */
type LineAdded = { ok: true; state: CartState; item_id: number } | CartRefusal

interface MetaRow extends Record<string, SqlStorageValue> {
  key: string
  value: string
}

export class CartObject extends DurableObject<Env> {
  private readonly sql: SqlStorage

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = ctx.storage.sql
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS lines (
      item_id INTEGER PRIMARY KEY AUTOINCREMENT,
      sku TEXT NOT NULL,
      product_id INTEGER NOT NULL,
      qty INTEGER NOT NULL CHECK (qty > 0),
      data TEXT NOT NULL,
      parent_item_id INTEGER,
      fee_id INTEGER,
      fee_option_id INTEGER,
      replacement_discount INTEGER NOT NULL DEFAULT 0
    )`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS merged (quote_id TEXT PRIMARY KEY)`)
    // The adds already applied, by the caller's request key, with the line each went to: an add tried again after
    // its answer was lost answers that line instead of adding again (docs/architecture.md, "Faults").
    this.sql.exec(`CREATE TABLE IF NOT EXISTS applied_adds (request_key TEXT PRIMARY KEY, item_id INTEGER NOT NULL, at INTEGER NOT NULL)`)
  }

  // --- reading -------------------------------------------------------------------------------

  private meta(key: string): string | null {
    const row = this.sql.exec<MetaRow>('SELECT key, value FROM meta WHERE key = ?', key).toArray()[0]
    return row ? row.value : null
  }

  private setMeta(key: string, value: string | null): void {
    if (value === null) this.sql.exec('DELETE FROM meta WHERE key = ?', key)
    else this.sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value)
  }

  private readState(): CartState | null {
    // The whole meta table in one query: one per key made a cart change spend a third of its CPU here.
    const meta = new Map(
      this.sql
        .exec<MetaRow>('SELECT key, value FROM meta')
        .toArray()
        .map((row) => [row.key, row.value]),
    )
    const value = (key: string) => meta.get(key) ?? null
    const quoteId = value('quote_id')
    if (quoteId === null) return null
    const lines = this.sql
      .exec<{
        item_id: number
        sku: string
        product_id: number
        qty: number
        data: string
        parent_item_id: number | null
        fee_id: number | null
        fee_option_id: number | null
        replacement_discount: number
      }>('SELECT * FROM lines ORDER BY item_id')
      .toArray()
      .map((row): CartLineRecord => ({
        ...(JSON.parse(row.data) as NewCartLine),
        item_id: row.item_id,
        sku: row.sku,
        product_id: row.product_id,
        qty: row.qty,
        parent_item_id: row.parent_item_id,
        fee_id: row.fee_id,
        fee_option_id: row.fee_option_id,
        replacement_discount: row.replacement_discount === 1,
      }))
    const json = <T>(key: string) => {
      const text = value(key)
      return text === null ? null : (JSON.parse(text) as T)
    }
    return {
      quote_id: quoteId,
      is_mask: value('is_mask') === '0' ? 0 : 1,
      customer_id: json<number>('customer_id'),
      region_id: Number(value('region_id')),
      version: Number(value('version') ?? 0),
      status: value('status') === 'ordered' ? 'ordered' : 'active',
      order_id: json<number>('order_id'),
      coupon: json<Coupon>('coupon'),
      gift_voucher: json('gift_voucher'),
      erp_voucher: json('erp_voucher'),
      lines,
      shipping_method: value('shipping_method') as ShippingCode | null,
      checkout: json<CheckoutDetails>('checkout'),
      verified_phones: json<string[]>('verified_phones') ?? [],
    }
  }

  /**
   * Runs a change on an active cart and bumps the version, all without yielding; then keeps the cart's D1 record
   * (`keepRecord`).
   */
  private async change(apply: (state: CartState) => CartChange | { item_id?: number } | void): Promise<CartChange> {
    const state = this.readState()
    if (!state) return { ok: false, reason: 'not_initialised', state: null }
    if (state.status === 'ordered') return { ok: false, reason: 'ordered', state }
    const result = this.ctx.storage.transactionSync(() => {
      const outcome = apply(state)
      if (outcome && 'ok' in outcome && !outcome.ok) return outcome
      this.setMeta('version', String(state.version + 1))
      return { ok: true as const, item_id: outcome && 'item_id' in outcome ? outcome.item_id : undefined }
    })
    if (!result.ok) return result
    const after = this.readState()!
    await this.keepRecord(after)
    return { ok: true, state: after, item_id: result.item_id }
  }

  /**
   * Keeps the D1 record of a known shopper's cart (signed in, or a mobile verified by code) after a change, so the
   * console lists abandoned carts in one query (docs/decisions/0032-abandoned-carts.md): written while the cart holds
   * products, deleted when it empties or becomes an order. An unknown guest's cart writes nothing. A failed write is
   * logged, never a failed change: the record is a list for staff, the cart is the shopper's.
   */
  private async keepRecord(state: CartState): Promise<void> {
    const phone = state.customer_id === null ? (state.verified_phones.at(-1) ?? null) : null
    if (state.customer_id === null && phone === null) return
    try {
      const store = shopperCartStore(this.env.DB)
      const products = state.lines.filter((line) => line.parent_item_id === null)
      if (state.status !== 'active' || products.length === 0) return await store.drop(state.quote_id)
      const now = new Date()
      await store.keep({
        quote_id: state.quote_id,
        customer_id: state.customer_id,
        phone,
        locale: this.meta('locale') === 'en' ? 'en' : 'ar',
        lines: products.reduce((sum, line) => sum + line.qty, 0),
        value: computeTotals(state, now).grand_total,
        updated_at: now.toISOString(),
      })
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'shopper cart record not kept', quote: state.quote_id, error: String(error) }))
    }
  }

  // --- RPC -----------------------------------------------------------------------------------

  /** Creates the cart once; later calls return it unchanged. */
  async init(
    quoteId: string,
    isMask: 0 | 1,
    customerId: number | null,
    regionId: number,
    verifiedPhones: string[] = [],
    locale: 'ar' | 'en' = 'ar',
  ): Promise<CartState> {
    if (this.meta('quote_id') === null) {
      this.ctx.storage.transactionSync(() => {
        // The language the shopper started the cart in: a reminder speaks it (docs/decisions/0032-abandoned-carts.md).
        this.setMeta('locale', locale)
        this.setMeta('quote_id', quoteId)
        this.setMeta('is_mask', String(isMask))
        this.setMeta('customer_id', customerId === null ? null : JSON.stringify(customerId))
        this.setMeta('region_id', String(regionId))
        this.setMeta('status', 'active')
        this.setMeta('version', '1')
        if (verifiedPhones.length > 0) this.setMeta('verified_phones', JSON.stringify(verifiedPhones))
      })
    }
    return this.readState()!
  }

  /** The health probe (worker/api/health.ts): answers without reading or writing the cart. */
  async ping(): Promise<'pong'> {
    return 'pong'
  }

  async state(): Promise<CartState | null> {
    return this.readState()
  }

  /**
   * Adds a line; with `regionId`, the cart moves to that region in the same transaction, only if the add lands. With a
   * `requestKey` the add lands once: the same key again answers the line it went to, as it is now, and changes nothing.
   */
  async addLine(
    line: NewCartLine,
    qty: number,
    limits: { maxQty: number; maxLines: number; available: number | null; regionId?: number },
    requestKey?: string,
  ): Promise<LineAdded> {
    if (requestKey !== undefined) {
      // No await between this read and the change below: no other request to this cart can come in between.
      const applied = this.sql.exec<{ item_id: number }>('SELECT item_id FROM applied_adds WHERE request_key = ?', requestKey).toArray()[0]
      const state = applied && this.readState()
      if (applied && state) return { ok: true, state, item_id: applied.item_id }
    }
    const result = await this.change((state) => {
      const landed = (itemId: number) => {
        if (requestKey !== undefined) {
          // A day of keys is plenty for a retry; older ones go, so the table stays the size of a day's taps.
          this.sql.exec('DELETE FROM applied_adds WHERE at < ?', Date.now() - 86_400_000)
          this.sql.exec('INSERT INTO applied_adds (request_key, item_id, at) VALUES (?, ?, ?)', requestKey, itemId, Date.now())
        }
        return { item_id: itemId }
      }
      const moveTo = limits.regionId !== undefined && limits.regionId !== state.region_id ? limits.regionId : null
      const existing = state.lines.find((l) => l.sku === line.sku && l.parent_item_id === null)
      const newQty = (existing?.qty ?? 0) + qty
      if (newQty > limits.maxQty || (limits.available !== null && newQty > limits.available)) {
        return { ok: false, reason: 'qty_limit', state }
      }
      if (existing) {
        if (moveTo !== null) this.setMeta('region_id', String(moveTo))
        this.sql.exec('UPDATE lines SET qty = ? WHERE item_id = ?', newQty, existing.item_id)
        this.sql.exec('UPDATE lines SET qty = ? WHERE parent_item_id = ?', newQty, existing.item_id)
        return landed(existing.item_id)
      }
      if (state.lines.filter((l) => l.parent_item_id === null).length >= limits.maxLines) return { ok: false, reason: 'too_many_lines', state }
      if (moveTo !== null) this.setMeta('region_id', String(moveTo))
      const { sku, product_id, ...data } = line
      const row = this.sql
        .exec<{ item_id: number }>(
          'INSERT INTO lines (sku, product_id, qty, data) VALUES (?, ?, ?, ?) RETURNING item_id',
          sku,
          product_id,
          qty,
          JSON.stringify(data),
        )
        .one()
      return landed(row.item_id)
    })
    // Every branch above that does not refuse returns the line's item_id.
    return result.ok ? { ...result, item_id: result.item_id! } : result
  }

  async updateQty(itemId: number, qty: number, limits: { maxQty: number; available: number | null }): Promise<CartChange> {
    return this.change((state) => {
      const line = state.lines.find((l) => l.item_id === itemId && l.parent_item_id === null)
      if (!line) return { ok: false, reason: 'item_not_found', state }
      if (qty > limits.maxQty || (limits.available !== null && qty > limits.available)) return { ok: false, reason: 'qty_limit', state }
      this.sql.exec('UPDATE lines SET qty = ? WHERE item_id = ? OR parent_item_id = ?', qty, itemId, itemId)
      return { item_id: itemId }
    })
  }

  /** Removes a line; a product line takes its service (fee) lines with it. */
  async removeLine(itemId: number): Promise<CartChange> {
    return this.change((state) => {
      if (!state.lines.some((l) => l.item_id === itemId)) return { ok: false, reason: 'item_not_found', state }
      this.sql.exec('DELETE FROM lines WHERE item_id = ? OR parent_item_id = ?', itemId, itemId)
    })
  }

  async clear(): Promise<CartChange> {
    return this.change(() => {
      this.sql.exec('DELETE FROM lines')
      for (const key of ['coupon', 'gift_voucher', 'erp_voucher']) this.setMeta(key, null)
    })
  }

  /**
   * Forgets everything, the shopper's checkout details with the lines: the cart of a closed account
   * (docs/decisions/0028-personal-data-kept.md). The cart reads as not found from then on.
   */
  async forget(): Promise<void> {
    const quoteId = this.meta('quote_id')
    if (quoteId !== null) await shopperCartStore(this.env.DB).drop(quoteId)
    for (const table of ['lines', 'meta', 'merged', 'applied_adds']) this.sql.exec(`DELETE FROM ${table}`)
  }

  async setRegion(regionId: number): Promise<CartChange> {
    return this.change(() => this.setMeta('region_id', String(regionId)))
  }

  async setCoupon(coupon: Coupon | null): Promise<CartChange> {
    return this.change(() => this.setMeta('coupon', coupon ? JSON.stringify(coupon) : null))
  }

  async setVoucher(kind: 'gift_voucher' | 'erp_voucher', voucher: { voucher: string; amount: number; balance?: number } | null): Promise<CartChange> {
    return this.change(() => this.setMeta(kind, voucher ? JSON.stringify(voucher) : null))
  }

  async addFee(productItemId: number, fee: NewCartLine & { fee_id: number; fee_option_id: number }): Promise<CartChange> {
    return this.change((state) => {
      const parent = state.lines.find((l) => l.item_id === productItemId && l.parent_item_id === null)
      if (!parent) return { ok: false, reason: 'item_not_found', state }
      const existing = state.lines.find((l) => l.parent_item_id === productItemId && l.fee_id === fee.fee_id)
      if (existing) return { item_id: existing.item_id }
      const { sku, product_id, fee_id, fee_option_id, ...data } = fee
      const row = this.sql
        .exec<{ item_id: number }>(
          'INSERT INTO lines (sku, product_id, qty, data, parent_item_id, fee_id, fee_option_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING item_id',
          sku,
          product_id,
          parent.qty,
          JSON.stringify(data),
          productItemId,
          fee_id,
          fee_option_id,
        )
        .one()
      return { item_id: row.item_id }
    })
  }

  async setReplacementDiscount(itemId: number, on: boolean): Promise<CartChange> {
    return this.change((state) => {
      if (!state.lines.some((l) => l.item_id === itemId && l.parent_item_id === null)) return { ok: false, reason: 'item_not_found', state }
      this.sql.exec('UPDATE lines SET replacement_discount = ? WHERE item_id = ?', on ? 1 : 0, itemId)
    })
  }

  async setShippingMethod(code: ShippingCode): Promise<CartChange> {
    return this.change(() => this.setMeta('shipping_method', code))
  }

  /** Keeps what the shopper gave at checkout (already checked by the caller). */
  async setCheckout(details: CheckoutDetails): Promise<CartChange> {
    return this.keepingDetails(() => this.setMeta('checkout', JSON.stringify(details)))
  }

  /** Remembers a phone verified by code for this cart (international form). */
  async addVerifiedPhone(phone: string): Promise<CartChange> {
    return this.keepingDetails((state) => {
      if (!state.verified_phones.includes(phone)) this.setMeta('verified_phones', JSON.stringify([...state.verified_phones, phone]))
    })
  }

  /**
   * A change that writes what identifies the shopper (checkout details, verified mobiles): the cart forgets them
   * `carts.keptDays` after they were last given (docs/decisions/0028-personal-data-kept.md). No daily job can list
   * carts, so the object's own alarm does it, as the limiter's objects forget themselves.
   */
  private async keepingDetails(apply: (state: CartState) => void): Promise<CartChange> {
    const staleAt = Date.now() + serverLimits.carts.keptDays * 86_400_000
    const result = await this.change((state) => {
      apply(state)
      this.setMeta('details_stale_at', String(staleAt))
    })
    if (result.ok) await this.ctx.storage.setAlarm(staleAt)
    return result
  }

  /** The details' time has come, unless they were given again since (the alarm then moves there): forget them. */
  override async alarm(): Promise<void> {
    const staleAt = Number(this.meta('details_stale_at'))
    if (!staleAt) return
    if (Date.now() < staleAt) return this.ctx.storage.setAlarm(staleAt)
    this.ctx.storage.transactionSync(() => {
      for (const key of ['checkout', 'verified_phones', 'details_stale_at']) this.setMeta(key, null)
    })
  }

  /** Adds a guest cart's lines once: merging the same guest quote again changes nothing. */
  async mergeFrom(sourceQuoteId: string, lines: CartLineRecord[], limits: { maxQty: number; maxLines: number }): Promise<CartChange> {
    return this.change((state) => {
      if (this.sql.exec('SELECT 1 FROM merged WHERE quote_id = ?', sourceQuoteId).toArray().length > 0) return
      this.sql.exec('INSERT INTO merged (quote_id) VALUES (?)', sourceQuoteId)
      const idMap = new Map<number, number>()
      for (const line of lines.filter((l) => l.parent_item_id === null)) {
        const existing = state.lines.find((l) => l.sku === line.sku && l.parent_item_id === null)
        if (existing) {
          const qty = Math.min(limits.maxQty, existing.qty + line.qty)
          this.sql.exec('UPDATE lines SET qty = ? WHERE item_id = ? OR parent_item_id = ?', qty, existing.item_id, existing.item_id)
          idMap.set(line.item_id, existing.item_id)
          continue
        }
        if (state.lines.length + idMap.size >= limits.maxLines) break
        const { item_id, sku, product_id, qty, parent_item_id, fee_id, fee_option_id, replacement_discount, ...data } = line
        const row = this.sql
          .exec<{ item_id: number }>(
            'INSERT INTO lines (sku, product_id, qty, data, replacement_discount) VALUES (?, ?, ?, ?, ?) RETURNING item_id',
            sku,
            product_id,
            qty,
            JSON.stringify(data),
            replacement_discount ? 1 : 0,
          )
          .one()
        idMap.set(item_id, row.item_id)
      }
      for (const fee of lines.filter((l) => l.parent_item_id !== null)) {
        const parent = idMap.get(fee.parent_item_id!)
        if (parent === undefined) continue
        if (this.sql.exec('SELECT 1 FROM lines WHERE parent_item_id = ? AND fee_id = ?', parent, fee.fee_id).toArray().length > 0) continue
        const { item_id, sku, product_id, qty, parent_item_id, fee_id, fee_option_id, replacement_discount, ...data } = fee
        const parentQty = this.sql.exec<{ qty: number }>('SELECT qty FROM lines WHERE item_id = ?', parent).one().qty
        this.sql.exec(
          'INSERT INTO lines (sku, product_id, qty, data, parent_item_id, fee_id, fee_option_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
          sku,
          product_id,
          parentQty,
          JSON.stringify(data),
          parent,
          fee_id,
          fee_option_id,
        )
      }
    })
  }

  /** Closes the cart once its order exists; the quote stays readable with the order id. */
  async markOrdered(orderId: number): Promise<CartState> {
    this.ctx.storage.transactionSync(() => {
      this.setMeta('status', 'ordered')
      this.setMeta('order_id', JSON.stringify(orderId))
      this.setMeta('version', String(Number(this.meta('version') ?? 0) + 1))
    })
    // An ordered cart is no longer abandoned: its record goes, and with it any reminder still to come.
    const state = this.readState()!
    await this.keepRecord(state)
    return state
  }
}
