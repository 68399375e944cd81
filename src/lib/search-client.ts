/**
 * The browser's search client: the official algoliasearch (lite) client, talking to Algolia when
 * the store is configured with it (frame data), else to the embedded service on the store's own host.
 * Loaded with the search popup, never in the first page load.
 */
import { liteClient } from 'algoliasearch/lite'

let client: ReturnType<typeof liteClient> | null = null

export function browserSearchClient(hosted: { appId: string; apiKey: string } | null) {
  if (client) return client
  client = hosted
    ? liteClient(hosted.appId, hosted.apiKey)
    : liteClient('embedded', 'embedded', {
        hosts: [{ url: window.location.host, accept: 'readWrite', protocol: window.location.protocol === 'http:' ? 'http' : 'https' }],
      })
  return client
}
