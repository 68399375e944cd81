/**
 * "Send my codes and order updates on WhatsApp": the least choice where a mobile is given (sign-in by code,
 * registration, checkout); ticked, the code on its way and what follows go by WhatsApp, back to SMS if WhatsApp cannot
 * deliver (docs/decisions/0036-whatsapp-channel.md). Unticked changes nothing: SMS, or what was chosen before (the
 * account page changes it either way).
 */
import { m } from '../../paraglide/messages.js'

export const whatsappField = 'whatsapp'

/** The channel a form asks for: WhatsApp when ticked, else none (the stored choice stands). */
export const chosenChannel = (ticked: boolean) => (ticked ? ('whatsapp' as const) : undefined)

export function WhatsAppChoice(props: { checked?: boolean; onChange?: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={whatsappField}
        className="size-4 accent-brand"
        {...(props.onChange ? { checked: Boolean(props.checked), onChange: (event) => props.onChange!(event.target.checked) } : {})}
      />
      {m.whatsapp_choice()}
    </label>
  )
}
