/** Pages that exist only in development and tests, on this machine (worker/http/environment.ts). */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { env } from 'cloudflare:workers'
import { devRouteAllowed } from '~/http/environment'

export const devRoutesEnabled = createServerFn({ method: 'GET' }).handler(() => devRouteAllowed(env, getRequest().url))
