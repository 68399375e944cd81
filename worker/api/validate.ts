/**
 * arktype validation for Hono routes with the API's error shape: a 400 whose message is in the
 * shopper's language and whose issues say exactly what was wrong.
 */
import { arktypeValidator } from '@hono/arktype-validator'
import type { Type } from 'arktype'
import type { ValidationTargets } from 'hono'
import { errorBody } from './errors'

export function validate<T extends Type, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return arktypeValidator(target, schema, (result, c) => {
    if (!result.success)
      return c.json(
        errorBody(
          c,
          400,
          'bad_request',
          result.errors.map((e) => e.message),
        ),
        400,
      )
  })
}
