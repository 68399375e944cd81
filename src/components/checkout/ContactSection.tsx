/**
 * Contact details and the mobile verified by code (docs/product.md, "Checkout"): full name, email and a Saudi mobile,
 * prefilled for a signed-in customer. "Verify number" sends a 6-digit code by SMS; the code field fills from the SMS
 * on phones, takes a paste, and confirms itself at six digits; a resend waits out its countdown. A verified number
 * shows as such and stays verified for the cart and the customer. Cash on delivery needs it. Each send passes the bot
 * check first, as the sign-in code does: an SMS costs the store money (docs/product.md, "Limits").
 */
import { useState } from 'react'
import { localMobile } from '../../domain/phone'
import { isolated } from '../../lib/bidi'
import { BotCheck } from '../auth/BotCheck'
import { m } from '../../paraglide/messages.js'
import { useSendCheckoutCode, useVerifyCheckoutCode } from '../../queries/checkout'
import { failureMessage } from '../../queries/server-action'
import { FormField } from '../ui/FormField'
import { MobileField } from '../ui/MobileField'
import { Icon } from '../ui/Icon'
import { OtpCodeField, useResendCountdown } from '../ui/OtpCodeField'
import { chosenChannel, WhatsAppChoice } from '../auth/WhatsAppChoice'
import type { FieldErrors } from './field-messages'

interface ContactSectionProps {
  defaults: { name: string; email: string }
  mobile: string
  setMobile: (mobile: string) => void
  verified: boolean
  errors: FieldErrors
}

export function ContactSection({ defaults, mobile, setMobile, verified, errors }: ContactSectionProps) {
  const send = useSendCheckoutCode()
  const verify = useVerifyCheckoutCode()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [mobileError, setMobileError] = useState<string>()
  const [botToken, setBotToken] = useState('')
  const [whatsapp, setWhatsapp] = useState(false)
  const [botError, setBotError] = useState<string>()
  const [resendIn, startCountdown] = useResendCountdown()
  const local = localMobile(mobile)
  const waitingForCode = sentTo !== null && sentTo === local && !verified

  const sendCode = async () => {
    if (!local) return setMobileError(m.checkout_error_mobile())
    setMobileError(undefined)
    if (!botToken) return setBotError(m.field_RecaptchaRequired())
    setCodeError(undefined)
    const channel = chosenChannel(whatsapp)
    const result = await send.mutateAsync({ mobile: local, recaptchaToken: botToken, ...(channel ? { channel } : {}) })
    // The token is spent either way: a resend asks for the check again.
    setBotToken('')
    if (!result.data?.success) return setMobileError(failureMessage(result, m.error_network))
    setSentTo(local)
    setCode('')
    startCountdown()
  }
  const confirm = (typed: string) => {
    if (!local) return
    if (typed.length !== 6) return setCodeError(m.checkout_code_required())
    setCodeError(undefined)
    verify.mutate(
      { mobile: local, code: typed },
      {
        onSuccess: (result) => {
          if (result.data) return
          setCode('')
          setCodeError(failureMessage(result, m.otp_attempt_failed))
        },
      },
    )
  }

  return (
    <section aria-labelledby="contact-heading" className="rounded-2xl bg-white p-5">
      <h2 id="contact-heading" className="mb-4 text-lg font-bold">
        {m.checkout_contact()}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={m.checkout_name()} name="name" autoComplete="name" defaultValue={defaults.name} error={errors.name} />
        <FormField
          label={m.checkout_email()}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={defaults.email}
          error={errors.email}
        />
        <div className="sm:col-span-2">
          <MobileField
            value={mobile}
            onChange={(event) => {
              setMobile(event.target.value)
              setMobileError(undefined)
            }}
            hint={m.checkout_mobile_hint()}
            error={errors.mobile ?? mobileError}
          />
          {!verified && (!waitingForCode || resendIn === 0) && (
            <div className="mt-3 space-y-3">
              <WhatsAppChoice checked={whatsapp} onChange={setWhatsapp} />
              <BotCheck
                token={botToken}
                onChange={(token) => {
                  setBotToken(token)
                  setBotError(undefined)
                }}
                error={botError}
              />
            </div>
          )}
          <div className="mt-2" aria-live="polite">
            {verified ? (
              <p className="flex items-center gap-1.5 text-sm font-semibold text-[#00683a]">
                <Icon name="circle-check" className="size-4" />
                {m.checkout_mobile_verified()}
              </p>
            ) : (
              !waitingForCode && (
                <button
                  type="button"
                  onClick={sendCode}
                  disabled={send.isPending}
                  className="h-10 rounded-full border border-brand px-4 text-sm font-semibold text-brand disabled:opacity-60"
                >
                  {m.checkout_verify_mobile()}
                </button>
              )
            )}
          </div>
          {waitingForCode && (
            <div className="mt-3 space-y-3 rounded-xl bg-surface p-4">
              <p className="text-sm">{m.checkout_code_sent({ phone: isolated(local ?? '') })}</p>
              <div
                onKeyDown={(event) => {
                  // Enter confirms the code here, not the whole checkout form.
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  confirm(code)
                }}
              >
                <OtpCodeField
                  label={m.checkout_code_label()}
                  value={code}
                  onChange={setCode}
                  onComplete={confirm}
                  error={codeError}
                  disabled={verify.isPending}
                />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  onClick={() => confirm(code)}
                  disabled={verify.isPending}
                  className="h-10 rounded-full bg-brand px-5 text-sm font-semibold text-brand-ink disabled:opacity-60"
                >
                  {m.checkout_code_confirm()}
                </button>
                <button
                  type="button"
                  onClick={sendCode}
                  disabled={resendIn > 0 || send.isPending}
                  className="text-sm font-medium text-brand disabled:text-muted"
                >
                  {resendIn > 0 ? m.checkout_code_resend_in({ seconds: resendIn }) : m.checkout_code_resend()}
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
