/** The campaign countdown from the home content (never hard-coded dates). */
import { useEffect, useState } from 'react'
import { campaignTimeLeft } from '../../lib/countdown'
import { m } from '../../paraglide/messages.js'
import type { HomeContent } from '../../domain/content'

export function CampaignCountdown({ campaign, serverNow }: { campaign: NonNullable<HomeContent['campaign']>; serverNow: string }) {
  const [now, setNow] = useState(() => new Date(serverNow))
  useEffect(() => {
    // Hydration draws the server's time, as the (possibly cached) HTML did; the browser's clock takes over at once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one update after hydration, by design
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = campaignTimeLeft(campaign, now)
  if (!left) return null
  const units = [
    [left.days, m.home_campaign_days()],
    [left.hours, m.home_campaign_hours()],
    [left.minutes, m.home_campaign_minutes()],
    [left.seconds, m.home_campaign_seconds()],
  ] as const
  return (
    <section className="mx-auto mt-4 max-w-content px-4" aria-label={campaign.title}>
      <div className="flex flex-col items-center justify-between gap-3 rounded-2xl bg-ink px-5 py-4 text-white sm:flex-row">
        <p className="text-lg font-bold">{campaign.title}</p>
        <ol className="flex gap-2" aria-hidden="true">
          {units.map(([value, label]) => (
            <li key={label} className="flex min-w-16 flex-col items-center rounded-lg bg-white/10 px-2 py-1">
              <span className="text-2xl font-extrabold tabular-nums">{String(value).padStart(2, '0')}</span>
              <span className="text-xs opacity-80">{label}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
