/**
 * The one-time-code modal (docs/product.md, "Rules"): for login it signs in; for registration it verifies the
 * phone, creates the account and signs it in. A wrong code is an error
 * under the field, the code cleared and the resend at hand; a registration the backend refuses returns to the form.
 */
import { useAtom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { foldDigits } from '../../domain/digits'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { useRegisterAccount, useSendCode, useVerifyCode } from '../../queries/account'
import { failureMessage } from '../../queries/server-action'
import { authTabAtom, codeStepAtom, loginMethodAtom } from '../../state/auth'
import { openModalAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'
import { Dialog } from '../ui/Dialog'
import { FormField } from '../ui/FormField'
import { fieldMessage, otpFailureMessage } from './field-messages'
import { SubmitButton } from '../ui/SubmitButton'

export function OtpDialog() {
  const locale = currentLocale()
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const [step, setStep] = useAtom(codeStepAtom)
  const setTab = useSetAtom(authTabAtom)
  const setMethod = useSetAtom(loginMethodAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const verify = useVerifyCode()
  const register = useRegisterAccount()
  const resend = useSendCode()
  const busy = verify.isPending || register.isPending
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
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
          const verified = await verify.mutateAsync({ identifier: step.identifier, purpose: step.purpose, code: code.trim() })
          if (!verified.data) {
            // A mistyped code keeps the shopper on this step, the resend beneath it, for a registration as for a sign-in
            // (issue 28, "No friction": one wrong digit used to send a new shopper back to the form).
            setCode('')
            return setError(otpFailureMessage(verified.error, locale))
          }
          if (step.purpose === 'login') {
            pushToast({ kind: 'success', message: m.toast_logged_in() })
            setStep(null)
            return setOpenModal(null)
          }
          const { registration } = step
          const created = registration ? await register.mutateAsync(registration) : null
          if (!created?.data) return backToEntry(failureMessage(created, m.error_registration_failed))
          // The new account is signed in (docs/product.md, "Accounts"): no second sign-in after registering.
          pushToast({ kind: 'success', message: m.toast_account_created() })
          setStep(null)
          setTab('login')
          setMethod('password')
          setOpenModal(null)
        }}
      >
        <p className="text-sm text-muted">
          <bdi dir="ltr">{step.identifier}</bdi>
        </p>
        <FormField
          label={m.otp_label()}
          value={code}
          onChange={(event) => setCode(foldDigits(event.target.value).replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          error={error}
        />
        <SubmitButton busy={busy}>{m.otp_verify()}</SubmitButton>
        <button
          type="button"
          className="w-full text-sm font-medium text-brand"
          onClick={async () => {
            const result = await resend.mutateAsync({
              identifier: step.identifier,
              purpose: step.purpose,
              recaptchaToken: step.recaptchaToken,
              resend: true,
            })
            pushToast(
              result.data?.success
                ? { kind: 'success', message: result.data.successmsg }
                : { kind: 'error', message: failureMessage(result, m.error_network) },
            )
          }}
        >
          {m.otp_resend()}
        </button>
      </form>
    </Dialog>
  )
}
