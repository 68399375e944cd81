/**
 * The console's products (docs/product.md, "The merchant console"): search by SKU, name in either language or
 * category, newest first, each with its price, sale, total stock and whether shoppers see it; a row opens its edit page.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { opsErrorText } from '../components/ops/ops-text'
import { Pager } from '../components/ops/Pager'
import { Price } from '../components/Price'
import type { MenuNode } from '../domain/category-tree'
import { pageStart } from '../domain/paging'
import { isDiscountActive } from '../domain/pricing'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { productQueries, type ProductFilter } from '../queries/ops-products'
import { consoleSearch } from '../lib/console-search'

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined)

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): ProductFilter {
  return {
    q: text(search.q, 100),
    category: text(search.category, 100),
    before: pageStart(search.before),
  }
}

export const Route = createFileRoute('/ops/products/')({
  validateSearch: consoleSearch<ProductFilter>,
  component: ProductsPage,
})

/** Every category of the tree, children indented under their parent, for the category filter. */
function flatten(nodes: MenuNode[], depth = 0): { url_key: string; name: string }[] {
  return nodes.flatMap((node) => [{ url_key: node.url_key, name: `${'— '.repeat(depth)}${node.name}` }, ...flatten(node.children_data, depth + 1)])
}

function ProductsPage() {
  const filter = readSearch(Route.useSearch())
  const navigate = useNavigate({ from: '/ops/products/' })
  const locale = currentLocale()
  const list = useQuery(productQueries.list(filter))
  const tree = useQuery(catalogueQueries.frame(locale)).data?.tree
  const now = new Date()
  const find = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    void navigate({ search: { q: field('q').trim() || undefined, category: field('category') || undefined } })
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{m.ops_products()}</h1>
        <Link to="/ops/stock" className="text-sm font-semibold text-brand">
          {m.ops_stock_low()}
        </Link>
      </div>
      <form
        role="search"
        aria-label={m.ops_products()}
        onSubmit={find}
        key={JSON.stringify(filter)}
        className="grid gap-3 rounded-2xl bg-white p-4 md:grid-cols-[2fr_1fr_auto] md:items-end"
      >
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_products_search()}</span>
          <input name="q" type="search" defaultValue={filter.q} dir="auto" className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_products_category()}</span>
          <select name="category" defaultValue={filter.category ?? ''} className="h-11 w-full rounded-lg border border-line bg-white px-2">
            <option value="">{m.ops_products_all_categories()}</option>
            {flatten(tree?.children_data ?? []).map((category) => (
              <option key={category.url_key} value={category.url_key}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-11 rounded-full bg-brand px-6 font-semibold text-brand-ink">
          {m.ops_products_find()}
        </button>
      </form>
      {list.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(list.error)}
        </p>
      )}
      <ul aria-label={m.ops_products()} className="space-y-2">
        {list.data?.products.map((product) => {
          const onSale = isDiscountActive(product, now)
          return (
            <li key={product.sku}>
              <Link
                to="/ops/products/$sku"
                params={{ sku: product.sku }}
                className="grid gap-1 rounded-2xl bg-white p-3 text-sm hover:ring-2 hover:ring-brand md:grid-cols-[1fr_auto_auto_auto] md:items-center md:gap-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">{locale === 'ar' ? product.name_ar : product.name_en}</span>
                  <bdi dir="ltr" className="text-muted">
                    {product.sku}
                  </bdi>
                </span>
                <span className="flex flex-wrap items-baseline gap-2">
                  {onSale ? (
                    <>
                      <Price amount={product.special_price!} decimals={2} className="font-bold text-sale" />
                      <Price amount={product.price} decimals={2} was className="text-muted" />
                    </>
                  ) : (
                    <Price amount={product.price} decimals={2} className="font-bold" />
                  )}
                </span>
                <span>
                  {m.ops_product_stock_total()}: <span className="tabular-nums">{product.stock_total}</span>
                </span>
                <span className="flex flex-wrap gap-1">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${product.hidden ? 'bg-line text-muted' : 'bg-brand/10 text-brand'}`}
                  >
                    {product.hidden ? m.ops_product_hidden_state() : m.ops_product_published()}
                  </span>
                  {onSale && <span className="rounded-full bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale">{m.ops_product_on_sale()}</span>}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
      {list.data && list.data.products.length === 0 && <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_products_none()}</p>}
      <Pager to="/ops/products" search={filter} older={list.data?.older} />
    </div>
  )
}
