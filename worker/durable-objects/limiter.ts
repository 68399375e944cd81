import { DurableObject } from 'cloudflare:workers'

/**
 * Attempt and send counters (one object per counted subject, e.g. a phone or an IP).
 * hit() counts an attempt inside a fixed window and says whether it is still allowed.
 */
export class LimiterObject extends DurableObject<Env> {
  async hit(limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
    const now = Date.now()
    const window = (await this.ctx.storage.get<{ start: number; count: number }>('window')) ?? { start: now, count: 0 }
    const current = now - window.start >= windowSeconds * 1000 ? { start: now, count: 0 } : window
    current.count += 1
    await this.ctx.storage.put('window', current)
    const allowed = current.count <= limit
    const retryAfterSeconds = allowed ? 0 : Math.ceil((current.start + windowSeconds * 1000 - now) / 1000)
    return { allowed, count: current.count, retryAfterSeconds }
  }
}
