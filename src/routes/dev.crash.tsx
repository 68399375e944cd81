/** A page that always fails to render, so tests can see the error fallback. Absent in production. */
import { createFileRoute, notFound } from '@tanstack/react-router'
import { devQueries } from '../queries/dev'

export const Route = createFileRoute('/dev/crash')({
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.query({ ...devQueries.routesEnabled(), staleTime: 'static' }))) throw notFound()
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: Crash,
})

function Crash(): never {
  throw new Error('Deliberate render crash (development and tests only)')
}
