/** The campaign countdown (docs/decisions/0006-where-the-spec-is-silent.md): data-driven from the home content's window. */
import { secondsPerDay } from '../domain/time'

interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Time left until the window closes, or null when it is not open at `now`. */
export function campaignTimeLeft(window: { opens_at: string; closes_at: string }, now: Date): CountdownParts | null {
  const opens = Date.parse(window.opens_at)
  const closes = Date.parse(window.closes_at)
  const t = now.getTime()
  if (Number.isNaN(opens) || Number.isNaN(closes) || t < opens || t >= closes) return null
  let rest = Math.floor((closes - t) / 1000)
  const days = Math.floor(rest / secondsPerDay)
  rest -= days * secondsPerDay
  const hours = Math.floor(rest / 3600)
  rest -= hours * 3600
  const minutes = Math.floor(rest / 60)
  return { days, hours, minutes, seconds: rest - minutes * 60 }
}
