/**
 * What a change to products means for the cached pages (worker/http/page-cache.ts, docs/decisions/0010): each
 * product's page, every category listing it (and so the home rails of those categories), and search results.
 * Called when a sale empties a city's stock, when a cancelled order gives stock back, and by anything that changes a
 * product's price, text or stock.
 */
import { sendDueStockAlerts } from '../commerce/stock-alerts'
import { purgePageTags } from '../http/page-cache'
import { rebuildSearchForNewCatalogue } from '../search/indexes'
import { cacheKinds, kvCache } from '../storage/kv-cache'
import { productStore } from '../storage/product-store'

export async function productsChanged(env: Env, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return
  // A variant belongs to no category and has no page of its own: its parent's page and listings show it
  // (docs/decisions/0020-variants-are-products.md).
  const products = productStore(env.DB)
  const changed = await products.withParents(productIds)
  const categories = await products.categoriesOf(changed)
  await purgePageTags(env, [...changed.map((id) => `product:${id}`), ...categories.map((id) => `category:${id}`), 'search'])
  await tellStockAlerts(env)
}

/**
 * Stock that came back after a change (an edit, a cancelled order, an import) tells its city's alerts now; the
 * five-minute job sends any a path without this call marked due, or that this one failed to send
 * (docs/decisions/0035-stock-alerts.md).
 */
async function tellStockAlerts(env: Env): Promise<void> {
  await sendDueStockAlerts(env).catch((error: unknown) =>
    console.error(JSON.stringify({ level: 'error', message: 'stock alerts after a change', error: String(error) })),
  )
}

/** After a sale in a region: the products it sold out there change state on every page that shows them. */
export async function afterSale(env: Env, regionId: number, productIds: readonly number[]): Promise<void> {
  await productsChanged(env, await productStore(env.DB).soldOutIn(regionId, productIds))
}

/**
 * The category tree, the regions, the home or the footer content changed (an import, an edit): their KV copies are
 * dropped and every page, which all show the frame, renders again.
 */
export async function frameChanged(env: Env): Promise<void> {
  const cache = kvCache(env.CACHE)
  await Promise.all(cacheKinds.map((kind) => cache.invalidate(kind)))
  await purgePageTags(env, ['frame'])
}

/**
 * The catalogue was replaced (an import, a re-seed; docs/decisions/0018-catalogue-import.md): the search indexes are
 * built and their snapshots left in KV under a new catalogue version before anything is dropped, so no shopper waits
 * for a build and searches meanwhile answer from the last snapshots (issue 48); the new version then retires cached
 * pages and listing indexes, and the frame's KV copies go.
 */
export async function catalogueReplaced(env: Env): Promise<{ version: string; builtMs: number }> {
  const search = await rebuildSearchForNewCatalogue(env)
  await frameChanged(env)
  await tellStockAlerts(env)
  return search
}
