/** The Hono app behind /api/*: one sub-app per resource, one error path. */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serverLimits } from '../../config/server-limits'
import { accountApi } from './account'
import { cartApi } from './cart-proxy-routes'
import { catalogueApi } from './frame-proxy-routes'
import { ApiError, onApiError, onNotFound } from './errors'
import { healthApi } from './health'
import { newsletterApi } from './newsletter'
import { opsApi } from './ops'
import { opsProductsApi } from './ops-products'
import { opsCouponsApi } from './ops-coupons'
import { importUploadPath, opsImportApi } from './ops-import'
import { opsCartsApi } from './ops-carts'
import { opsCustomersApi } from './ops-customers'
import { opsReviewsApi } from './ops-reviews'
import { cartLinksApi } from './cart-links'
import { stockAlertsApi } from './stock-alerts'
import { privacyApi } from './privacy'
import { reviewsApi, reviewUploadPath } from './reviews'
import { messageChannelApi } from './message-channel'
import { whatsappApi } from './whatsapp'
import { sameSiteStateChanges } from './same-site'

const anonymousBodyLimit = bodyLimit({
  maxSize: serverLimits.anonymousWrites.maxBodyBytes,
  onError: () => {
    throw new ApiError(413, 'payload_too_large')
  },
})

const isMultipartRequest = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? '')

export const apiApp = new Hono<{ Bindings: Env }>()
  .basePath('/api')
  .use((c, next) =>
    // The console's catalogue upload has its own, larger limit (worker/api/ops-import.ts), behind its permission; a
    // review with pictures has its own too (worker/api/reviews.ts), counted per address before its body is read.
    c.req.method === 'POST' &&
    (c.req.path === importUploadPath || (c.req.path === reviewUploadPath && isMultipartRequest(c.req.header('content-type'))))
      ? next()
      : anonymousBodyLimit(c, next),
  )
  .use(sameSiteStateChanges())
  .route('/', healthApi)
  .route('/', catalogueApi)
  .route('/', newsletterApi)
  .route('/', privacyApi)
  .route('/', reviewsApi)
  .route('/', whatsappApi)
  .route('/', cartApi)
  .route('/', accountApi)
  .route('/', messageChannelApi)
  .route('/', opsApi)
  .route('/', opsProductsApi)
  .route('/', opsCouponsApi)
  .route('/', opsImportApi)
  .route('/', opsCustomersApi)
  .route('/', opsReviewsApi)
  .route('/', opsCartsApi)
  .route('/', cartLinksApi)
  .route('/', stockAlertsApi)

apiApp.onError(onApiError)
apiApp.notFound(onNotFound)
