/**
 * The customer's details on the dashboard, each editable in place (docs/product.md, "Accounts"): the name by the
 * registration's rules; a new email or mobile confirmed by a 6-digit code sent to it (by email, or by SMS), each send
 * behind the bot check; the password with the current one asked, which signs out every other device. One editor is
 * open at a time; Cancel leaves the account as it was.
 */
import { useSetAtom } from 'jotai'
import { useState, type FormEvent, type ReactNode } from 'react'
import { isEmail, nameErrors, newPasswordErrors, phoneError, type AccountErrorCode } from '../../domain/account-rules'
import { localMobile, shownMobile } from '../../domain/phone'
import type { Failure } from '../../domain/settled'
import { isolated } from '../../lib/bidi'
import { submittedFields } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import {
  useChangePassword,
  useConfirmEmailChange,
  useConfirmMobileChange,
  useSendEmailChangeCode,
  useSendMobileChangeCode,
  useUpdateName,
} from '../../queries/profile'
import { failureMessage } from '../../queries/server-action'
import type { SessionUser } from '../../queries/session'
import { pushToastAtom } from '../../state/toasts'
import { BotCheck } from '../auth/BotCheck'
import { fieldMessage } from '../auth/field-messages'
import { FormField } from '../ui/FormField'
import { OtpCodeField, useResendCountdown } from '../ui/OtpCodeField'

type User = SessionUser
type Editor = 'name' | 'email' | 'mobile' | 'password'

const say = (code: AccountErrorCode | undefined) => (code ? fieldMessage[code]() : undefined)
const mainButton = 'h-10 rounded-full bg-brand px-5 text-sm font-semibold text-brand-ink disabled:opacity-60'
const secondButton = 'h-10 rounded-full border border-line px-5 text-sm font-semibold'

