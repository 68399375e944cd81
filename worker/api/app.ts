/** The Hono app behind /api/*: one sub-app per resource, one error path. */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serverLimits } from '../../app.config'
import { accountApi } from './account'
import { cartApi } from './cart-proxy-routes'
import { catalogueApi } from './frame-proxy-routes'
import { ApiError, onApiError, onNotFound } from './errors'
import { healthApi } from './health'
import { newsletterApi } from './newsletter'
import { opsApi } from './ops'
import { opsCartsApi } from './ops-carts'
import { opsCustomersApi } from './ops-customers'
import { cartLinksApi } from './cart-links'
import { privacyApi } from './privacy'
import { sameSiteStateChanges } from './same-site'

export const apiApp = new Hono<{ Bindings: Env }>()
  .basePath('/api')
  .use(
    bodyLimit({
      maxSize: serverLimits.anonymousWrites.maxBodyBytes,
      onError: () => {
        throw new ApiError(413, 'payload_too_large')
      },
    }),
  )
  .use(sameSiteStateChanges())
  .route('/', healthApi)
  .route('/', catalogueApi)
  .route('/', newsletterApi)
  .route('/', privacyApi)
  .route('/', cartApi)
  .route('/', accountApi)
  .route('/', opsApi)
  .route('/', opsCustomersApi)
  .route('/', opsCartsApi)
  .route('/', cartLinksApi)

apiApp.onError(onApiError)
apiApp.notFound(onNotFound)
