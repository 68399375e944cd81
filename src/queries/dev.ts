/** Whether the development-only pages exist here (not in production): the crash page uses it. */
import { queryOptions } from '@tanstack/react-query'
import { devRoutesEnabled } from '../server/dev.functions'

export const devQueries = {
  routesEnabled: () => queryOptions({ queryKey: ['dev-routes-enabled'], queryFn: () => devRoutesEnabled(), staleTime: Infinity }),
}