export function ProfileDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState<Editor | null>(null)
  const mobile = user.custom_attributes.find((a) => a.attribute_code === 'mobilenumber')?.value
  const close = () => setEditing(null)
  const row = (editor: Editor, action: { text: string; label: string }, content: ReactNode, form: ReactNode, columns = 1) =>
    editing === editor ? (
      <li className="px-5 py-4">{form}</li>
    ) : (
      <li className="flex items-start justify-between gap-4 px-5 py-4">
        <dl className={`grid min-w-0 flex-1 gap-3 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>{content}</dl>
        <button
          type="button"
          onClick={() => setEditing(editor)}
          aria-label={action.label}
          className="shrink-0 py-0.5 text-sm font-semibold text-brand"
        >
          {action.text}
        </button>
      </li>
    )

  return (
    <section aria-labelledby="details-heading" className="rounded-2xl bg-white">
      <h2 id="details-heading" className="sr-only">
        {m.profile_details()}
      </h2>
      <ul className="divide-y divide-line">
        {row(
          'name',
          { text: m.profile_edit(), label: m.profile_edit_name() },
          <>
            <Detail term={m.profile_first_name()}>{user.firstname}</Detail>
            <Detail term={m.profile_last_name()}>{user.lastname}</Detail>
          </>,
          <NameForm user={user} onDone={close} />,
          2,
        )}
        {row(
          'email',
          { text: m.profile_change(), label: m.profile_change_email() },
          <Detail term={m.auth_email()}>
            <bdi dir="ltr">{user.email}</bdi>
          </Detail>,
          <ContactChange channel="email" onDone={close} />,
        )}
        {row(
          'mobile',
          { text: m.profile_change(), label: m.profile_change_mobile() },
          <Detail term={m.profile_mobile()}>
            <bdi dir="ltr">{mobile ? shownMobile(mobile) : ''}</bdi>
          </Detail>,
          <ContactChange channel="mobile" onDone={close} />,
        )}
        {row(
          'password',
          { text: m.profile_change(), label: m.profile_change_password() },
          <Detail term={m.profile_password()}>
            <span aria-hidden="true">••••••••</span>
          </Detail>,
          <PasswordForm onDone={close} />,
        )}
      </ul>
    </section>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}

/** A form's heading, its Save (or other main action) and Cancel. */
function EditorForm(props: { title: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode; footer: ReactNode }) {
  return (
    <form noValidate onSubmit={props.onSubmit} className="space-y-4">
      <h3 className="font-bold">{props.title}</h3>
      {props.children}
      <div className="flex flex-wrap items-center gap-3">{props.footer}</div>
    </form>
  )
}

function Failed({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
      {message}
    </p>
  ) : null
}

function NameForm({ user, onDone }: { user: User; onDone: () => void }) {
  const save = useUpdateName()
  const pushToast = useSetAtom(pushToastAtom)
  const [errors, setErrors] = useState<Partial<Record<'firstname' | 'lastname', AccountErrorCode>>>({})
  return (
    <EditorForm
      title={m.profile_edit_name()}
      onSubmit={async (event) => {
        const field = submittedFields(event)
        const name = { firstname: field('firstname'), lastname: field('lastname') }
        const found = nameErrors(name)
        setErrors(found)
        if (Object.keys(found).length > 0) return
        const result = await save.mutateAsync({ firstname: name.firstname.trim(), lastname: name.lastname.trim() })
        if (!result.data) return
        pushToast({ kind: 'success', message: m.profile_name_saved() })
        onDone()
      }}
      footer={
        <>
          <button type="submit" disabled={save.isPending} className={mainButton}>
            {save.isPending ? m.auth_working() : m.profile_save()}
          </button>
          <button type="button" onClick={onDone} className={secondButton}>
            {m.profile_cancel()}
          </button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={m.profile_first_name()}
          name="firstname"
          autoComplete="given-name"
          defaultValue={user.firstname}
          maxLength={60}
          error={say(errors.firstname)}
        />
        <FormField
          label={m.profile_last_name()}
          name="lastname"
          autoComplete="family-name"
          defaultValue={user.lastname}
          maxLength={60}
          error={say(errors.lastname)}
        />
      </div>
      <Failed message={save.failure} />
    </EditorForm>
  )
}

/** What differs between a new email and a new mobile: the words, the field, its rule and the calls. */
function useChannel(channel: 'email' | 'mobile') {
  const sendEmail = useSendEmailChangeCode()
  const confirmEmail = useConfirmEmailChange()
  const sendMobile = useSendMobileChangeCode()
  const confirmMobile = useConfirmMobileChange()
  if (channel === 'email') {
    return {
      title: m.profile_change_email(),
      label: m.profile_email_new(),
      step: m.profile_email_step(),
      field: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 } as const,
      /** The address as it is sent, or the rule it breaks. */
      check: (typed: string): { value: string } | { error: AccountErrorCode } => {
        const value = typed.trim()
        if (!value) return { error: 'RequiredEmail' }
        return isEmail(value) ? { value } : { error: 'InvalidEmail' }
      },
      sent: (value: string) => m.profile_email_code_sent({ email: isolated(value) }),
      saved: (user: User) => m.profile_email_saved({ email: isolated(user.email) }),
      send: (value: string, recaptchaToken: string) => sendEmail.mutateAsync({ email: value, recaptchaToken }),
      confirm: (value: string, code: string) => confirmEmail.mutateAsync({ email: value, code }),
      busy: sendEmail.isPending || confirmEmail.isPending,
    }
  }
  return {
    title: m.profile_change_mobile(),
    label: m.profile_mobile_new(),
    step: m.profile_mobile_step(),
    field: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 20 } as const,
    // Any usual spelling (+966..., Arabic-Indic digits) as checkout takes it; the rule's words for anything else.
    check: (typed: string): { value: string } | { error: AccountErrorCode } => {
      const value = localMobile(typed)
      return value ? { value } : { error: phoneError(typed.trim()) ?? 'telephoneError2' }
    },
    sent: (value: string) => m.profile_mobile_code_sent({ phone: isolated(value) }),
    saved: (user: User) => {
      const stored = user.custom_attributes.find((a) => a.attribute_code === 'mobilenumber')?.value ?? ''
      return m.profile_mobile_saved({ phone: isolated(shownMobile(stored)) })
    },
    send: (value: string, recaptchaToken: string) => sendMobile.mutateAsync({ mobile: value, recaptchaToken }),
    confirm: (value: string, code: string) => confirmMobile.mutateAsync({ mobile: value, code }),
    busy: sendMobile.isPending || confirmMobile.isPending,
  }
}

/** A code the backend refused: why, in the shopper's words; a wrong code says so, anything else as the server put it. */
const codeFailure = (error: Failure | null) => (error?.code === 'otp_invalid' ? m.otp_incorrect() : error?.message || m.otp_attempt_failed())

/**
 * A new email or mobile: the address and the bot check, then the code sent to it. "Send the code again" goes back to
 * the address (kept), where the bot check is asked again: a token is good for one send.
 */
function ContactChange({ channel, onDone }: { channel: 'email' | 'mobile'; onDone: () => void }) {
  const words = useChannel(channel)
  const pushToast = useSetAtom(pushToastAtom)
  const [typed, setTyped] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [botToken, setBotToken] = useState('')
  const [errors, setErrors] = useState<{ address?: string; bot?: string; code?: string }>({})
  const [resendIn, startCountdown] = useResendCountdown()

  const send = async () => {
    const checked = words.check(typed)
    const found = { address: 'error' in checked ? say(checked.error) : undefined, bot: botToken ? undefined : m.field_RecaptchaRequired() }
    setErrors(found)
    if (found.address || found.bot || !('value' in checked)) return
    const result = await words.send(checked.value, botToken)
    // The token is spent either way.
    setBotToken('')
    if (!result.data) return setErrors({ address: failureMessage(result, m.error_network) })
    setSentTo(checked.value)
    setCode('')
    startCountdown()
  }
  const confirm = async (value: string) => {
    if (!sentTo) return
    if (value.length !== 6) return setErrors({ code: m.checkout_code_required() })
    setErrors({})
    const result = await words.confirm(sentTo, value)
    if (!result.data) {
      setCode('')
      return setErrors({ code: codeFailure(result.error) })
    }
    pushToast({ kind: 'success', message: words.saved(result.data.user) })
    onDone()
  }

  if (sentTo === null) {
    return (
      <EditorForm
        title={words.title}
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
        footer={
          <>
            <button type="submit" disabled={words.busy} className={mainButton}>
              {words.busy ? m.auth_working() : m.auth_send_code()}
            </button>
            <button type="button" onClick={onDone} className={secondButton}>
              {m.profile_cancel()}
            </button>
          </>
        }
      >
        <p className="text-sm text-muted">{words.step}</p>
        <FormField
          label={words.label}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          dir="ltr"
          className="max-w-md"
          error={errors.address}
          {...words.field}
        />
        <BotCheck
          token={botToken}
          onChange={(token) => {
            setBotToken(token)
            setErrors((e) => ({ ...e, bot: undefined }))
          }}
          error={errors.bot}
        />
      </EditorForm>
    )
  }
  return (
    <EditorForm
      title={words.title}
      onSubmit={(event) => {
        event.preventDefault()
        void confirm(code)
      }}
      footer={
        <>
          <button type="submit" disabled={words.busy} className={mainButton}>
            {words.busy ? m.auth_working() : m.profile_code_confirm()}
          </button>
          <button type="button" onClick={onDone} className={secondButton}>
            {m.profile_cancel()}
          </button>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            disabled={resendIn > 0}
            className="text-sm font-medium text-brand disabled:text-muted"
          >
            {resendIn > 0 ? m.checkout_code_resend_in({ seconds: resendIn }) : m.otp_resend()}
          </button>
        </>
      }
    >
      <p className="text-sm">{words.sent(sentTo)}</p>
      <OtpCodeField label={m.otp_label()} value={code} onChange={setCode} onComplete={confirm} error={errors.code} disabled={words.busy} />
    </EditorForm>
  )
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword()
  const pushToast = useSetAtom(pushToastAtom)
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string; other?: string }>({})
  return (
    <EditorForm
      title={m.profile_change_password()}
      onSubmit={async (event) => {
        const field = submittedFields(event)
        const current = field('currentPassword')
        const next = field('newPassword')
        const confirmation = field('confirmPassword')
        const rules = newPasswordErrors(next, confirmation)
        const found = { current: current ? undefined : say('RequiredPassword'), next: say(rules.password), confirm: say(rules.confirmation) }
        setErrors(found)
        if (found.current || found.next || found.confirm) return
        const result = await change.mutateAsync({ currentPassword: current, newPassword: next, confirmPassword: confirmation })
        if (!result.data) {
          // A wrong or locked current password is said beside it; anything else under the form.
          const message = failureMessage(result, m.error_internal)
          const aboutCurrent = result.error?.code === 'current_password_wrong' || result.error?.code === 'locked'
          return setErrors(aboutCurrent ? { current: message } : { other: message })
        }
        pushToast({ kind: 'success', message: m.profile_password_saved() })
        onDone()
      }}
      footer={
        <>
          <button type="submit" disabled={change.isPending} className={mainButton}>
            {change.isPending ? m.auth_working() : m.profile_save()}
          </button>
          <button type="button" onClick={onDone} className={secondButton}>
            {m.profile_cancel()}
          </button>
        </>
      }
    >
      <div className="grid max-w-md gap-4">
        <FormField
          label={m.profile_password_current()}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          maxLength={128}
          error={errors.current}
        />
        <FormField
          label={m.forgot_new_password()}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={128}
          hint={m.profile_password_hint()}
          error={errors.next}
        />
        <FormField
          label={m.profile_password_confirm()}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={128}
          error={errors.confirm}
        />
      </div>
      <Failed message={errors.other} />
    </EditorForm>
  )
}
