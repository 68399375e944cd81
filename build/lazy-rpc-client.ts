/**
 * Start's client for server functions (its fetcher, with seroval's reader and writer and the framed-stream decoder:
 * ~7 KB gzip) is imported by the code that hydrates every page, though no first paint calls a server function: the
 * cart, the session and every other call start after hydration. In the browser build the fetcher is loaded with the
 * first call instead, out of the first-load JS (docs/decisions/0023-server-function-client-on-first-call.md). A
 * call's answer is a promise either way, so callers see no difference beyond one more small chunk on the first call.
 *
 * It rewrites a file of Start's (docs/architecture.md, "Where we lean on framework internals"), so it checks both
 * ends: the source it rewrites must still read as expected, and the finished bundle must hold the fetcher in a chunk
 * that nothing imports statically. Either failing stops the build with a message naming this file.
 */
import type { Plugin } from 'vite'

const staticImport = 'import { serverFnFetcher } from "./serverFnFetcher.js";'
const call = 'return serverFnFetcher(url, args, startFetch ?? fetch);'
const rpcModule = /@tanstack[\\/]start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/]createClientRpc\.js$/
const fetcherModule = /@tanstack[\\/]start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/]serverFnFetcher\.js$/

/** createClientRpc.js with its fetcher imported by the call; throws if Start's source no longer reads as expected. */
export function lazyClientRpc(code: string, id: string): string {
  if (!code.includes(staticImport) || !code.includes(call))
    throw new Error(`Start's createClientRpc changed: its fetcher call was not found in ${id} (build/lazy-rpc-client.ts)`)
  return code
    .replace(staticImport, '')
    .replace(call, 'return import("./serverFnFetcher.js").then(({ serverFnFetcher }) => serverFnFetcher(url, args, startFetch ?? fetch));')
}

export function lazyRpcClient(): Plugin {
  let rewritten = false
  return {
    name: 'matjar:lazy-rpc-client',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!rpcModule.test(id)) return null
      rewritten = true
      return lazyClientRpc(code, id)
    },
    generateBundle(_, bundle) {
      if (!rewritten) this.error("Start's createClientRpc was not in the client build: build/lazy-rpc-client.ts rewrote nothing")
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
      const home = chunks.find((chunk) => chunk.moduleIds.some((id) => fetcherModule.test(id)))
      if (!home)
        this.error("Start's serverFnFetcher is not in the client build: build/lazy-rpc-client.ts and vite.config.ts's framework group name it")
      const importer = chunks.find((chunk) => chunk.imports.includes(home.fileName))
      if (home.isEntry || importer || home.moduleIds.some((id) => rpcModule.test(id))) {
        this.error(
          `Start's serverFnFetcher is loaded with the page again (its chunk ${home.fileName}${importer ? `, imported by ${importer.fileName}` : ''}): ` +
            "build/lazy-rpc-client.ts no longer keeps it out of the first load (Start's client-rpc files or vite.config.ts's framework group changed)",
        )
      }
    },
  }
}
