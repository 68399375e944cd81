/** The crons of wrangler.toml's [triggers], by what they run (worker/scheduled/housekeeping.ts). */
export const crons = { everyFiveMinutes: '*/5 * * * *', daily: '30 0 * * *' } as const
