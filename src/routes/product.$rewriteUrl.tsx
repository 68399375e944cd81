/**
 * Product page (/product/{rewrite_url}): picture, brand, name, price with its discount, stock in the
 * chosen city, description and specifications. Buy now, options, fees and delivery dates arrive
 * with the browsing issue.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { Price } from '../components/Price'
import { AddToCartButton } from '../components/product/AddToCartButton'
import { stockLabel } from '../components/product/stock-label'
import { currentLocale } from '../lib/i18n'
import { sendPersonalisationEvent } from '../lib/personalisation'
import { openGraph } from '../lib/seo'
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from '../lib/structured-data'
import { pricesWithTax } from '../lib/pricing'
import { stockState } from '../lib/stock'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { sessionQueries } from '../queries/session'
import { regionIdAtom } from '../state/shopper'

export const Route = createFileRoute('/product/$rewriteUrl')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(catalogueQueries.product(context.locale, context.prefs.regionId, params.rewriteUrl)),
  head: ({ loaderData }) => {
    if (!loaderData) return { meta: [] }
    const { product } = loaderData
    return {
      meta: [
        { title: m.product_title({ name: product.name }) },
        { name: 'description', content: product.description },
        ...openGraph({ title: product.name, description: product.description, image: product.image[0], type: 'product' }, currentLocale()),
      ],
    }
  },
  component: ProductPage,
})

function ProductPage() {
  const { locale } = Route.useRouteContext()
  const { rewriteUrl } = Route.useParams()
  const { data } = useSuspenseQuery(catalogueQueries.product(locale, useAtomValue(regionIdAtom), rewriteUrl))
  const { product } = data
  const session = useQuery(sessionQueries.current())
  const sessionKnown = !session.isPending
  useEffect(() => {
    // Once per product, as soon as it is known who is looking.
    if (sessionKnown) sendPersonalisationEvent('view', product.sku, session.data?.user.id)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.sku, sessionKnown])
  const prices = pricesWithTax(product, new Date(data.now))
  const state = stockLabel[stockState(product)]()
  const trail = [
    { name: m.breadcrumb_home(), path: '/' },
    { name: product.main_category.name, path: `/${product.main_category.url_key}` },
    { name: product.name, path: `/product/${product.rewrite_url}` },
  ]
  return (
    <div className="mx-auto max-w-content px-4 py-4">
      {/* Structured data for search engines (data blocks: never executed, so the CSP does not apply). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(productJsonLd(product, prices.price, locale)) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(breadcrumbJsonLd(trail, locale)) }} />
      <Breadcrumbs items={[{ label: product.main_category.name, to: `/${product.main_category.url_key}` }, { label: product.name }]} />
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="grid gap-3">
          <img src={product.image[0]} alt={product.name} width={400} height={400} fetchPriority="high" className="aspect-square w-full rounded-2xl bg-white object-contain" />
          {product.image.length > 1 && (
            <ul className="grid grid-cols-4 gap-2">
              {product.image.slice(1).map((src) => (
                <li key={src}>
                  <img src={src} alt="" width={400} height={400} loading="lazy" className="aspect-square w-full rounded-lg bg-white object-contain" />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
          <h1 className="mt-1 text-2xl leading-snug font-bold lg:text-3xl">{product.name}</h1>
          <p className="mt-1 text-xs text-muted">
            {`${m.product_sku()}: `}
            <bdi dir="ltr">{product.sku}</bdi>
          </p>
          <div className="mt-4 flex flex-wrap items-baseline gap-3">
            <Price amount={prices.price} className={`text-3xl font-extrabold ${prices.discounted_price !== null ? 'text-sale' : ''}`} />
            {prices.discounted_price !== null && (
              <>
                <Price amount={prices.original_price} was className="text-lg text-muted" />
                <span className="rounded-md bg-sale px-2 py-0.5 text-sm font-bold text-white">
                  {m.product_discount_percent({ percent: prices.discounted_percentage })}
                </span>
              </>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{m.product_vat_included()}</p>
          <p className="mt-4 font-semibold">{state}</p>
          {product.type_id === 'simple' && (
            <div className="mt-4 max-w-sm">
              <AddToCartButton product={product} onProductPage />
            </div>
          )}
          <h2 className="mt-8 mb-2 text-lg font-bold">{m.product_description()}</h2>
          <p className="leading-relaxed text-muted">{product.description}</p>
          <h2 className="mt-8 mb-2 text-lg font-bold">{m.product_specifications()}</h2>
          <table className="w-full overflow-hidden rounded-lg bg-white text-sm">
            <tbody>
              {product.specifications.map((spec) => (
                <tr key={spec.name} className="border-b border-line last:border-0">
                  <th scope="row" className="w-1/3 bg-surface px-4 py-2 text-start font-medium">
                    {spec.name}
                  </th>
                  <td className="px-4 py-2">{spec.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  )
}
