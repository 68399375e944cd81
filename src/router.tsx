import { QueryClient } from '@tanstack/react-query'
import { createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { ErrorFallback } from './components/ErrorFallback'
import { rememberLocalePerUrl } from './lib/i18n'
import { deLocalizeUrl, localizeUrl } from './paraglide/runtime'
import { routeTree } from './routeTree.gen'

if (!import.meta.env.SSR) rememberLocalePerUrl()

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // On the server a query lives only for its request (docs/decisions/0005-platform-traps.md, 10).
      // A read that fails while rendering fails at once (a retry held a bad URL's page for a second).
      queries: { staleTime: 60_000, gcTime: import.meta.env.SSR ? 0 : 5 * 60_000, retry: import.meta.env.SSR ? false : 1 },
    },
  })
  const nonce = import.meta.env.SSR ? (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce : undefined
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorFallback,
    // The 404 page's code loads when a page is not found: it is not in every page's first bundle.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/NotFound'), 'NotFound'),
    // Routes are written without the locale; /en/... maps onto them and links keep the locale.
    rewrite: { input: ({ url }) => deLocalizeUrl(url), output: ({ url }) => localizeUrl(url) },
    ssr: nonce ? { nonce } : undefined,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
