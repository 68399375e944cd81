/**
 * Low stock (docs/product.md, "The merchant console"): every product at or below its threshold in a city (its own, or
 * the store's default), lowest first, for one city or all; a row opens the product, where its stock is changed.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { regionIds, type RegionId } from '../../app.config'
import { opsErrorText } from '../components/ops/ops-text'
import { cityName } from '../lib/city-search'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { productQueries } from '../queries/ops-products'
import { consoleSearch } from '../lib/console-search'

interface StockSearch {
  region?: RegionId
  offset?: number
}

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): StockSearch {
  const region = regionIds.find((id) => String(id) === String(search.region))
  const offset = Number(search.offset)
  return { region, offset: Number.isSafeInteger(offset) && offset > 0 ? offset : undefined }
}

export const Route = createFileRoute('/ops/stock')({
  validateSearch: consoleSearch<StockSearch>,
  component: StockPage,
})

function StockPage() {
  const { region, offset = 0 } = readSearch(Route.useSearch())
  const navigate = useNavigate({ from: '/ops/stock' })
  const locale = currentLocale()
  const low = useQuery(productQueries.lowStock(region, offset))
  const regions = useQuery(catalogueQueries.frame(locale)).data?.regions
  const data = low.data
  const link = 'flex h-11 items-center rounded-full border border-brand px-5 font-semibold text-brand'
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_stock_low()}</h1>
      <div className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4">
        <label className="w-full md:w-64">
          <span className="mb-1 block text-sm font-medium">{m.ops_stock_city()}</span>
          <select
            value={region ?? ''}
            onChange={(event) => void navigate({ search: { region: (Number(event.target.value) as RegionId) || undefined } })}
            className="h-11 w-full rounded-lg border border-line bg-white px-2"
          >
            <option value="">{m.ops_stock_all_cities()}</option>
            {regionIds.map((id) => (
              <option key={id} value={id}>
                {cityName(regions, id) ?? id}
              </option>
            ))}
          </select>
        </label>
        {data && (
          <p className="text-sm">
            <span className="font-bold">{m.ops_stock_low_count({ count: data.count })}</span>
            <span className="block text-muted">{m.ops_stock_default_threshold({ count: data.default_threshold })}</span>
          </p>
        )}
      </div>
      {low.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(low.error)}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <table className="w-full overflow-hidden rounded-2xl bg-white text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="p-3 text-start font-medium">
                {m.ops_products()}
              </th>
              <th scope="col" className="p-3 text-start font-medium">
                {m.ops_stock_city()}
              </th>
              <th scope="col" className="p-3 text-end font-medium">
                {m.ops_stock_units()}
              </th>
              <th scope="col" className="hidden p-3 text-end font-medium md:table-cell">
                {m.ops_stock_threshold()}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={`${row.sku}-${row.region_id}`} className="border-t border-line">
                <td className="p-3">
                  <Link to="/ops/products/$sku" params={{ sku: row.sku }} className="font-semibold text-brand">
                    {locale === 'ar' ? row.name_ar : row.name_en}
                  </Link>
                  <bdi dir="ltr" className="block text-xs text-muted">
                    {row.sku}
                  </bdi>
                </td>
                <td className="p-3">{cityName(regions, row.region_id as RegionId) ?? row.region_id}</td>
                <td className={`p-3 text-end font-bold tabular-nums ${row.qty === 0 ? 'text-sale' : ''}`}>{row.qty}</td>
                <td className="hidden p-3 text-end tabular-nums text-muted md:table-cell">{row.threshold}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.rows.length === 0 && <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_stock_none()}</p>}
      {(offset > 0 || Boolean(data?.next)) && (
        <nav aria-label={m.ops_pages()} className="flex justify-between gap-3">
          {offset > 0 ? (
            <Link to="/ops/stock" search={{ region }} className={link}>
              {m.ops_page_first()}
            </Link>
          ) : (
            <span />
          )}
          {data?.next ? (
            <Link to="/ops/stock" search={{ region, offset: data.next }} className={link}>
              {m.ops_page_next()}
            </Link>
          ) : null}
        </nav>
      )}
    </div>
  )
}
