/**
 * Product page (/product/{rewrite_url}, docs/product.md, "Screens", "Calls" and "Rules"): gallery, brand, name, price with
 * its discount, VAT note, stock and delivery dates for the chosen city, options, services, Add to Cart
 * and Buy now, the instalment promo, description, specifications and related products.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { productSlug } from '../domain/catalogue'
import type { ProductSummary, ProductVariant } from '../domain/product'
import { shownVariant, specificationsWith } from '../domain/variants'
import { useAtomValue, useStore } from 'jotai'
import { Suspense, useEffect, useEffectEvent, useMemo } from 'react'
import { lazyPart, usePreloadWhenIdle } from '../lib/lazy-part'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { JsonLd } from '../components/JsonLd'
import { Price } from '../components/Price'
import { CompareButton } from '../components/product/CompareButton'
import { ProductLabels } from '../components/product/ProductLabels'
import { RotatingMessages } from '../components/product/RotatingMessages'
import { stockLabel } from '../components/product/stock-label'
import { WishlistButton } from '../components/product/WishlistButton'
import { DeliveryDates } from '../components/product-page/DeliveryDates'
import { InstallmentPromo, LazyInstallmentDialog } from '../components/product-page/InstallmentPromo'
import { ProductGallery } from '../components/product-page/ProductGallery'
import { ProductPurchase } from '../components/product-page/ProductPurchase'
import { StickyAddToCart } from '../components/product-page/StickyAddToCart'
import { LazyRecentlyViewed } from '../components/frame/LazyFrame'
import { currentLocale } from '../lib/i18n'
import { pricesWithTax } from '../domain/pricing'
import { openGraph } from '../lib/seo'
import { stockState } from '../domain/stock'
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from '../lib/structured-data'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { sessionQueries } from '../queries/session'
import { regionIdAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'
import { recordViewed } from '../lib/viewed-store'

/**
 * The reviews and the related products are drawn on the server and their code follows the page's (first-load JS): the
 * page hydrates without them, and each hydrates when its chunk arrives, as the footer does
 * (src/components/frame/LazyFrame.tsx). Only parts whose props a choice of variant leaves alone: a part still
 * waiting for its code would hold that tap's update until the code arrives.
 */
const ReviewsSection = lazyPart(() => import('../components/reviews/ReviewsSection').then((module) => module.ReviewsSection))
const RelatedProducts = lazyPart(() => import('../components/product-page/RelatedProducts').then((module) => module.RelatedProducts))

