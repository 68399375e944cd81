/** Routes that exist only in development and tests (APP_ENV is not "production"). */
import { createServerFn } from '@tanstack/react-start'
import { env } from 'cloudflare:workers'

export const devRoutesEnabled = createServerFn({ method: 'GET' }).handler(() => env.APP_ENV !== 'production')
