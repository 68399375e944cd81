/** The floating WhatsApp button (docs/product.md, "Screens"), hidden under 992 px, with its 'Contact with Us' tooltip. */
import { Icon } from '../ui/Icon'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'

export function WhatsAppButton() {
  return (
    <a
      href={`https://wa.me/${appConfig.store.supportWhatsAppNumber}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={m.whatsapp_label()}
      className="group fixed end-6 bottom-6 z-20 hidden size-14 items-center justify-center rounded-full bg-[#128c3e] text-white shadow-lg hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:flex"
    >
      <Icon name="message-circle" className="size-7" />
      <span
        role="tooltip"
        className="pointer-events-none absolute end-full me-3 rounded-md bg-ink px-3 py-1.5 text-sm whitespace-nowrap text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
      >
        {m.whatsapp_tooltip()}
      </span>
    </a>
  )
}
