import { DurableObject } from 'cloudflare:workers'

/**
 * One cart per quote (SQLite storage). The foundation only declares the class so the binding and
 * its migration exist from the first deploy; lines, totals and versions arrive with the commerce
 * backend issue.
 */
export class CartObject extends DurableObject<Env> {
  async version(): Promise<number> {
    return (await this.ctx.storage.get<number>('version')) ?? 0
  }
}
