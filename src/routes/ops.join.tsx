/**
 * Joining the console by invitation (docs/product.md, "The merchant console"): whom the link is for, the authenticator
 * secret to scan (a QR code, and the text for typing it in), then a name, a password and the app's first code.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { encode } from 'uqr'
import { opsErrorText, roleText } from '../components/ops/ops-text'
import { FormField } from '../components/ui/FormField'
import { SubmitButton } from '../components/ui/SubmitButton'
import { submittedFields } from '../lib/form-fields'
import { isolated } from '../lib/bidi'
import { m } from '../paraglide/messages.js'
import { opsQueries, useJoin } from '../queries/ops'
import { consoleSearch } from '../lib/console-search'

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { invite?: string } {
  return typeof search.invite === 'string' ? { invite: search.invite } : {}
}

export const Route = createFileRoute('/ops/join')({
  validateSearch: consoleSearch<{ invite?: string }>,
  component: JoinPage,
})

/** The otpauth:// address as a QR code an authenticator app scans. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 })
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-48 bg-white" shapeRendering="crispEdges">
      {/* One path of unit squares: a QR code is a picture, its cells have no identity to key. */}
      <path d={data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('')} />
    </svg>
  )
}

function JoinPage() {
  const { invite = '' } = readSearch(Route.useSearch())
  const navigate = useNavigate()
  const enrolment = useQuery({ ...opsQueries.invite(invite), enabled: invite.length >= 20 })
  const join = useJoin()
  const [problems, setProblems] = useState<Record<string, string>>({})
  if (invite.length < 20 || enrolment.isError)
    return (
      <main className="mx-auto max-w-md px-4 py-10">
        <p role="alert" className="text-sale">
          {enrolment.isError ? opsErrorText(enrolment.error) : m.error_invite_invalid()}
        </p>
      </main>
    )
  if (enrolment.isPending) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  const { email, role, secret, uri } = enrolment.data
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const name = field('name').trim()
    const password = field('password')
    const code = field('code').replace(/\s/g, '')
    const found: Record<string, string> = {}
    if (name.length < 2) found.name = m.ops_name_required()
    if (password.length < 10) found.password = m.ops_password_short()
    if (!/^\d{6}$/.test(code)) found.code = m.ops_code_format()
    setProblems(found)
    if (Object.keys(found).length > 0) return
    join.mutate(
      { invite, enrolment: enrolment.data.enrolment, name, password, code },
      {
        onSuccess: () => void navigate({ to: '/ops' }),
        onError: (error) => setProblems({ form: opsErrorText(error) }),
      },
    )
  }
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{m.ops_join_title()}</h1>
      <p className="mb-6 text-muted">
        {/* The address isolated (FSI ... PDI): inside an Arabic sentence its parts would otherwise reorder. */}
        {m.ops_join_for({ email: isolated(email), role: roleText[role]() })}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-5">
        <p className="text-sm">{m.ops_join_scan()}</p>
        <QrCode text={uri} label={m.ops_join_qr()} />
        <p className="text-sm">
          {m.ops_join_key()}{' '}
          <code dir="ltr" className="break-all font-mono text-sm">
            {secret}
          </code>
        </p>
        <FormField label={m.ops_name()} name="name" autoComplete="name" error={problems.name} required />
        <FormField
          label={m.ops_password()}
          hint={m.ops_password_hint()}
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          error={problems.password}
          required
        />
        <FormField label={m.ops_code()} name="code" inputMode="numeric" autoComplete="one-time-code" dir="ltr" error={problems.code} required />
        {problems.form && (
          <p role="alert" className="text-sm font-medium text-sale">
            {problems.form}
          </p>
        )}
        <SubmitButton busy={join.isPending}>{m.ops_join()}</SubmitButton>
      </form>
    </main>
  )
}
