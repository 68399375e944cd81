/**
 * A pickup showroom's hours on the order's day (Friday's are its own), its phone and its map: what checkout shows once
 * a showroom and a date are chosen, and the confirmation shows again (docs/product.md, "Showrooms").
 */
import { showroomHoursOn, type PickupShowroom } from '../../domain/shipping'
import { showroomPhoneText, showroomTel, showroomTime } from '../../domain/showrooms'
import { isolated } from '../../lib/bidi'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'

export function PickupHours({ showroom, date }: { showroom: PickupShowroom; date: string | null }) {
  const locale = currentLocale()
  const hours = date ? showroomHoursOn(showroom, date) : null
  return (
    <>
      {hours && <p>{m.checkout_pickup_hours({ opens: showroomTime(hours.opens, locale), closes: showroomTime(hours.closes, locale) })}</p>}
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={showroomTel(showroom.phone)} className="font-semibold text-brand underline-offset-2 hover:underline">
          {m.showrooms_call({ name: showroom.name, phone: isolated(showroomPhoneText(showroom.phone)) })}
        </a>
        <a href={showroom.map_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline-offset-2 hover:underline">
          {m.showrooms_map({ name: showroom.name })}
        </a>
      </p>
    </>
  )
}
