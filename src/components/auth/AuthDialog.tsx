/**
 * The auth modal (docs/product.md, "Screens" and "Rules"): tabs Login and Register; Login offers a password or a
 * one-time code. Default tab: login by password.
 */
import * as Tabs from '@radix-ui/react-tabs'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import {
  codeLoginIdentifierError,
  loginUsernameError,
  registrationErrors,
  type AccountErrorCode,
  type RegistrationFields,
} from '../../domain/account-rules'
import { currentLocale, directionOf } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { useLoginWithPassword, useSendCode } from '../../queries/account'
import { failureMessage } from '../../queries/server-action'
import { authTabAtom, codeStepAtom, loginMethodAtom, registrationPrefillAtom } from '../../state/auth'
import { emailPhoneCookie } from '../../domain/cookies'
import { readBrowserCookie, writeBrowserCookie } from '../../lib/browser-cookies'
import { openModalAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'
import { Dialog } from '../ui/Dialog'
import { FormField } from '../ui/FormField'
import { BotCheck } from './BotCheck'
import { chosenChannel, WhatsAppChoice, whatsappField } from './WhatsAppChoice'
import { fieldMessage } from './field-messages'
import { foldDigits } from '../../domain/digits'
import { SubmitButton } from '../ui/SubmitButton'
import { submittedFields } from '../../lib/form-fields'

const tabClass =
  'flex-1 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted data-[state=active]:border-brand data-[state=active]:text-brand'

type Errors = Partial<Record<string, AccountErrorCode | 'InvalidCredentials'>>
const say = (code: AccountErrorCode | 'InvalidCredentials' | undefined) => (code ? fieldMessage[code]() : undefined)

function PasswordLogin() {
  const setOpenModal = useSetAtom(openModalAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const login = useLoginWithPassword()
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        const field = submittedFields(event)
        // Digits as the keyboard typed them (Arabic-Indic included) are sent as Western digits.
        const username = foldDigits(field('username').trim())
        const password = field('password')
        const found: Errors = {
          username: loginUsernameError(username),
          password: password ? undefined : 'RequiredPassword',
          bot: token ? undefined : 'RecaptchaRequired',
        }
        setErrors(found)
        if (Object.values(found).some(Boolean)) return
        const result = await login.mutateAsync({ username, password, recaptchaToken: token })
        if (!result.data) {
          // docs/product.md, "Errors": a password login failure is a field error on the password.
          setErrors({ password: result.status === 429 ? undefined : 'InvalidCredentials' })
          if (result.status === 429 && result.error) pushToast({ kind: 'error', message: result.error.message })
          setToken('')
          return
        }
        pushToast({ kind: 'success', message: m.toast_logged_in() })
        setOpenModal(null)
      }}
    >
      <FormField name="username" label={m.auth_username()} autoComplete="username" dir="ltr" error={say(errors.username)} />
      <FormField name="password" type="password" label={m.auth_password()} autoComplete="current-password" dir="ltr" error={say(errors.password)} />
      <button type="button" onClick={() => setOpenModal('forgot')} className="text-sm font-medium text-brand underline underline-offset-2">
        {m.auth_forgot_link()}
      </button>
      <BotCheck token={token} onChange={setToken} error={say(errors.bot)} />
      <SubmitButton busy={login.isPending}>{m.auth_login_submit()}</SubmitButton>
    </form>
  )
}

function CodeLogin() {
  const setOpenModal = useSetAtom(openModalAtom)
  const setCodeStep = useSetAtom(codeStepAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const send = useSendCode()
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        const field = submittedFields(event)
        const identifier = foldDigits(field('identifier').trim())
        const found: Errors = { identifier: codeLoginIdentifierError(identifier), bot: token ? undefined : 'RecaptchaRequired' }
        setErrors(found)
        if (Object.values(found).some(Boolean)) return
        const channel = chosenChannel(field(whatsappField) === 'on')
        const result = await send.mutateAsync({ identifier, purpose: 'login', recaptchaToken: token, ...(channel ? { channel } : {}) })
        if (!result.data?.success) {
          // docs/product.md, "Errors": the server's message, else 'Something went wrong'.
          pushToast({ kind: 'error', message: failureMessage(result, m.error_something_wrong) })
          setToken('')
          return
        }
        pushToast({ kind: 'success', message: result.data.successmsg })
        // docs/product.md, "Cookies": email-phone keeps what was typed, offered again if the dialog reopens.
        writeBrowserCookie(emailPhoneCookie, identifier)
        setCodeStep({ purpose: 'login', identifier, recaptchaToken: token })
        setOpenModal('otp')
      }}
    >
      <FormField
        name="identifier"
        label={m.auth_username()}
        autoComplete="username"
        dir="ltr"
        inputMode="email"
        defaultValue={readBrowserCookie(emailPhoneCookie) ?? ''}
        error={say(errors.identifier)}
      />
      <WhatsAppChoice />
      <BotCheck token={token} onChange={setToken} error={say(errors.bot)} />
      <SubmitButton busy={send.isPending}>{m.auth_send_code()}</SubmitButton>
    </form>
  )
}

