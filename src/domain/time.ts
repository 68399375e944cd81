/** Lifetimes in app.config.ts carry their unit in their name (days, minutes, seconds); these turn them into what an API wants. */
export const secondsPerDay = 24 * 60 * 60

export const daysToSeconds = (days: number): number => days * secondsPerDay
export const daysToMs = (days: number): number => days * secondsPerDay * 1000
export const hoursToMs = (hours: number): number => hours * 3600 * 1000
