/**
 * The owner's e-invoicing screen (docs/decisions/0016-zatca-invoices.md, "Onboarding"): the EGS unit's onboarding with
 * ZATCA (environment, certificate serial, expiry and days left), a reminder within 30 days of expiry, and onboarding
 * again with the OTP from the Fatoora portal, step by step. Production's credentials are Worker secrets, which only
 * `npm run zatca:onboard` can put: there the API says so, and the screen shows it.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { opsErrorText } from '../components/ops/ops-text'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { useZatcaOnboard, zatcaQueries, type OnboardingStepView } from '../queries/ops-zatca'

export const Route = createFileRoute('/ops/zatca')({ component: ZatcaPage })

function ZatcaPage() {
  const locale = currentLocale()
  const unit = useQuery(zatcaQueries.unit())
  const onboard = useZatcaOnboard()
  const [otpError, setOtpError] = useState<string | null>(null)
  const [steps, setSteps] = useState<OnboardingStepView[]>([])
  const status = unit.data
  const failure = onboard.error
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_zatca()}</h1>
      <p className="text-sm text-muted">{m.ops_zatca_intro()}</p>
      {unit.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(unit.error)}
        </p>
      )}
      {status && (
        <section aria-labelledby="zatca-unit" className="space-y-2 rounded-2xl bg-white p-5">
          <h2 id="zatca-unit" className="font-bold">
            {m.ops_zatca()}
          </h2>
          {status.serial ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{m.ops_zatca_environment()}</dt>
              <dd>
                <bdi dir="ltr">{status.environment}</bdi>
              </dd>
              <dt className="text-muted">{m.ops_zatca_serial()}</dt>
              <dd>
                <bdi dir="ltr" className="break-all font-mono text-xs">
                  {status.serial}
                </bdi>
              </dd>
              <dt className="text-muted">{m.ops_zatca_valid_until()}</dt>
              <dd>
                {formatRiyadhTime(status.notAfter!, locale)} · {m.ops_zatca_days_left({ days: Math.max(0, status.daysLeft ?? 0) })}
              </dd>
            </dl>
          ) : (
            <p className="text-sm">{m.ops_zatca_not_onboarded()}</p>
          )}
          {status.source === 'secrets' && <p className="text-sm text-muted">{m.ops_zatca_source_secrets()}</p>}
          {status.renewSoon && (
            <p role="status" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
              {m.ops_zatca_renew()}
            </p>
          )}
        </section>
      )}
      <form
        noValidate
        className="space-y-3 rounded-2xl bg-white p-5"
        onSubmit={(event) => {
          const otp = submittedFields(event)('otp').trim()
          if (!/^\d{6}$/.test(otp)) return setOtpError(m.ops_zatca_otp_invalid())
          setOtpError(null)
          onboard.mutate(otp, { onSuccess: (result) => setSteps(result.steps) })
        }}
      >
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{m.ops_zatca_otp()}</span>
          <input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={6}
            aria-invalid={otpError ? true : undefined}
            aria-describedby={otpError ? 'zatca-otp-error' : undefined}
            className="h-11 w-40 rounded-lg border border-line px-3 text-center tracking-widest"
          />
        </label>
        {otpError && (
          <p id="zatca-otp-error" role="alert" className="text-sm text-sale">
            {otpError}
          </p>
        )}
        <button type="submit" disabled={onboard.isPending} className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink">
          {m.ops_zatca_onboard()}
        </button>
        {failure && (
          <p role="alert" className="text-sm text-sale">
            {failure.code === 'zatca_refused'
              ? m.ops_zatca_refused({ step: failure.refusal.step ?? '', message: failure.refusal.message ?? '' })
              : opsErrorText(failure)}
          </p>
        )}
        {steps.length > 0 && (
          <div role="status" className="text-sm">
            <p>{m.ops_zatca_onboarded()}</p>
            <ol className="list-inside list-decimal">
              {steps.map((step) => (
                <li key={step.step} dir="ltr" className="text-start">
                  {step.ok ? '✓' : '✗'} {step.step}: {step.detail}
                </li>
              ))}
            </ol>
          </div>
        )}
      </form>
    </div>
  )
}
