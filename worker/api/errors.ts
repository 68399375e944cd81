/**
 * One error path for the Hono apps: known errors become JSON with a status, a message in the
 * shopper's language and a stable code; unknown ones are logged with the request id as a generic 500.
 */
import type { Locale } from '../../app.config'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { m } from '../../src/paraglide/messages.js'
import { currentRequestId } from '../http/request-context'
import { isStorageOutage, outageRetryAfterSeconds } from '../http/outage'
import { requestLocale } from './locale'

type ErrorCode =
  | 'bad_request'
  | 'not_found'
  | 'payload_too_large'
  | 'cross_site'
  | 'scripts_only'
  | 'rate_limited'
  | 'unavailable'
  | 'internal'
  // Reviews (worker/api/reviews.ts).
  | 'review_link_invalid'
  | 'review_not_yours'
  | 'review_done'
  | 'review_pictures_too_many'
  | 'review_picture_too_large'
  | 'review_picture_type'
  | 'vote_done'
  // The merchant console's (worker/api/ops.ts).
  | 'forbidden'
  | 'sign_in_failed'
  | 'locked'
  | 'invite_invalid'
  | 'code_invalid'
  | 'staff_exists'
  | 'last_owner'
  // The console's catalogue import (worker/api/ops-import.ts).
  | 'import_running'

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly issues: string[] = [],
  ) {
    super(code)
  }
}

function localisedMessage(code: ErrorCode, locale: Locale): string {
  switch (code) {
    case 'bad_request':
      return m.error_bad_request({}, { locale })
    case 'not_found':
      return m.error_not_found_api({}, { locale })
    case 'payload_too_large':
      return m.error_payload_too_large({}, { locale })
    case 'cross_site':
      return m.error_cross_site({}, { locale })
    case 'scripts_only':
      return m.error_scripts_only({}, { locale })
    case 'rate_limited':
      return m.error_rate_limited({}, { locale })
    case 'unavailable':
      return m.error_unavailable({}, { locale })
    case 'review_link_invalid':
      return m.error_review_link_invalid({}, { locale })
    case 'review_not_yours':
      return m.error_review_not_yours({}, { locale })
    case 'review_done':
      return m.error_review_done({}, { locale })
    case 'review_pictures_too_many':
      return m.error_review_pictures_too_many({}, { locale })
    case 'review_picture_too_large':
      return m.error_review_picture_too_large({}, { locale })
    case 'review_picture_type':
      return m.error_review_picture_type({}, { locale })
    case 'vote_done':
      return m.error_vote_done({}, { locale })
    case 'forbidden':
      return m.error_forbidden({}, { locale })
    case 'sign_in_failed':
      return m.error_sign_in_failed({}, { locale })
    case 'locked':
      return m.error_locked({}, { locale })
    case 'invite_invalid':
      return m.error_invite_invalid({}, { locale })
    case 'code_invalid':
      return m.error_code_invalid({}, { locale })
    case 'staff_exists':
      return m.error_staff_exists({}, { locale })
    case 'last_owner':
      return m.error_last_owner({}, { locale })
    case 'import_running':
      return m.error_import_running({}, { locale })
    default:
      return m.error_internal({}, { locale })
  }
}

export function errorBody(c: Context, status: number, code: ErrorCode, issues: string[] = []) {
  return {
    error: { status, code, message: localisedMessage(code, requestLocale(c)), issues, requestId: currentRequestId() },
  }
}

export function onApiError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return c.json(errorBody(c, error.status, error.code, error.issues), error.status)
  if (error instanceof HTTPException && error.status < 500) {
    const code: ErrorCode = error.status === 413 ? 'payload_too_large' : 'bad_request'
    return c.json(errorBody(c, error.status, code, [error.message].filter(Boolean)), error.status)
  }
  console.error(JSON.stringify({ level: 'error', id: currentRequestId(), message: error.message, stack: error.stack }))
  if (isStorageOutage(error)) {
    c.header('retry-after', String(outageRetryAfterSeconds))
    return c.json(errorBody(c, 503, 'unavailable'), 503)
  }
  return c.json(errorBody(c, 500, 'internal'), 500)
}

export function onNotFound(c: Context): Response {
  return c.json(errorBody(c, 404, 'not_found'), 404)
}
