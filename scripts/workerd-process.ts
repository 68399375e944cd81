// The workerd processes a locally served Worker runs in (vite preview -> workerd), read from /proc: their CPU time and
// resident memory, for npm run bench and npm run load. On Cloudflare, timers inside a Worker do not advance during
// CPU work, so the process's own CPU time is the honest measure here (docs/architecture.md, "Bars every part clears").
import { execSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

export const clockTicks = Number(execSync('getconf CLK_TCK').toString().trim()) || 100

function descendants(pid: number): number[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
  const parentOf = new Map<number, number>()
  for (const p of all) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      parentOf.set(p, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // Gone since the listing: it has no children left to find.
    }
  }
  const found: number[] = []
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid !== parent) continue
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

export function workerdPids(rootPid: number): number[] {
  return descendants(rootPid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'workerd'
    } catch {
      return false
    }
  })
}

/** CPU seconds used so far by the given processes (user + system). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const p of pids) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // Exited: its time is no longer counted anywhere.
    }
  }
  return ticks / clockTicks
}

/** Resident memory of the given processes, in MB. */
export function residentMb(pids: number[]): number {
  let kb = 0
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      // Exited: it holds no memory.
    }
  }
  return kb / 1024
}
