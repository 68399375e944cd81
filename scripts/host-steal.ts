// How much of this machine's CPU its host took while something was measured: on a shared virtual machine (these
// machines are), Linux counts as "steal" the time the host ran other guests on our CPUs. A page load measured then is
// stalled task by task, and Lighthouse's simulated throttling multiplies the stalled time by the CPU slowdown as if a
// phone had done that work (one run of /en/search measured 1,198 ms of TBT beside 65-344 for the other four).
// `npm run lighthouse` retakes a run the host stole from (docs/architecture.md, "Bars every part clears").
import { readFileSync } from 'node:fs'

/** Steal and all CPU time so far, in clock ticks, summed over the CPUs (/proc/stat's first line); none off Linux. */
function cpuTicks(): { steal: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) }
  } catch {
    return undefined
  }
}

/**
 * Samples /proc/stat every `everyMs` until stopped; `stop` gives the largest share of CPU time stolen over any
 * `windowMs` (0 where the system does not say). A window, not the whole run: a second's theft inside a 15 s run is
 * what lengthens one task, and averaged over the run it disappears.
 */
export function watchHostSteal(everyMs = 100, windowMs = 1000): { stop: () => number } {
  const samples: { steal: number; total: number }[] = []
  const sample = () => {
    const ticks = cpuTicks()
    if (ticks) samples.push(ticks)
  }
  sample()
  const timer = setInterval(sample, everyMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      return worstStealShare(samples, Math.max(1, Math.round(windowMs / everyMs)))
    },
  }
}

/**
 * The largest share of CPU time stolen between any sample and the one `span` samples later: whole windows only (a
 * window cut short at the end would weigh its few ticks as a whole second's), the whole run when shorter than one.
 */
export function worstStealShare(samples: readonly { steal: number; total: number }[], span: number): number {
  let worst = 0
  for (let i = 0; i < Math.max(Math.min(1, samples.length), samples.length - span); i++) {
    const end = samples[Math.min(samples.length - 1, i + span)]!
    const total = end.total - samples[i]!.total
    if (total > 0) worst = Math.max(worst, (end.steal - samples[i]!.steal) / total)
  }
  return worst
}
