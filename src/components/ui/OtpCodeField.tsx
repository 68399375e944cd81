/**
 * A one-time code as shoppers expect it (docs/product.md, "Checkout"): one input the phone can fill from the SMS
 * (autocomplete="one-time-code"), that takes a pasted code, folds Arabic-Indic digits, spaces its six digits, and reports
 * the code once all six digits are there. One input, not six: a screen reader reads one field with one label.
 */
import { useEffect, useId, useState } from 'react'
import { appConfig } from '../../../app.config'
import { foldDigits } from '../../domain/digits'

interface OtpCodeFieldProps {
  label: string
  value: string
  onChange: (code: string) => void
  onComplete?: (code: string) => void
  error?: string
  hint?: string
  disabled?: boolean
}

export function OtpCodeField({ label, value, onChange, onComplete, error, hint, disabled }: OtpCodeFieldProps) {
  const id = useId()
  const digits = appConfig.otp.digits
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        name="one-time-code"
        value={value}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          const code = foldDigits(event.target.value).replace(/\D/g, '').slice(0, digits)
          onChange(code)
          if (code.length === digits && code !== value) onComplete?.(code)
        }}
        className="h-12 w-full max-w-72 rounded-lg border border-line px-3 text-center font-mono text-xl tracking-[0.7em] focus:outline-2 focus:outline-brand aria-invalid:border-sale"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  )
}

/** Seconds left before a code may be sent again (appConfig.otp.resendAfterSeconds), counting down once started. */
export function useResendCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, () => setLeft(appConfig.otp.resendAfterSeconds)]
}
