/** GET /api/health: a bare route for uptime checks and the benchmark's baseline. Touches no binding. */
import { Hono } from 'hono'

export const healthApi = new Hono<{ Bindings: Env }>().get('/health', (c) => c.json({ status: 'ok' }))
