/**
 * The one-time-code modal (spec section 4): for login it signs in; for registration it verifies the
 * phone, creates the account, shows LoginWithNewAccount and switches to the login view. Failure
 * returns to entry with the code cleared.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useAtom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { registerAccount, sendCode, verifyCode } from '../../server/auth.functions'
import { authTabAtom, codeStepAtom, loginMethodAtom } from '../../state/auth'
import { openModalAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'
import { Dialog } from '../ui/Dialog'
import { FormField } from '../ui/FormField'
import { fieldMessage, otpFailureMessage } from './field-messages'

export function OtpDialog() {
  const locale = currentLocale()
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const [step, setStep] = useAtom(codeStepAtom)
  const setTab = useSetAtom(authTabAtom)
  const setMethod = useSetAtom(loginMethodAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!step) return null

  const backToEntry = (message: string) => {
    pushToast({ kind: 'error', message })
    setCode('')
    setOpenModal('auth')
  }

  return (
    <Dialog open={openModal === 'otp'} onClose={() => setOpenModal(null)} title={m.otp_title()}>
      <form
        noValidate
        className="space-y-4 p-5"
        onSubmit={async (event) => {
          event.preventDefault()
          if (!code.trim()) return setError(fieldMessage.RequiredOtp())
          setError(undefined)
          setBusy(true)
          const verified = await verifyCode({ data: { locale, identifier: step.identifier, purpose: step.purpose, code: code.trim() } }).catch(() => null)
          if (!verified?.data) {
            setBusy(false)
            setCode('')
            if (step.purpose === 'register') return backToEntry(otpFailureMessage(verified?.error?.message, locale))
            return setError(otpFailureMessage(verified?.error?.message, locale))
          }
          if (step.purpose === 'login') {
            setBusy(false)
            await queryClient.invalidateQueries()
            pushToast({ kind: 'success', message: m.toast_logged_in() })
            setStep(null)
            return setOpenModal(null)
          }
          const { registration } = step
          const created = registration ? await registerAccount({ data: { locale, ...registration } }).catch(() => null) : null
          setBusy(false)
          if (!created?.data) return backToEntry(created?.error?.message || m.error_registration_failed())
          pushToast({ kind: 'success', message: m.toast_login_new_account() })
          setStep(null)
          setTab('login')
          setMethod('password')
          setOpenModal('auth')
        }}
      >
        <p className="text-sm text-muted">
          <bdi dir="ltr">{step.identifier}</bdi>
        </p>
        <FormField
          label={m.otp_label()}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d٠-٩]/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          error={error}
        />
        <button type="submit" disabled={busy} className="h-11 w-full rounded-full bg-brand font-semibold text-brand-ink disabled:opacity-60">
          {busy ? m.auth_working() : m.otp_verify()}
        </button>
        <button
          type="button"
          className="w-full text-sm font-medium text-brand"
          onClick={async () => {
            const result = await sendCode({ data: { locale, identifier: step.identifier, purpose: step.purpose, recaptchaToken: step.recaptchaToken, resend: true } }).catch(() => null)
            pushToast(result?.data?.success ? { kind: 'success', message: result.data.successmsg } : { kind: 'error', message: result?.error?.message || m.error_network() })
          }}
        >
          {m.otp_resend()}
        </button>
      </form>
    </Dialog>
  )
}
