/**
 * Compare (/compare): up to 4 products side by side (docs/product.md, "Rules" and "Validation"), their price, brand,
 * availability, delivery and specifications; rows whose values differ are marked, and the shopper
 * can keep only those. The skus live in the browser (compare_products).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useHydrated } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { type ReactNode, useId, useState } from 'react'
import { MessagePage } from '../components/MessagePage'
import { Icon } from '../components/ui/Icon'
import { useDeliveryBadge, deliveryText } from '../components/product/DeliveryBadge'
import { stockLabel } from '../components/product/stock-label'
import { ProductPicture } from '../components/product/ProductPicture'
import { AddAllToCart } from '../components/product/AddAllToCart'
import { Price } from '../components/Price'
import { differingRows } from '../lib/compare'
import type { ProductSummary } from '../domain/product'
import { pricesWithTax } from '../domain/pricing'
import { stockState } from '../domain/stock'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { compareAtom, regionIdAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/compare')({
  head: () => ({ meta: [{ title: `${m.compare_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: ComparePage,
})

type Compared = ProductSummary & { specifications: { name: string; value: string }[] }

function DeliveryCell({ product }: { product: ProductSummary }) {
  return <>{deliveryText[useDeliveryBadge(product)]()}</>
}

function ComparePage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const [skus, setSkus] = useAtom(compareAtom)
  const region = useAtomValue(regionIdAtom)
  const hydrated = useHydrated()
  const onlyDiffId = useId()
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const { data } = useQuery({ ...catalogueQueries.bySkus(locale, region, skus), enabled: skus.length > 0, placeholderData: keepPreviousData })

  if (!hydrated) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (skus.length === 0) {
    return (
      <MessagePage
        art={<Icon name="compare" className="size-16 text-brand" />}
        title={m.compare_empty()}
        text={m.compare_empty_text()}
        action={{ to: '/', label: m.continue_shopping() }}
      />
    )
  }

  const products = ((data?.products ?? []) as Compared[]).filter((p) => skus.includes(p.sku))
  // The prices are the server's at its time; before its answer there is no product to price.
  const now = new Date(data?.now ?? 0)
  // The brand has its own row above; the specifications repeat it.
  const specNames = [...new Set(products.flatMap((p) => p.specifications.map((s) => s.name)))].filter((name) => name !== m.compare_brand())
  const rows: { name: string; values: ReactNode[]; keys: unknown[] }[] = [
    {
      name: m.compare_price(),
      keys: products.map((p) => pricesWithTax(p, now).price),
      values: products.map((p) => <Price key={p.sku} amount={pricesWithTax(p, now).price} className="font-bold" />),
    },
    { name: m.compare_brand(), keys: products.map((p) => p.brand), values: products.map((p) => p.brand) },
    {
      name: m.compare_availability(),
      keys: products.map((p) => stockState(p)),
      values: products.map((p) => stockLabel[stockState(p)]()),
    },
    {
      name: m.compare_delivery(),
      keys: products.map((p) => [p.fast_delivery, p.big_items, p.delivery_within_24_hours]),
      values: products.map((p) => <DeliveryCell key={p.sku} product={p} />),
    },
    ...specNames.map((name) => {
      const values = products.map((p) => p.specifications.find((s) => s.name === name)?.value ?? '—')
      return { name, keys: values, values }
    }),
  ]
  const differs = differingRows(rows.map((row) => ({ values: row.keys })))
  const shown = rows.map((row, i) => ({ ...row, differs: differs[i]! })).filter((row) => !onlyDifferences || row.differs)

  return (
    <section className="mx-auto max-w-content px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.compare_title()}</h1>
        <div className="flex items-center gap-4">
          <label htmlFor={onlyDiffId} className="flex items-center gap-2 text-sm font-medium">
            <input
              id={onlyDiffId}
              type="checkbox"
              checked={onlyDifferences}
              onChange={(e) => setOnlyDifferences(e.target.checked)}
              className="size-4 accent-[var(--brand)]"
            />
            {m.compare_only_differences()}
          </label>
          <button type="button" onClick={() => setSkus([])} className="text-sm font-semibold text-brand underline">
            {m.compare_clear()}
          </button>
        </div>
      </div>
      <div className="mb-4 flex justify-end">
        <AddAllToCart products={products} />
      </div>
      <div className="overflow-x-auto rounded-xl bg-white">
        <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm">
          <caption className="sr-only">{m.compare_title()}</caption>
          <thead>
            <tr>
              <td className="w-40 p-3" />
              {products.map((p) => (
                <th key={p.sku} scope="col" className="p-3 align-top font-normal">
                  <div className="relative flex flex-col items-center gap-2 text-center">
                    <button
                      type="button"
                      onClick={() => setSkus(skus.filter((s) => s !== p.sku))}
                      aria-label={m.compare_remove({ name: p.name })}
                      className="absolute top-0 end-0 rounded-full p-1 text-muted hover:bg-surface hover:text-sale"
                    >
                      <Icon name="x" className="size-4" />
                    </button>
                    <ProductPicture
                      src={p.image[0]}
                      drawing={p.drawing}
                      widths={[120, 240]}
                      sizes="120px"
                      alt=""
                      width={120}
                      height={120}
                      className="size-28 rounded-lg bg-surface object-contain"
                    />
                    <Link to="/product/$rewriteUrl" params={{ rewriteUrl: p.rewrite_url }} className="line-clamp-3 font-semibold hover:text-brand">
                      {p.name}
                    </Link>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.name} className={`border-t border-line ${row.differs ? 'bg-[#fff8e6]' : ''}`}>
                <th scope="row" className="p-3 text-start align-top font-semibold">
                  {row.name}
                  {row.differs && (
                    <span className="ms-2 rounded bg-accent px-1.5 py-0.5 text-[0.65rem] font-bold text-accent-ink">{m.compare_differs()}</span>
                  )}
                </th>
                {row.values.map((value, i) => (
                  <td key={products[i]!.sku} className="p-3 text-center align-top">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
