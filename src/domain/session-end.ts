/**
 * The backend's answer to a customer token that is expired, revoked or unknown (docs/product.md, "Errors"):
 * HTTP 401 with the Magento-style message below (placeholders in the message, values in `parameters`). It is
 * the wire contract the storefront matches, not a text for shoppers: they read `session_ended` in their own
 * language, and the storefront drops the session (a forced sign-out).
 */
import type { Failure } from './settled'

export const unauthorizedWireMessage = "The consumer isn't authorized to access %resources."

const unauthorizedPhrase = "The consumer isn't authorized to access"

export function isUnauthorized(error: Failure | null | undefined): boolean {
  return error?.status === 401 && (error.code === 'unauthorized' || error.message.includes(unauthorizedPhrase))
}
