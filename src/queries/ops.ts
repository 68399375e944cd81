/**
 * The merchant console's reads and changes (docs/product.md, "The merchant console"), over the ops API
 * (worker/api/ops.ts) from the browser, where the staff member's cookie is. A refusal arrives as an `OpsError` with the
 * API's code, which the screens say in the staff member's language (src/components/ops/ops-text.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SalesNumbers } from '../domain/numbers'
import type { Courier, FulfilmentStep } from '../domain/fulfilment'
import type { CreditNoteSummary } from '../domain/invoice'
import type { OrderQueue } from '../domain/order'
import type { RefundMethod, RefundUnits } from '../domain/refunds'
import type { StaffReturnRequest } from '../domain/returns'
import type { Actor, Permission, StaffRole } from '../domain/staff'
import { currentLocale } from '../lib/i18n'

/** What a refusal may carry besides its code: the API's words in the staff member's language, the fields it names,
 *  who changed a record a stale save missed, the step an onboarding stopped at. */
export interface OpsRefusal {
  message?: string
  fields?: Record<string, string>
  changed_by?: string | null
  step?: string
}

export class OpsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly issues: string[] = [],
    readonly refusal: OpsRefusal = {},
  ) {
    super(code)
  }

  get fields(): Record<string, string> {
    return this.refusal.fields ?? {}
  }
}

/** The one call of the ops API: JSON or an upload's form in, the answer's `data` out, a refusal thrown as `OpsError`.
 *  `lang` asks for the refusal's words in the page's language (worker/api/locale.ts). */
export async function ops<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData)
  const response = await fetch(`/api/ops${path}${path.includes('?') ? '&' : '?'}lang=${currentLocale()}`, {
    method,
    credentials: 'same-origin',
    headers: json ? { 'content-type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  })
  const answer = (await response.json().catch(() => ({}))) as { data?: T; error?: { code?: string; issues?: string[] } & OpsRefusal }
  if (!response.ok || answer.data === undefined) {
    const { code, issues, ...refusal } = answer.error ?? {}
    throw new OpsError(response.status, code ?? 'internal', issues ?? [], refusal)
  }
  return answer.data
}

export interface Me extends Actor {
  permissions: Permission[]
}

export interface OpsOrderRow {
  order: string
  placed_at: string
  /** Null once the retention schedule has removed the buyer's contacts. */
  customer: string | null
  phone: string | null
  email: string
  region_id: number
  payment_method: string
  shipping_method: string | null
  status: string
  grand_total: number
  next: FulfilmentStep | null
}

export interface OrderFilter {
  queue?: OrderQueue
  q?: string
  status?: string
  method?: string
  from?: string
  to?: string
  /** The page that starts after this order's id (src/components/ops/Pager.tsx). */
  before?: number
}

export interface AuditFilter {
  actor?: string
  action?: string
  from?: string
  to?: string
  before?: number
}

const pageSearch = (filter: OrderFilter | AuditFilter): Record<string, string | undefined> => ({
  ...filter,
  before: filter.before ? String(filter.before) : undefined,
})

export interface OpsOrderDetail {
  order: {
    increment_id: string
    created_at: string
    status: string
    payment_method: string
    shipping_method: string | null
    /** Null once the retention schedule has removed the buyer's contacts (docs/decisions/0028-personal-data-kept.md). */
    customer_name: string | null
    phone: string | null
    email: string
    locale: string
    grand_total: number
    subtotal: number
    discount: number
    delivery: number
    vat: number
    delivery_date: string | null
    shipping_address: string | null
    items: { name: string; sku: string; qty: number; price: number; row_total: number; parent_sku: string | null }[]
    events: { status: string; at: string; actor: string | null }[]
    shipment: { courier: string; tracking_number: string; shipped_at: string } | null
    return_request: StaffReturnRequest | null
  }
  audit: { id: number; at: string; actor_name: string; action: string }[]
  refunds: OpsRefund[]
  credit_notes: CreditNoteSummary[]
  payment: { provider: string | null; checkout_id: string | null; payment_id: string | null; captured_halalas: number; refunded_halalas: number }
  messages: {
    id: string
    channel: 'sms' | 'email' | 'whatsapp'
    template: string
    status: string
    attempts: number
    updated_at: string
    /** Finished, with its words kept: may be sent again (for `orders.resend`). */
    resendable: boolean
    /** How many times it was sent again: the resend says how many it saw, so a second press sends nothing more. */
    resends: number
  }[]
}

/** One refund of an order (worker/storage/refund-store.ts); amounts in halalas. */
export interface OpsRefund {
  id: number
  amount: number
  lines: RefundUnits[]
  delivery: boolean
  reason: string
  method: RefundMethod
  status: 'pending' | 'done' | 'failed'
  actor: string | null
  created_at: string
}

export type RefundBody = { key: string; reason: string; method: RefundMethod } & (
  { kind: 'whole' } | { kind: 'lines'; lines: RefundUnits[]; delivery: boolean; amount?: number } | { kind: 'amount'; amount: number }
)
type RefundResult = { outcome: 'done' | 'already' | 'failed' | 'pending'; refund: OpsRefund }
type ReturnStep = { step: 'accept' } | { step: 'refuse'; answer: string } | { step: 'receive'; lines: RefundUnits[] }

export interface StaffRow {
  id: number
  email: string
  name: string
  role: StaffRole
  active: boolean
  created_at: string
}

export interface AuditEntryRow {
  id: number
  at: string
  actor_kind: 'staff' | 'token'
  actor_name: string
  action: string
  subject_kind: string
  subject_id: string
  before_json: string | null
  after_json: string | null
}

const inBrowser = typeof window !== 'undefined'

const search = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])))
  return params.size ? `?${params}` : ''
}

