/**
 * The one way the store's server code searches: the official algoliasearch (lite) client. With
 * ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY set it talks to Algolia over fetch; otherwise its requests
 * are handed to the embedded service in this same Worker (no network hop), speaking the same protocol.
 */
import { createFetchRequester } from '@algolia/requester-fetch'
import { liteClient } from 'algoliasearch/lite'
import { searchApp } from './algolia-routes'

/** The host the client names when the service is embedded (any name: requests never leave the isolate). */
const embeddedHost = 'search.embedded'

export function searchClient(env: Env) {
  const key = (env as Env & { ALGOLIA_SEARCH_KEY?: string }).ALGOLIA_SEARCH_KEY
  if (env.ALGOLIA_APP_ID && key) return liteClient(env.ALGOLIA_APP_ID, key, { requester: createFetchRequester() })
  return liteClient('embedded', 'embedded', {
    hosts: [{ url: embeddedHost, accept: 'readWrite', protocol: 'https' }],
    requester: {
      async send(request) {
        const response = await searchApp.fetch(
          new Request(request.url, { method: request.method, headers: request.headers, body: request.data as string | undefined }),
          env,
        )
        return { status: response.status, content: await response.text(), isTimedOut: false }
      },
    },
  })
}
