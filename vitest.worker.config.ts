// Anything with a binding: tests in workerd against real local D1, KV and Durable Objects, with
// the Worker built the same way as for production (Start, React, arktype jitless).
import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { arktypeJitless } from './build/arktype-jitless.ts'

export default defineConfig(async () => ({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '~': fileURLToPath(new URL('./worker', import.meta.url)),
    },
  },
  plugins: [
    arktypeJitless(),
    cloudflareTest({
      main: './src/worker-entry.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The workerd tests run the store as local commands do (wrangler.toml says production).
        bindings: {
          APP_ENV: 'development',
          // .dev.vars carries a local operator token for `npm run ops`; the tests give the operator API theirs.
          OPS_TOKEN: '',
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./worker/storage/migrations', import.meta.url))),
        },
      },
    }),
    tanstackStart({ server: { entry: 'worker-entry' } }),
    react(),
  ],
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['./tests/worker/setup.ts'],
    // The first SSR request in a file transforms the whole app (about 10 s on 2 free cores, over 30 s on a busy
    // machine): the timeout only catches a hang, so it leaves room for a machine doing other work.
    testTimeout: 90_000,
    // One isolate for every file, one file at a time: a fresh isolate per file loaded the whole app again (about 12 s
    // a file, 59 files: most of the suite's 17 minutes). Each file still starts from a clean, seeded store
    // (tests/worker/setup.ts empties every binding), which is only safe with no other file running beside it.
    isolate: false,
    fileParallelism: false,
    hookTimeout: 60_000,
    // The Worker's one-line-per-request logs are checked by a test; here they would only be noise.
    onConsoleLog: (log: string) => !log.includes('"level":"info"'),
  },
}))
