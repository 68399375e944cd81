/**
 * The owner's e-invoicing screen's read and change (docs/decisions/0016-zatca-invoices.md, "Onboarding"), over
 * GET /api/ops/zatca and POST /api/ops/zatca/onboard (worker/api/ops.ts). A step ZATCA refused arrives with the step
 * and ZATCA's words, which the screen shows as they are.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { OpsError } from './ops'

/** The unit as GET /api/ops/zatca answers it (worker/integrations/zatca-unit.ts `UnitStatus`). */
export interface ZatcaUnitStatus {
  source: 'secrets' | 'embedded' | 'none'
  environment: string | null
  serial: string | null
  notAfter: string | null
  daysLeft: number | null
  renewSoon: boolean
}

export interface OnboardingStepView {
  step: string
  status: number
  ok: boolean
  detail: string
}

/** Onboarding refused at a step: which, and what ZATCA said. */
export class ZatcaRefused extends Error {
  constructor(
    readonly step: string,
    readonly detail: string,
  ) {
    super(detail)
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/ops${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as {
    data?: T
    error?: { code?: string; issues?: string[]; step?: string; message?: string }
  }
  if (answer.error?.code === 'zatca_refused') throw new ZatcaRefused(answer.error.step ?? '', answer.error.message ?? '')
  if (!response.ok || answer.data === undefined) throw new OpsError(response.status, answer.error?.code ?? 'internal', answer.error?.issues ?? [])
  return answer.data
}

export const zatcaQueries = {
  unit: () => queryOptions({ queryKey: ['ops', 'zatca'], queryFn: () => call<ZatcaUnitStatus>('GET', '/zatca') }),
}

export function useZatcaOnboard() {
  const queryClient = useQueryClient()
  return useMutation<{ steps: OnboardingStepView[]; status: ZatcaUnitStatus }, Error, string>({
    mutationFn: (otp) => call('POST', '/zatca/onboard', { otp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'zatca'] }),
  })
}
