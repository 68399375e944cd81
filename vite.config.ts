import { fileURLToPath } from 'node:url'
import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { arktypeJitless } from './build/arktype-jitless.ts'

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '~', replacement: fileURLToPath(new URL('./worker', import.meta.url)) },
      // React's edge renderer encodes every string (each attribute name and value, each text) with its
      // own TextEncoder.encode, a new buffer each; the Node build writes them into one buffer with
      // encodeInto. workerd runs it (nodejs_compat), same HTML, same streaming: SSR CPU per request
      // /laptops 19.2 -> 13.7 ms, /cart 9.5 -> 6.6 (.tmp measurements, workerd via vite preview).
      { find: /^react-dom\/server$/, replacement: 'react-dom/server.node' },
    ],
  },
  plugins: [
    arktypeJitless(),
    cloudflare({
      viteEnvironment: { name: 'ssr' },
      // Tests run the store on a state of their own (MATJAR_STATE_DIR), fresh every run.
      persistState: process.env.MATJAR_STATE_DIR ? { path: process.env.MATJAR_STATE_DIR } : true,
    }),
    tailwindcss(),
    tanstackStart({
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
            codeSplitting: {
              // Every page needs the framework: one chunk compresses better than the dozen small
              // ones automatic splitting makes of it (measured with scripts/first-load-js.ts).
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins|jotai|cookie-es|use-sync-external-store)[\\/]/,
                },
                // What a product shows wherever it appears (card or page), with the card itself: one chunk, not a
                // handful of tiny ones (home, category, search -1.1/-1.1/-0.6 KB; product +0.5, cart +4.4 but under 150).
                // The breadcrumbs and paraglide's plural rules (a 99-byte chunk) too: the pages that use them load it anyway.
                {
                  name: 'product-parts',
                  test: /[\\/]src[\\/](paraglide[\\/]registry\.js|(components[\\/](JsonLd|Breadcrumbs|product[\\/](ProductCard|AddToCartButton|use-add-product|WishlistButton|CompareButton|DeliveryBadge|ProductLabels|RotatingMessages|stock-label))|lib[\\/](pricing|delivery|stock|compare|labels|structured-data))\.tsx?)$/,
                },
              ],
            },
          },
        },
      },
    },
  },
})
