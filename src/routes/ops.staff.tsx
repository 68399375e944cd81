/**
 * The owner's staff page (docs/product.md, "The merchant console"): who works in the console and in which role; an
 * invitation link for a new member; a role changed, an account turned off, or a member signed out everywhere.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { opsErrorText, roleText } from '../components/ops/ops-text'
import { FormField } from '../components/ui/FormField'
import { isEmail } from '../domain/account-rules'
import { staffRoles, type StaffRole } from '../domain/staff'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { opsQueries, useInvite, useSignOutEverywhere, useStaffChange } from '../queries/ops'

export const Route = createFileRoute('/ops/staff')({ component: StaffPage })

function StaffPage() {
  const staff = useQuery(opsQueries.staff())
  const invite = useInvite()
  const change = useStaffChange()
  const signOut = useSignOutEverywhere()
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null)
  const [link, setLink] = useState<string | null>(null)
  const [emailProblem, setEmailProblem] = useState<string | undefined>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const email = field('email').trim()
    if (!isEmail(email)) return setEmailProblem(m.ops_email_invalid())
    setEmailProblem(undefined)
    invite.mutate(
      { email, role: field('role') as StaffRole },
      { onSuccess: (answer) => setLink(answer.link), onError: (error) => setSaid({ text: opsErrorText(error), problem: true }) },
    )
  }
  const outcome = {
    onSuccess: () => setSaid({ text: m.ops_saved(), problem: false }),
    onError: (error: unknown) => setSaid({ text: opsErrorText(error), problem: true }),
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_staff()}</h1>
      <form
        onSubmit={submit}
        noValidate
        aria-label={m.ops_invite()}
        className="grid gap-3 rounded-2xl bg-white p-4 md:grid-cols-[1fr_12rem_auto] md:items-end"
      >
        <FormField label={m.ops_email()} name="email" type="email" dir="ltr" error={emailProblem} />
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_role()}</span>
          <select name="role" defaultValue="operations" className="h-11 w-full rounded-lg border border-line bg-white px-2">
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {roleText[role]()}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={invite.isPending} className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink">
          {m.ops_invite()}
        </button>
        {link && (
          <p role="status" className="text-sm md:col-span-3">
            {m.ops_invite_link()}{' '}
            <code dir="ltr" className="break-all font-mono">
              {link}
            </code>
          </p>
        )}
      </form>
      {said && (
        <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'text-sale' : 'text-brand'}>
          {said.text}
        </p>
      )}
      <ul aria-label={m.ops_staff()} className="space-y-2">
        {staff.data?.staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4">
            <span className="me-auto">
              <bdi className="font-semibold">{member.name}</bdi>{' '}
              <bdi dir="ltr" className="text-sm text-muted">
                {member.email}
              </bdi>
              {!member.active && <span className="ms-2 text-sm text-sale">{m.ops_inactive()}</span>}
            </span>
            <label className="flex items-center gap-2 text-sm">
              {m.ops_role()}
              <select
                value={member.role}
                onChange={(event) => change.mutate({ id: member.id, role: event.target.value as StaffRole, active: member.active }, outcome)}
                className="h-10 rounded-lg border border-line bg-white px-2"
              >
                {staffRoles.map((role) => (
                  <option key={role} value={role}>
                    {roleText[role]()}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              onClick={() => change.mutate({ id: member.id, role: member.role, active: !member.active }, outcome)}
              className="h-10 rounded-full border border-line px-4 text-sm font-semibold"
            >
              {member.active ? m.ops_turn_off() : m.ops_turn_on()}
            </button>
            <button
              type="button"
              onClick={() => signOut.mutate(member.id, outcome)}
              className="h-10 rounded-full border border-line px-4 text-sm font-semibold"
            >
              {m.ops_sign_out_everywhere()}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
