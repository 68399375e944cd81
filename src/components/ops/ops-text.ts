/**
 * The console's words for what the API answers (worker/api/ops.ts): error codes, roles, steps, queues and statuses,
 * each a message in both languages.
 */
import type { Courier, FulfilmentStep } from '../../domain/fulfilment'
import type { OrderQueue, PaymentCode } from '../../domain/order'
import type { StaffRole } from '../../domain/staff'
import { m } from '../../paraglide/messages.js'
import { OpsError } from '../../queries/ops'

export function opsErrorText(error: unknown): string {
  const code = error instanceof OpsError ? error.code : 'internal'
  switch (code) {
    case 'sign_in_failed':
      return m.error_sign_in_failed()
    case 'locked':
      return m.error_locked()
    case 'invite_invalid':
      return m.error_invite_invalid()
    case 'code_invalid':
      return m.error_code_invalid()
    case 'staff_exists':
      return m.error_staff_exists()
    case 'last_owner':
      return m.error_last_owner()
    case 'import_running':
      return m.error_import_running()
    case 'forbidden':
      return m.error_forbidden()
    case 'rate_limited':
      return m.error_rate_limited()
    case 'not_found':
      return m.ops_not_found()
    case 'bad_request':
      return error instanceof OpsError && error.status === 409 ? m.ops_step_refused() : m.error_bad_request()
    default:
      return m.error_internal()
  }
}

export const roleText: Record<StaffRole, () => string> = {
  owner: m.ops_role_owner,
  operations: m.ops_role_operations,
  catalogue: m.ops_role_catalogue,
  support: m.ops_role_support,
}

export const stepText: Record<FulfilmentStep, () => string> = {
  confirm: m.ops_step_confirm,
  prepare: m.ops_step_prepare,
  ship: m.ops_step_ship,
  ready: m.ops_step_ready,
  deliver: m.ops_step_deliver,
  cancel: m.ops_step_cancel,
}

export const queueText: Record<OrderQueue, () => string> = {
  to_confirm: m.ops_queue_to_confirm,
  to_prepare: m.ops_queue_to_prepare,
  to_ship: m.ops_queue_to_ship,
  ready_for_pickup: m.ops_queue_ready_for_pickup,
  returns: m.ops_queue_returns,
  refunds_failed: m.ops_queue_refunds_failed,
}

const statusTexts: Record<string, () => string> = {
  pending_payment: m.ops_status_pending_payment,
  processing: m.ops_status_processing,
  complete: m.ops_status_complete,
  canceled: m.ops_status_canceled,
}
export const statusText = (status: string) => statusTexts[status]?.() ?? status

/** The timeline's steps (order_events.status) as the console names them. */
const eventTexts: Record<string, () => string> = {
  placed: m.ops_event_placed,
  paid: m.ops_event_paid,
  confirmed: m.ops_event_confirmed,
  preparing: m.ops_event_preparing,
  shipped: m.ops_event_shipped,
  ready_for_pickup: m.ops_event_ready_for_pickup,
  delivered: m.ops_event_delivered,
  canceled: m.ops_event_canceled,
  refunded: m.ops_event_refunded,
  return_requested: m.ops_event_return_requested,
  return_accepted: m.order_step_return_accepted,
  return_refused: m.order_step_return_refused,
  return_received: m.order_step_return_received,
}
export const eventText = (status: string) => eventTexts[status]?.() ?? status

/** The step of the timeline each console step writes: how "already done" finds who did it. */
export const eventOfStep: Record<FulfilmentStep, string> = {
  confirm: 'confirmed',
  prepare: 'preparing',
  ship: 'shipped',
  ready: 'ready_for_pickup',
  deliver: 'delivered',
  cancel: 'canceled',
}

/** The audit trail's actions (worker/api/ops.ts `auditOf`) as the console names them; an unknown one as it is stored. */
const actionTexts: Record<string, () => string> = {
  'staff.invite': m.ops_action_staff_invite,
  'staff.join': m.ops_action_staff_join,
  'staff.update': m.ops_action_staff_update,
  'staff.sign_out_everywhere': m.ops_action_staff_sign_out_everywhere,
  'order.refund': m.ops_action_order_refund,
  'order.refund_retry': m.ops_action_order_refund_retry,
  'order.resend_message': m.ops_action_order_resend_message,
  'return.accept': m.ops_action_return_accept,
  'return.refuse': m.ops_action_return_refuse,
  'return.receive': m.ops_action_return_receive,
  'data_request.answered': m.ops_action_data_request_answered,
  'zatca.onboard': m.ops_action_zatca_onboard,
  'product.edit': m.ops_action_product_edit,
  'stock.change': m.ops_action_stock_change,
  'catalogue.import.upload': m.ops_action_import_upload,
  'catalogue.import.confirm': m.ops_action_import_confirm,
  'catalogue.import.finish': m.ops_action_import_finish,
  'catalogue.import.fail': m.ops_action_import_fail,
  'coupon.create': m.ops_action_coupon_create,
  'coupon.edit': m.ops_action_coupon_edit,
  'coupon.pause': m.ops_action_coupon_pause,
  'coupon.resume': m.ops_action_coupon_resume,
  'coupon.expire': m.ops_action_coupon_expire,
  'coupon.mint': m.ops_action_coupon_mint,
  'review.approve': m.ops_action_review_approve,
  'review.reject': m.ops_action_review_reject,
  'review.answer': m.ops_action_review_answer,
  'cart.remind': m.ops_action_cart_remind,
  'cart.payment_link': m.ops_action_cart_payment_link,
  'customer.send_code': m.ops_action_customer_send_code,
  ...Object.fromEntries(Object.entries(stepText).map(([step, text]) => [`order.${step}`, () => m.ops_action_order_step({ step: text() })])),
}
export const auditActions = Object.keys(actionTexts)
export const actionText = (action: string) => actionTexts[action]?.() ?? action

/** Payment methods as the console names them: the checkout's own words. */
export const methodText: Record<PaymentCode, () => string> = {
  cashondelivery: m.checkout_pay_cashondelivery,
  card: m.checkout_pay_card,
  tabby: m.checkout_pay_tabby,
  tamara: m.checkout_pay_tamara,
  free: m.checkout_pay_free,
}

/** Couriers as the console names them: the buyer's messages' own words. */
export const courierText: Record<Courier, () => string> = {
  aramex: m.courier_aramex,
  smsa: m.courier_smsa,
  dhl: m.courier_dhl,
  spl: m.courier_spl,
  store: m.courier_store,
}
