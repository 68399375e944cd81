/** The console's sign-in (docs/product.md, "The merchant console"): email, password and the authenticator app's code on one form. */
import { useState, type FormEvent } from 'react'
import { submittedFields } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import { useSignIn } from '../../queries/ops'
import { FormField } from '../ui/FormField'
import { SubmitButton } from '../ui/SubmitButton'
import { opsErrorText } from './ops-text'

export function SignInForm() {
  const signIn = useSignIn()
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const code = field('code').replace(/\s/g, '')
    if (!/^\d{6}$/.test(code)) return setProblem(m.ops_code_format())
    setProblem(null)
    signIn.mutate({ email: field('email'), password: field('password'), code }, { onError: (error) => setProblem(opsErrorText(error)) })
  }
  return (
    <main className="mx-auto max-w-sm px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{m.ops_sign_in_title()}</h1>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-5">
        <FormField label={m.ops_email()} name="email" type="email" autoComplete="username" dir="ltr" required />
        <FormField label={m.ops_password()} name="password" type="password" autoComplete="current-password" dir="ltr" required />
        <FormField
          label={m.ops_code()}
          hint={m.ops_code_hint()}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={7}
          required
        />
        {problem && (
          <p role="alert" className="text-sm font-medium text-sale">
            {problem}
          </p>
        )}
        <SubmitButton busy={signIn.isPending}>{m.ops_sign_in()}</SubmitButton>
      </form>
    </main>
  )
}
