import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { appShell } from './build/app-shell.ts'
import { arktypeJitless } from './build/arktype-jitless.ts'
import { lazyRpcClient } from './build/lazy-rpc-client.ts'
import { localCrons } from './build/local-crons.ts'
import { staticAssetHeaders } from './build/static-headers.ts'

/** The chunks vite.config.ts's groups make, by name (the rest are named by their hash). */
const namedChunks = new Set(['react', 'framework', 'product-parts', 'console'])

export default defineConfig({
  // A build's id: the edge page cache keeps pages per build, whose scripts are named by their hashes (worker/http/page-cache.ts).
  define: { 'import.meta.env.MATJAR_BUILD_ID': JSON.stringify(randomUUID()) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '~', replacement: fileURLToPath(new URL('./worker', import.meta.url)) },
      // React's edge renderer encodes every string (each attribute name and value, each text) with its
      // own TextEncoder.encode, a new buffer each; the Node build writes them into one buffer with
      // encodeInto. workerd runs it (nodejs_compat), same HTML, same streaming: SSR CPU per request
      // /laptops 19.2 -> 13.7 ms, /cart 9.5 -> 6.6 (.tmp measurements, workerd via vite preview).
      { find: /^react-dom\/server$/, replacement: 'react-dom/server.node' },
      // React 19 has useSyncExternalStore: the shim for React 16/17 (TanStack Store asks for it) is dead weight.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  plugins: [
    arktypeJitless(),
    lazyRpcClient(),
    staticAssetHeaders(),
    appShell(),
    localCrons(),
    cloudflare({
      viteEnvironment: { name: 'ssr' },
      // Tests run the store on a state of their own (MATJAR_STATE_DIR), fresh every run.
      persistState: process.env.MATJAR_STATE_DIR ? { path: process.env.MATJAR_STATE_DIR } : true,
    }),
    tailwindcss(),
    tanstackStart({
      // The Worker's entry (routing to the Hono apps or to Start, and the Durable Objects) is named for what it
      // is, so it cannot be mistaken for src/server/, the server functions' folder.
      server: { entry: 'worker-entry' },
      // worker/ holds D1, KV, Durable Object and secret-handling code: never in a client bundle.
      importProtection: { client: { files: [/\/worker\//, '**/*.server.*'] } },
    }),
    react(),
  ],
  // SOURCEMAP=1 npm run build: maps for seeing what a chunk holds (never shipped by default).
  build: { sourcemap: process.env.SOURCEMAP === '1' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The chunks the groups below name keep their names; the rest are their hash alone. Every lazy part's file
            // name sits in the framework chunk's preload table, and the names (checkout_pay_cashondelivery-...) were
            // 0.7 KB gzip of every page's first load. SOURCEMAP=1 shows what a chunk holds.
            chunkFileNames: (chunk) => (namedChunks.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
            codeSplitting: {
              // The code every page needs, in two chunks that evaluate in two tasks (src/client.tsx): the entry
              // with React (and Vite's preload helper and the bundler's runtime, which the entry needs first:
              // apart they cost 0.9 KB of first-load JS), then the router, Start and the libraries with the
              // store's own frame (router, root route, header, footer), which the framework group takes along
              // as its dependencies. A higher priority keeps a module in its own group. A third chunk (Start's
              // client and the frame apart from the router) cost 4.3 KB gzip more for the same code; a few large
              // chunks compress better than the dozen small ones automatic splitting makes (scripts/first-load-js.ts).
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite\/preload-helper|rolldown\/runtime|[\\/]src[\\/]client\.tsx$/,
                  priority: 30,
                },
                {
                  name: 'framework',
                  // Not Start's server-function fetcher nor seroval: they load with the first call (build/lazy-rpc-client.ts);
                  // the parts of seroval hydration needs come along as the framework's dependencies. Nor the infinite query's
                  // observer: only the product page's reviews page through, and they load with their own chunk.
                  test: /node_modules[\\/](@tanstack[\\/](?!start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/](serverFnFetcher|frame-decoder)|query-core[\\/]build[\\/]modern[\\/]infiniteQueryObserver|react-query[\\/]build[\\/]modern[\\/]useInfiniteQuery)|jotai[\\/]|cookie-es[\\/]|use-sync-external-store[\\/])/,
                  priority: 20,
                },
                // The merchant console (docs/product.md, "The merchant console"): its pages, parts, calls and messages in one
                // chunk that loads with its first page. Left to automatic splitting they made 53 chunks, and each one's name
                // and preload list sat in every shopper's first bundle (3.3 KB gzip). Only modules of the console itself:
                // what it shares with the shop (prices, dates) stays where the shop's pages load it.
                {
                  name: 'console',
                  priority: 10,
                  includeDependenciesRecursively: false,
                  test: /[\\/]src[\\/](routes[\\/]ops\.[^?]*\?tsr-split|components[\\/]ops[\\/]|queries[\\/]ops|paraglide[\\/]messages[\\/]ops_)/,
                },
                // What a product shows wherever it appears (card or page), with the card itself: one chunk, not a
                // handful of tiny ones (home, category, search -1.1/-1.1/-0.6 KB; product +0.5, cart +4.4 but under 150).
                // The breadcrumbs and paraglide's plural rules (a 99-byte chunk) too: the pages that use them load it anyway.
                // And the record of recently viewed products: the product page writes it and the home page draws it, and
                // as a chunk of its own it cost the product page 0.4 KB (home +0.3, product -0.2 as part of this one).
                {
                  name: 'product-parts',
                  priority: 5,
                  test: /[\\/]src[\\/](paraglide[\\/]registry\.js|(components[\\/](JsonLd|Breadcrumbs|product[\\/](ProductCard|AddToCartButton|use-add-product|WishlistButton|CompareButton|DeliveryBadge|ProductLabels|RotatingMessages|stock-label))|lib[\\/](compare|structured-data|viewed-store)|domain[\\/](pricing|delivery|stock|labels|recently-viewed))\.tsx?)$/,
                },
              ],
            },
          },
        },
      },
    },
  },
})
