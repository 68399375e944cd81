/**
 * Search analytics (docs/product.md, "Validation" and "Limits"): clicks, add-to-cart and wishlist after a search report
 * the search's queryID and index, a second after the action, to the embedded service's /1/events or
 * to Algolia Insights when hosted search is configured. A failure is only logged. Only with the shopper's consent to
 * measurements (docs/architecture.md, "Consent"): without it nothing is sent and nothing is kept for later events.
 */
import { appConfig } from '../../app.config'
import { consentAllows } from './consent'
import { anonymousSessionId } from './personalisation'
import { lastSearchSourceKey, searchSourceItemsKey } from './storage-keys'

type Hosted = { appId: string; apiKey: string } | null

/** The search a product was found with (and where its events go: Algolia when hosted, else here). */
export interface SearchSource {
  queryID: string
  indexName: string
  hosted: Hosted
}

export interface SearchEvent {
  eventType: 'click' | 'conversion' | 'view'
  eventSubtype?: 'addToCart' | 'purchase'
  eventName: string
  index: string
  queryID?: string
  objectIDs: string[]
  positions?: number[]
  objectData?: Record<string, unknown>[]
}

export function sendSearchEvent(hosted: Hosted, event: SearchEvent): void {
  setTimeout(() => {
    if (!consentAllows('measurements')) return
    const url = hosted ? 'https://insights.algolia.io/1/events' : '/1/events'
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(hosted ? { 'x-algolia-application-id': hosted.appId, 'x-algolia-api-key': hosted.apiKey } : {}),
    }
    fetch(url, { method: 'POST', headers, body: JSON.stringify({ events: [{ ...event, userToken: anonymousSessionId() }] }) }).catch(
      (error: unknown) => console.warn('search event failed:', error),
    )
  }, appConfig.timing.analyticsDelayMs)
}

/**
 * A purchase after search, or null when it cannot be reported (docs/product.md, "Validation"): object ids must be
 * non-empty with none undefined ("undefined" ids are ignored), an index is needed, and the object
 * data must match the ids one for one.
 */
export function purchaseEvent(index: string, items: { objectID: string | undefined; price: number; quantity: number }[]): SearchEvent | null {
  const kept = items.filter(
    (item): item is { objectID: string; price: number; quantity: number } =>
      item.objectID !== undefined && item.objectID !== 'undefined' && item.objectID !== '',
  )
  if (!index || kept.length === 0) return null
  const objectData = kept.map((item) => ({ price: item.price, quantity: item.quantity }))
  if (objectData.length !== kept.length) return null
  return {
    eventType: 'conversion',
    eventSubtype: 'purchase',
    eventName: 'Products Purchased',
    index,
    objectIDs: kept.map((item) => item.objectID),
    objectData,
  }
}

/** Remembers which index a queryID came from, for the product page the shopper lands on. */
export function rememberSearchSource(source: SearchSource): void {
  if (consentAllows('measurements')) sessionStorage.setItem(lastSearchSourceKey, JSON.stringify(source))
}

export function searchSourceFor(queryID: string | undefined): SearchSource | null {
  if (!queryID) return null
  try {
    const source = JSON.parse(sessionStorage.getItem(lastSearchSourceKey) ?? 'null') as SearchSource | null
    return source?.queryID === queryID ? source : null
  } catch {
    return null
  }
}

/** A cart line added after a search (docs/product.md: searchSourceItems), kept until it is deleted or bought. */
export interface SearchSourceItem {
  item_id: number
  queryID: string
  indexName: string
  entity_id: number
}

export function searchSourceItems(): SearchSourceItem[] {
  try {
    const items = JSON.parse(localStorage.getItem(searchSourceItemsKey) ?? '[]') as unknown
    return Array.isArray(items) ? (items as SearchSourceItem[]) : []
  } catch {
    return []
  }
}

function storeSourceItems(items: SearchSourceItem[]): void {
  if (items.length === 0) localStorage.removeItem(searchSourceItemsKey)
  else localStorage.setItem(searchSourceItemsKey, JSON.stringify(items))
}

export function addSearchSourceItem(item: SearchSourceItem): void {
  if (consentAllows('measurements')) storeSourceItems([...searchSourceItems().filter((i) => i.item_id !== item.item_id), item])
}

/** A deleted cart line takes its entry with it. */
export function dropSearchSourceItem(itemId: number): void {
  storeSourceItems(searchSourceItems().filter((i) => i.item_id !== itemId))
}

/**
 * The purchase events of an order: one per search the bought lines came from, then the entries are
 * cleared. Lines are matched to the cart by item id for their price and quantity.
 */
export function purchaseEventsFor(lines: { item_id: number; price: number; qty: number }[]): SearchEvent[] {
  const bySearch = new Map<string, { index: string; queryID: string; items: { objectID: string | undefined; price: number; quantity: number }[] }>()
  for (const source of searchSourceItems()) {
    const line = lines.find((l) => l.item_id === source.item_id)
    if (!line) continue
    const key = `${source.indexName} ${source.queryID}`
    const group = bySearch.get(key) ?? { index: source.indexName, queryID: source.queryID, items: [] }
    group.items.push({ objectID: String(source.entity_id), price: line.price, quantity: line.qty })
    bySearch.set(key, group)
  }
  storeSourceItems([])
  return [...bySearch.values()].flatMap((group) => {
    const event = purchaseEvent(group.index, group.items)
    return event ? [{ ...event, queryID: group.queryID }] : []
  })
}
