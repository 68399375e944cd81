/**
 * Forgot password (docs/product.md, "Accounts"), three steps: email, verification code, new password. The code is
 * checked before the new password is asked for (a wrong one stays on the code step, told why), and exchanged for the
 * token the new password is set with. Success closes this modal and reopens the auth modal; a refused change returns
 * to the code step, where the code can also be sent again.
 */
import { useAtom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { forgotEmailError, passwordErrors } from '../../domain/account-rules'
import { m } from '../../paraglide/messages.js'
import { useCheckPasswordReset, useConfirmPasswordReset, useSendPasswordReset } from '../../queries/account'
import { failureMessage } from '../../queries/server-action'
import { authTabAtom } from '../../state/auth'
import { openModalAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'
import { Dialog } from '../ui/Dialog'
import { FormField } from '../ui/FormField'
import { BotCheck } from './BotCheck'
import { fieldMessage } from './field-messages'
import { SubmitButton } from '../ui/SubmitButton'
import { submittedFields } from '../../lib/form-fields'
import { foldDigits } from '../../domain/digits'

type Step = 'email' | 'code' | 'password'

export function ForgotDialog() {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const setTab = useSetAtom(authTabAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [token, setToken] = useState('')
  /** What the checked code was exchanged for: the new password is set with it. */
  const [resetToken, setResetToken] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const sendReset = useSendPasswordReset()
  const checkReset = useCheckPasswordReset()
  const confirmReset = useConfirmPasswordReset()
  const busy = sendReset.isPending || checkReset.isPending || confirmReset.isPending

  return (
    <Dialog open={openModal === 'forgot'} onClose={() => setOpenModal(null)} title={m.forgot_title()}>
      <form
        noValidate
        className="space-y-4 p-5"
        onSubmit={async (event) => {
          const field = submittedFields(event)
          if (step === 'email') {
            const problem = forgotEmailError(email)
            const found = { email: problem && fieldMessage[problem](), bot: token ? undefined : fieldMessage.RecaptchaRequired() }
            setErrors(found)
            if (found.email || found.bot) return
            const sent = await sendReset.mutateAsync({ email: email.trim(), recaptchaToken: token })
            // The bot check's token is spent: sending again asks for it again.
            setToken('')
            if (sent.data?.data.status) {
              setCode('')
              return setStep('code')
            }
            // A known and an unknown email are answered alike (docs/decisions/0006): the code step says "if".
            return setErrors({ email: failureMessage(sent, m.error_something_wrong) })
          }
          if (step === 'code') {
            if (!/^\d{6}$/.test(code)) return setErrors({ code: fieldMessage.RequiredOtp() })
            const checked = await checkReset.mutateAsync({ email: email.trim(), code })
            if (!checked.data) {
              setCode('')
              return setErrors({ code: failureMessage(checked, m.toast_invalid_otp) })
            }
            setErrors({})
            setResetToken(checked.data.data.resetToken)
            return setStep('password')
          }
          const newPassword = field('newPassword')
          const confirmPassword = field('confirmPassword')
          const weak = passwordErrors(newPassword)
          const found = {
            newPassword: weak && fieldMessage[weak](),
            confirmPassword: confirmPassword === newPassword ? undefined : fieldMessage.PasswordsMustMatch(),
          }
          setErrors(found)
          if (found.newPassword || found.confirmPassword) return
          const changed = await confirmReset.mutateAsync({ email: email.trim(), resetToken, newPassword, confirmPassword, recaptchaToken: '' })
          if (changed.data?.data !== true) {
            pushToast({ kind: 'error', message: m.toast_invalid_otp() })
            setCode('')
            return setStep('code')
          }
          pushToast({ kind: 'success', message: m.toast_password_updated() })
          setStep('email')
          setTab('login')
          setOpenModal('auth')
        }}
      >
        {step === 'email' && (
          <>
            <p className="text-sm text-muted">{m.forgot_email_step()}</p>
            <FormField
              label={m.auth_email()}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              dir="ltr"
              error={errors.email}
            />
            <BotCheck token={token} onChange={setToken} error={errors.bot} />
          </>
        )}
        {step === 'code' && (
          <>
            <p className="text-sm text-muted">{m.forgot_code_step()}</p>
            <FormField
              label={m.otp_label()}
              value={code}
              onChange={(e) => setCode(foldDigits(e.target.value).replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              error={errors.code}
            />
            <button type="button" onClick={() => setStep('email')} className="text-sm font-medium text-brand">
              {m.otp_resend()}
            </button>
          </>
        )}
        {step === 'password' && (
          <>
            <p className="text-sm text-muted">{m.forgot_password_step()}</p>
            <FormField
              name="newPassword"
              type="password"
              label={m.forgot_new_password()}
              autoComplete="new-password"
              dir="ltr"
              error={errors.newPassword}
            />
            <FormField
              name="confirmPassword"
              type="password"
              label={m.auth_confirm_password()}
              autoComplete="new-password"
              dir="ltr"
              error={errors.confirmPassword}
            />
          </>
        )}
        <SubmitButton busy={busy}>{step === 'password' ? m.forgot_save() : m.forgot_continue()}</SubmitButton>
      </form>
    </Dialog>
  )
}