function Register() {
  const setOpenModal = useSetAtom(openModalAtom)
  const [codeStep, setCodeStep] = useAtom(codeStepAtom)
  // Back from a wrong or expired code (docs/product.md, "Rules": failure returns to the entry), the entry is as the
  // shopper left it. The bot check is asked again: its token was spent on the code that was sent.
  const kept = codeStep?.purpose === 'register' ? codeStep.registration : undefined
  // Else, from an order confirmation's account offer, the order's name, email and mobile.
  const offered = useAtomValue(registrationPrefillAtom)
  const given = kept ?? offered ?? undefined
  const pushToast = useSetAtom(pushToastAtom)
  const send = useSendCode()
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (event) => {
        const field = submittedFields(event)
        const fields: RegistrationFields = {
          firstName: field('firstName'),
          lastName: field('lastName'),
          email: field('email').trim(),
          phone_number: foldDigits(field('phone_number').trim()),
          password: field('password'),
          confirmPassword: field('confirmPassword'),
          terms: field('terms') === 'on',
          recaptchaToken: token,
        }
        const found = registrationErrors(fields)
        setErrors(found)
        if (Object.keys(found).length > 0) return
        const result = await send.mutateAsync({ identifier: fields.phone_number, purpose: 'register', recaptchaToken: token })
        if (result.status === 0) return pushToast({ kind: 'error', message: m.error_network() })
        if (!result.data?.success) {
          pushToast({ kind: 'error', message: failureMessage(result, m.error_phone_taken) })
          setToken('')
          return
        }
        pushToast({ kind: 'success', message: result.data.successmsg })
        setCodeStep({ purpose: 'register', identifier: fields.phone_number, recaptchaToken: token, registration: fields })
        setOpenModal('otp')
      }}
    >
      <FormField
        name="firstName"
        label={m.auth_first_name()}
        autoComplete="given-name"
        defaultValue={given?.firstName}
        error={say(errors.firstName)}
      />
      <FormField name="lastName" label={m.auth_last_name()} autoComplete="family-name" defaultValue={given?.lastName} error={say(errors.lastName)} />
      <FormField
        name="email"
        type="email"
        label={m.auth_email()}
        autoComplete="email"
        dir="ltr"
        defaultValue={given?.email}
        error={say(errors.email)}
        className="sm:col-span-2"
      />
      <FormField
        name="phone_number"
        type="tel"
        inputMode="numeric"
        label={m.auth_phone()}
        hint={m.auth_phone_hint()}
        autoComplete="tel-national"
        dir="ltr"
        defaultValue={given?.phone_number}
        error={say(errors.phone_number)}
        className="sm:col-span-2"
      />
      <FormField
        name="password"
        type="password"
        label={m.auth_password()}
        autoComplete="new-password"
        dir="ltr"
        defaultValue={kept?.password}
        error={say(errors.password)}
      />
      <FormField
        name="confirmPassword"
        type="password"
        label={m.auth_confirm_password()}
        autoComplete="new-password"
        dir="ltr"
        defaultValue={kept?.confirmPassword}
        error={say(errors.confirmPassword)}
      />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm">
          <input
            name="terms"
            type="checkbox"
            defaultChecked={kept?.terms}
            aria-invalid={errors.terms ? true : undefined}
            className="mt-0.5 size-5 accent-[var(--brand)]"
          />
          {m.auth_terms()}
        </label>
        {errors.terms && <p className="mt-1 text-xs font-medium text-sale">{say(errors.terms)}</p>}
      </div>
      <div className="sm:col-span-2">
        <BotCheck token={token} onChange={setToken} error={say(errors.recaptchaToken)} />
      </div>
      <SubmitButton busy={send.isPending} className="sm:col-span-2">
        {m.auth_register_submit()}
      </SubmitButton>
    </form>
  )
}

export function AuthDialog() {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const [tab, setTab] = useAtom(authTabAtom)
  const [method, setMethod] = useAtom(loginMethodAtom)
  const dir = directionOf(currentLocale())
  return (
    <Dialog open={openModal === 'auth'} onClose={() => setOpenModal(null)} title={m.auth_title()}>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'login' | 'register')} dir={dir} className="p-5">
        <Tabs.List className="mb-5 flex border-b border-line" aria-label={m.auth_title()}>
          <Tabs.Trigger value="login" className={tabClass}>
            {m.auth_tab_login()}
          </Tabs.Trigger>
          <Tabs.Trigger value="register" className={tabClass}>
            {m.auth_tab_register()}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <Tabs.Root value={method} onValueChange={(v) => setMethod(v as 'password' | 'code')} dir={dir}>
            <Tabs.List className="mb-4 flex gap-2 rounded-full bg-surface p-1" aria-label={m.auth_tab_login()}>
              <Tabs.Trigger
                value="password"
                className="flex-1 rounded-full px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:shadow"
              >
                {m.auth_by_password()}
              </Tabs.Trigger>
              <Tabs.Trigger
                value="code"
                className="flex-1 rounded-full px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:shadow"
              >
                {m.auth_by_code()}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="password">
              <PasswordLogin />
            </Tabs.Content>
            <Tabs.Content value="code">
              <CodeLogin />
            </Tabs.Content>
          </Tabs.Root>
        </Tabs.Content>
        <Tabs.Content value="register">
          <Register />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  )
}