export const Route = createFileRoute('/product/$rewriteUrl')({
  // docs/product.md, "Screens": an optional queryID names the search the shopper came from; a variant's SKU names the
  // variant chosen (docs/decisions/0020-variants-are-products.md), so a choice can be shared and the back button undoes it.
  validateSearch: (input: Record<string, unknown>): ProductSearch => ({
    ...(typeof input.queryID === 'string' && /^[0-9a-f]{32}$/.test(input.queryID) ? { queryID: input.queryID } : {}),
    ...(typeof input.variant === 'string' && variantParam.test(input.variant) ? { variant: input.variant } : {}),
  }),
  loader: ({ context, params }) => {
    // A path no product can have (x.png) is the not-found page at once.
    if (!productSlug.test(params.rewriteUrl)) throw notFound()
    return context.queryClient.query({ ...catalogueQueries.product(context.locale, context.prefs.regionId, params.rewriteUrl), staleTime: 'static' })
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return { meta: [] }
    const product = withVariant(loaderData.product, match.search.variant)
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
  usePageHydrated()
  usePreloadWhenIdle(ReviewsSection, RelatedProducts)
  const { locale } = Route.useRouteContext()
  const { rewriteUrl } = Route.useParams()
  const { queryID, variant: requested } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(catalogueQueries.product(locale, useAtomValue(regionIdAtom), rewriteUrl))
  const { product: parent, related } = data
  // The page shows the chosen variant throughout; the parent stays what is wished for, compared and reported.
  const product = withVariant(parent, requested)
  const chooseVariant = (sku: string) => void navigate({ search: (search) => ({ ...search, variant: sku }), resetScroll: false })
  // One Date per answer: the related products hydrate late, and new props would make a variant's tap wait for them.
  const now = useMemo(() => new Date(data.now), [data.now])
  const session = useQuery(sessionQueries.current())
  const sessionKnown = !session.isPending
  // Who is looking is read when the view is sent: signing in on the page is not a second view.
  // Its code loads after the page has drawn: the page does not need it to show or be used (first-load JS).
  const sendView = useEffectEvent((sku: string) => {
    const userId = session.data?.user.id
    void import('../lib/personalisation').then(({ sendPersonalisationEvent }) => sendPersonalisationEvent('view', sku, userId))
  })
  useEffect(() => {
    // Once per product, as soon as it is known who is looking.
    if (sessionKnown) sendView(parent.sku)
  }, [parent.sku, sessionKnown])
  // Recently viewed keeps the parent, as wished for and compared, at its price now (docs/product.md, "Recently viewed").
  const store = useStore()
  const recordView = useEffectEvent(() =>
    recordViewed(store, {
      sku: parent.sku,
      rewriteUrl: parent.rewrite_url,
      names: { [locale]: parent.name },
      price: pricesWithTax(parent, now).price,
      image: parent.image[0] ?? null,
    }),
  )
  useEffect(() => recordView(), [parent.sku])
  const prices = pricesWithTax(product, now)
  const state = stockState(product)
  const trail = [
    { name: m.breadcrumb_home(), path: '/' },
    { name: product.main_category.name, path: `/${product.main_category.url_key}` },
    { name: parent.name, path: `/product/${parent.rewrite_url}` },
  ]
  return (
    <div className="mx-auto max-w-content px-4 py-4">
      <JsonLd text={import.meta.env.SSR ? jsonLdText(productJsonLd(parent, pricesWithTax(parent, now).price, locale)) : ''} />
      <JsonLd text={import.meta.env.SSR ? jsonLdText(breadcrumbJsonLd(trail, locale)) : ''} />
      <Breadcrumbs items={[{ label: product.main_category.name, to: `/${product.main_category.url_key}` }, { label: product.name }]} />
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="relative self-start lg:sticky lg:top-4">
          {/* A new variant's pictures start from its first. */}
          <ProductGallery key={product.variant_sku} images={product.image} name={product.name} drawing={product.drawing} />
          <ProductLabels labels={product.labels} now={now} view="product" />
        </div>
        <div className="grid content-start gap-5">
          <div>
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
              <div className="flex items-center gap-2">
                <CompareButton sku={parent.sku} name={parent.name} />
                <WishlistButton
                  sku={parent.sku}
                  name={parent.name}
                  onAdded={queryID ? () => void reportAfterSearch(queryID, parent.entity_id, 'Product Added To Wishlist') : undefined}
                />
              </div>
            </div>
            <h1 className="mt-1 text-2xl leading-snug font-bold lg:text-3xl">{product.name}</h1>
            <p className="mt-1 text-xs text-muted">
              {`${m.product_sku()}: `}
              <bdi dir="ltr">{product.variant_sku ?? product.sku}</bdi>
            </p>
          </div>
          <div>
            <div className="flex flex-wrap items-baseline gap-3">
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
            {prices.discounted_price !== null && (
              <p className="mt-1 text-sm font-semibold text-sale">
                {m.product_you_save()} <Price amount={prices.discount_amount} />
              </p>
            )}
            <p className="mt-1 text-sm text-muted">{m.product_vat_included()}</p>
            <p className={`mt-2 font-semibold ${state === 'in_stock' ? 'text-[#00683a]' : state === 'out_of_stock' ? 'text-sale' : ''}`}>
              {stockLabel[state]()}
            </p>
            {state === 'preorder' && product.preorder_note && <p className="mt-1 text-sm text-muted">{product.preorder_note}</p>}
            <RotatingMessages messages={product.messages} />
          </div>
          {/* Nothing to pay for online, so no instalments (issue 42, item 2). */}
          <InstallmentPromo
            price={prices.price}
            eligible={{ tabby: product.eligible_for_tabby && !product.not_for_sale, tamara: product.eligible_for_tamara && !product.not_for_sale }}
          />
          <StickyAddToCart product={product} price={prices.price}>
            <ProductPurchase
              product={product}
              onChooseVariant={chooseVariant}
              onAdded={queryID ? (itemId) => void reportAfterSearch(queryID, parent.entity_id, 'Product Added To Cart', itemId) : undefined}
            />
          </StickyAddToCart>
          {state !== 'not_for_sale' && <DeliveryDates product={product} dates={product.delivery_dates} showDates={state === 'in_stock'} />}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="mb-2 text-lg font-bold">
              {m.product_description()}
            </h2>
            <p className="leading-relaxed text-muted">{product.description}</p>
          </section>
          <section aria-labelledby="specifications-heading">
            <h2 id="specifications-heading" className="mb-2 text-lg font-bold">
              {m.product_specifications()}
            </h2>
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
          </section>
          <Suspense fallback={null}>
            <ReviewsSection sku={parent.sku} rating={parent.rating} />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={null}>
        <RelatedProducts products={related} urlKey={product.main_category.url_key} now={now} />
      </Suspense>
      <LazyRecentlyViewed exceptSku={parent.sku} />
      <LazyInstallmentDialog price={prices.price} />
    </div>
  )
}

interface ProductSearch {
  queryID?: string
  variant?: string
}

/** A variant's SKU as the address carries it (the SKU pattern of src/domain/schemas.ts, read without arktype: docs/decisions/0001). */
const variantParam = /^[A-Za-z0-9-]{1,64}$/

type VariantOwner = ProductSummary & {
  description: string
  specifications: { name: string; value: string }[]
  variants: ProductVariant[]
  opening_variant: string | null
}

/**
 * The product as its page shows it: the parent with the chosen variant's name, pictures, price, stock, delivery,
 * description and specifications in place (docs/decisions/0020-variants-are-products.md). The SKU stays the parent's,
 * the one the cart is asked for with the options; `variant_sku` is the variant's own. A SKU naming no variant of
 * this product leaves the page on the one it opens on.
 */
function withVariant<P extends VariantOwner>(
  product: P,
  requested: string | undefined,
): P & { variant_sku?: string; chosen?: Record<string, number> } {
  const variant = shownVariant(product.variants, requested, product.opening_variant)
  if (!variant) return product
  const { sku, values, specifications, ...own } = variant
  return { ...product, ...own, specifications: specificationsWith(product.specifications, specifications), variant_sku: sku, chosen: values }
}

/**
 * An add to the cart or the wishlist after a search (docs/product.md, "Validation"): a conversion event for the
 * search's index; a cart line is also kept in searchSourceItems for the purchase event. The analytics
 * code loads only when there is something to report.
 */
async function reportAfterSearch(queryID: string, entityId: number, eventName: string, cartItemId?: number) {
  const insights = await import('../lib/search-insights')
  const source = insights.searchSourceFor(queryID)
  if (!source) return
  if (cartItemId !== undefined) insights.addSearchSourceItem({ item_id: cartItemId, queryID, indexName: source.indexName, entity_id: entityId })
  insights.sendSearchEvent(source.hosted, {
    eventType: 'conversion',
    ...(cartItemId !== undefined ? { eventSubtype: 'addToCart' as const } : {}),
    eventName,
    index: source.indexName,
    queryID,
    objectIDs: [String(entityId)],
  })
}
