/**
 * The owner's e-invoicing screen's read and change (docs/decisions/0016-zatca-invoices.md, "Onboarding"), over
 * GET /api/ops/zatca and POST /api/ops/zatca/onboard (worker/api/ops.ts). A step ZATCA refused arrives as `zatca_refused`
 * with the step and ZATCA's words (`OpsError.refusal`), which the screen shows as they are.
 */
import { queryOptions } from '@tanstack/react-query'
import { ops, useOpsChange } from './ops'

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

export const zatcaQueries = {
  unit: () => queryOptions({ queryKey: ['ops', 'zatca'], queryFn: () => ops<ZatcaUnitStatus>('GET', '/zatca') }),
}

export const useZatcaOnboard = () =>
  useOpsChange((otp: string) => ops<{ steps: OnboardingStepView[]; status: ZatcaUnitStatus }>('POST', '/zatca/onboard', { otp }))
