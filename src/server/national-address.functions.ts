/**
 * The short-address lookup at checkout (docs/product.md, "Checkout"): the address Saudi Post keeps for it, through
 * the Direct API's `GET /national-address/{shortAddress}`. Loads only with /checkout.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { locale } from '../domain/schemas'
import { shopperSession } from './commerce-session.server'

export const lookUpShortAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, shortAddress: 'string <= 20' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api['national-address'][':shortAddress'].$get({ param: { shortAddress: data.shortAddress } }),
    ),
  )
