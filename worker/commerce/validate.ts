/** arktype validation for Direct API routes, with the Direct API's error shape. */
import type { Locale } from '../../app.config'
import { arktypeValidator } from '@hono/arktype-validator'
import type { Type } from 'arktype'
import type { Context, ValidationTargets } from 'hono'
import { CommerceError, commerceErrorBody } from './errors'

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

/**
 * A posted form's fields; a body that is no form (a broken multipart body, say) is the sender's mistake, a 400, never
 * a 500 (issue 43, L3).
 */
export async function formFields(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  try {
    return await c.req.parseBody()
  } catch {
    throw new CommerceError(400, 'bad_request')
  }
}
