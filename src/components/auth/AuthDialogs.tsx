/** The account modals, loaded together the first time one opens (account code loads lazily, docs/architecture.md, "Bars every part clears"). */
import { AuthDialog } from './AuthDialog'
import { ForgotDialog } from './ForgotDialog'
import { OtpDialog } from './OtpDialog'

export default function AuthDialogs() {
  return (
    <>
      <AuthDialog />
      <OtpDialog />
      <ForgotDialog />
    </>
  )
}
