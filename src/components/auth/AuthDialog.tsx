/**
 * The auth modal (spec sections 2 and 4): tabs Login and Register; Login offers a password or a
 * one-time code. Default tab: login by password.
 */
import * as Tabs from '@radix-ui/react-tabs'
import { useQueryClient } from '@tanstack/react-query'
import { useAtom, useSetAtom } from 'jotai'
import { useState } from 'react'
import { codeLoginIdentifierError, loginUsernameError, registrationErrors, type AccountErrorCode, type RegistrationFields } from '../../domain/account-rules'
import { currentLocale, directionOf } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { loginWithPassword, sendCode } from '../../server/auth.functions'
import { authTabAtom, codeStepAtom, loginMethodAtom } from '../../state/auth'
import { appConfig } from '../../../app.config'
import { cookieNames, readBrowserCookie, writeBrowserCookie } from '../../lib/shopper-prefs'
import { openModalAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'
import { Dialog } from '../ui/Dialog'
import { FormField } from '../ui/FormField'
import { BotCheck } from './BotCheck'
import { fieldMessage } from './field-messages'

const tabClass = 'flex-1 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted data-[state=active]:border-brand data-[state=active]:text-brand'
const submitClass = 'h-11 w-full rounded-full bg-brand font-semibold text-brand-ink disabled:opacity-60'

type Errors = Partial<Record<string, AccountErrorCode | 'InvalidCredentials'>>
const say = (code: AccountErrorCode | 'InvalidCredentials' | undefined) => (code ? fieldMessage[code]() : undefined)

function PasswordLogin() {
  const locale = currentLocale()
  const setOpenModal = useSetAtom(openModalAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const queryClient = useQueryClient()
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        const username = String(form.get('username') ?? '').trim()
        const password = String(form.get('password') ?? '')
        const found: Errors = { username: loginUsernameError(username), password: password ? undefined : 'RequiredPassword', bot: token ? undefined : 'RecaptchaRequired' }
        setErrors(found)
        if (Object.values(found).some(Boolean)) return
        setBusy(true)
        const result = await loginWithPassword({ data: { locale, username, password, recaptchaToken: token } }).catch(() => null)
        setBusy(false)
        if (!result?.data) {
          // Spec section 8: a password login failure is a field error on the password.
          setErrors({ password: result?.status === 429 ? undefined : 'InvalidCredentials' })
          if (result?.status === 429 && result.error) pushToast({ kind: 'error', message: result.error.message })
          setToken('')
          return
        }
        await queryClient.invalidateQueries()
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
      <button type="submit" disabled={busy} className={submitClass}>
        {busy ? m.auth_working() : m.auth_login_submit()}
      </button>
    </form>
  )
}

function CodeLogin() {
  const locale = currentLocale()
  const setOpenModal = useSetAtom(openModalAtom)
  const setCodeStep = useSetAtom(codeStepAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault()
        const identifier = String(new FormData(event.currentTarget).get('identifier') ?? '').trim()
        const found: Errors = { identifier: codeLoginIdentifierError(identifier), bot: token ? undefined : 'RecaptchaRequired' }
        setErrors(found)
        if (Object.values(found).some(Boolean)) return
        setBusy(true)
        const result = await sendCode({ data: { locale, identifier, purpose: 'login', recaptchaToken: token } }).catch(() => null)
        setBusy(false)
        if (!result?.data?.success) {
          // Spec section 8: the server's message, else the translated one, else 'Something went wrong'.
          pushToast({ kind: 'error', message: result?.error?.message || m.error_something_wrong() })
          setToken('')
          return
        }
        pushToast({ kind: 'success', message: result.data.successmsg })
        // DESIGN.md section 3: email-phone keeps what was typed, offered again if the dialog reopens.
        writeBrowserCookie(cookieNames.emailPhone, identifier, appConfig.cookies.emailPhoneSeconds)
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
        defaultValue={readBrowserCookie(cookieNames.emailPhone) ?? ''}
        error={say(errors.identifier)}
      />
      <BotCheck token={token} onChange={setToken} error={say(errors.bot)} />
      <button type="submit" disabled={busy} className={submitClass}>
        {busy ? m.auth_working() : m.auth_send_code()}
      </button>
    </form>
  )
}

function Register() {
  const locale = currentLocale()
  const setOpenModal = useSetAtom(openModalAtom)
  const setCodeStep = useSetAtom(codeStepAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        const fields: RegistrationFields = {
          firstName: String(form.get('firstName') ?? ''),
          lastName: String(form.get('lastName') ?? ''),
          email: String(form.get('email') ?? '').trim(),
          phone_number: String(form.get('phone_number') ?? '').trim(),
          password: String(form.get('password') ?? ''),
          confirmPassword: String(form.get('confirmPassword') ?? ''),
          terms: form.get('terms') === 'on',
          recaptchaToken: token,
        }
        const found = registrationErrors(fields)
        setErrors(found)
        if (Object.keys(found).length > 0) return
        setBusy(true)
        const result = await sendCode({ data: { locale, identifier: fields.phone_number, purpose: 'register', recaptchaToken: token } }).catch(() => undefined)
        setBusy(false)
        if (result === undefined) return pushToast({ kind: 'error', message: m.error_network() })
        if (!result.data?.success) {
          pushToast({ kind: 'error', message: result.error?.message || m.error_phone_taken() })
          setToken('')
          return
        }
        pushToast({ kind: 'success', message: result.data.successmsg })
        setCodeStep({ purpose: 'register', identifier: fields.phone_number, recaptchaToken: token, registration: fields })
        setOpenModal('otp')
      }}
    >
      <FormField name="firstName" label={m.auth_first_name()} autoComplete="given-name" error={say(errors.firstName)} />
      <FormField name="lastName" label={m.auth_last_name()} autoComplete="family-name" error={say(errors.lastName)} />
      <FormField name="email" type="email" label={m.auth_email()} autoComplete="email" dir="ltr" error={say(errors.email)} className="sm:col-span-2" />
      <FormField name="phone_number" type="tel" inputMode="numeric" label={m.auth_phone()} hint={m.auth_phone_hint()} autoComplete="tel-national" dir="ltr" error={say(errors.phone_number)} className="sm:col-span-2" />
      <FormField name="password" type="password" label={m.auth_password()} autoComplete="new-password" dir="ltr" error={say(errors.password)} />
      <FormField name="confirmPassword" type="password" label={m.auth_confirm_password()} autoComplete="new-password" dir="ltr" error={say(errors.confirmPassword)} />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm">
          <input name="terms" type="checkbox" aria-invalid={errors.terms ? true : undefined} className="mt-0.5 size-5 accent-[var(--brand)]" />
          {m.auth_terms()}
        </label>
        {errors.terms && <p className="mt-1 text-xs font-medium text-sale">{say(errors.terms)}</p>}
      </div>
      <div className="sm:col-span-2">
        <BotCheck token={token} onChange={setToken} error={say(errors.recaptchaToken)} />
      </div>
      <button type="submit" disabled={busy} className={`${submitClass} sm:col-span-2`}>
        {busy ? m.auth_working() : m.auth_register_submit()}
      </button>
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
              <Tabs.Trigger value="password" className="flex-1 rounded-full px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:shadow">
                {m.auth_by_password()}
              </Tabs.Trigger>
              <Tabs.Trigger value="code" className="flex-1 rounded-full px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:shadow">
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