export const opsQueries = {
  me: () =>
    queryOptions({
      queryKey: ['ops', 'me'],
      // Null when signed out: the console shows the sign-in form.
      queryFn: () => ops<Me | null>('GET', '/me'),
      enabled: inBrowser,
      staleTime: 60_000,
    }),
  orders: (filter: OrderFilter) =>
    queryOptions({
      queryKey: ['ops', 'orders', filter],
      queryFn: () =>
        ops<{ queues: Record<OrderQueue, number>; orders: OpsOrderRow[]; older: number | null }>('GET', `/orders${search(pageSearch(filter))}`),
      enabled: inBrowser,
      staleTime: 10_000,
    }),
  numbers: (days: number) =>
    queryOptions({
      queryKey: ['ops', 'numbers', days],
      queryFn: () =>
        ops<
          SalesNumbers & {
            attention: {
              to_confirm: number
              returns: number
              refunds_failed: number
              unreported_invoices: number
              dead_messages: number
              low_stock: number
            }
          }
        >('GET', `/numbers?days=${days}`),
      enabled: inBrowser,
      staleTime: 60_000,
    }),
  order: (number: string) =>
    queryOptions({
      queryKey: ['ops', 'order', number],
      queryFn: () => ops<OpsOrderDetail>('GET', `/orders/${encodeURIComponent(number)}`),
      enabled: inBrowser,
    }),
  staff: () => queryOptions({ queryKey: ['ops', 'staff'], queryFn: () => ops<{ staff: StaffRow[] }>('GET', '/staff'), enabled: inBrowser }),
  audit: (filter: AuditFilter) =>
    queryOptions({
      queryKey: ['ops', 'audit', filter],
      queryFn: () => ops<{ entries: AuditEntryRow[]; older: number | null }>('GET', `/audit${search(pageSearch(filter))}`),
      enabled: inBrowser,
    }),
  invite: (invite: string) =>
    queryOptions({
      // Outside ['ops']: a change reads the console again, never a spent invitation.
      queryKey: ['ops-join', invite],
      queryFn: () => ops<{ email: string; role: StaffRole; secret: string; uri: string; enrolment: string }>('GET', `/join${search({ invite })}`),
      enabled: inBrowser,
      staleTime: Infinity,
      retry: false,
    }),
}

/** A change: on success the console's cached reads are read again. */
export function useOpsChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation<Output, OpsError, Input>({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  })
}

export const useSignIn = () => useOpsChange((input: { email: string; password: string; code: string }) => ops('POST', '/sign-in', input))
export const useSignOut = () => useOpsChange(() => ops('POST', '/sign-out'))
export const useJoin = () =>
  useOpsChange((input: { invite: string; enrolment: string; name: string; password: string; code: string }) => ops('POST', '/join', input))
export const useOrderStep = (number: string) =>
  useOpsChange((input: { step: FulfilmentStep; parcel?: { courier: Courier; tracking_number: string } }) =>
    ops<{ outcome: 'done' | 'already'; refunded?: boolean }>('POST', `/orders/${encodeURIComponent(number)}/${input.step}`, input.parcel),
  )
export const useInvite = () =>
  useOpsChange((input: { email: string; role: StaffRole }) => ops<{ link: string; expires_in_hours: number }>('POST', '/staff/invite', input))
export const useStaffChange = () =>
  useOpsChange((input: { id: number; role: StaffRole; active: boolean }) =>
    ops('POST', `/staff/${input.id}`, { role: input.role, active: input.active }),
  )
export const useSignOutEverywhere = () => useOpsChange((id: number) => ops<{ ended: number }>('POST', `/staff/${id}/sign-out`))
export const useRefund = (number: string) =>
  useOpsChange((input: RefundBody) => ops<RefundResult>('POST', `/orders/${encodeURIComponent(number)}/refunds`, input))
export const useResendMessage = (number: string) =>
  useOpsChange((input: { id: string; seen: number }) =>
    ops<{ outcome: 'sent' | 'already' }>('POST', `/orders/${encodeURIComponent(number)}/messages/${encodeURIComponent(input.id)}/resend`, {
      seen: input.seen,
    }),
  )
export const useRetryDeadMessages = () => useOpsChange(() => ops<{ sent: number }>('POST', '/messages/retry-dead'))
export const useRefundRetry = () => useOpsChange((id: number) => ops<RefundResult>('POST', `/refunds/${id}/retry`))
export const useReturnStep = (number: string) =>
  useOpsChange((input: ReturnStep) =>
    ops<{ outcome: 'done' | 'already' }>(
      'POST',
      `/orders/${encodeURIComponent(number)}/return/${input.step}`,
      input.step === 'receive' ? { lines: input.lines } : input.step === 'refuse' ? { answer: input.answer } : {},
    ),
  )
