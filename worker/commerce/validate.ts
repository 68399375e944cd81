/** arktype validation for Direct API routes, with the Direct API's error shape. */
import type { Locale } from '../../app.config'
import { arktypeValidator } from '@hono/arktype-validator'
import type { Type } from 'arktype'
import type { ValidationTargets } from 'hono'
import { commerceErrorBody } from './errors'

export function validate<T extends Type, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return arktypeValidator(target, schema, (result, c) => {
    if (!result.success) {
      const locale = (c.get('locale' as never) as Locale | undefined) ?? 'ar'
      return c.json(
        commerceErrorBody(
          locale,
          'bad_request',
          undefined,
          result.errors.map((e) => e.message),
        ),
        400,
      )
    }
  })
}
