// Lighthouse's own measure of this machine's CPU (its "benchmark index"), run in a page of the browser that is about
// to be measured, and the CPU slowdown that makes this machine stand for a device of a given index (the larger the
// index, the faster the machine). Shared by `npm run inp` and `npm run lighthouse` so their figures compare across
// machines: the same page on a fast machine and a slow one is slowed to the same device.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'

/** Lighthouse's benchmark, as source a page can evaluate. */
const benchmarkSource = `(${pageFunctions.computeBenchmarkIndex.toString()})()`

/** The median of a few runs of the benchmark, through whatever evaluates script in the page. */
export async function benchmarkIndex(evaluate: (source: string) => Promise<number>, runs = 3): Promise<number> {
  const indexes: number[] = []
  for (let i = 0; i < runs; i++) indexes.push(await evaluate(benchmarkSource))
  return indexes.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

/** The CPU slowdown that makes a machine of `index` behave like a device of `deviceIndex` (never faster than it is). */
export function slowdownFor(index: number, deviceIndex: number): number {
  return Math.max(1, Math.round((index / deviceIndex) * 100) / 100)
}
