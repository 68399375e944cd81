/**
 * Start's client for server functions (its fetcher, with seroval's reader and writer and the framed-stream decoder:
 * ~7 KB gzip) is imported by the code that hydrates every page, though no first paint calls a server function: the
 * cart, the session and every other call start after hydration. In the browser build the fetcher is loaded with the
 * first call instead, out of the first-load JS (docs/decisions/0023-server-function-client-on-first-call.md). A
 * call's answer is a promise either way, so callers see no difference beyond one more small chunk on the first call.
 */
import type { Plugin } from 'vite'

const staticImport = 'import { serverFnFetcher } from "./serverFnFetcher.js";'
const call = 'return serverFnFetcher(url, args, startFetch ?? fetch);'

export function lazyRpcClient(): Plugin {
  return {
    name: 'matjar:lazy-rpc-client',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!/@tanstack[\\/]start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/]createClientRpc\.js$/.test(id)) return null
      if (!code.includes(staticImport) || !code.includes(call)) this.error(`Start's createClientRpc changed: its fetcher call was not found in ${id}`)
      return code
        .replace(staticImport, '')
        .replace(call, 'return import("./serverFnFetcher.js").then(({ serverFnFetcher }) => serverFnFetcher(url, args, startFetch ?? fetch));')
    },
  }
}
