// Where the store leans on framework internals (docs/architecture.md, "Where we lean on framework internals"): each
// guard reads the installed dependency the way the patch does, so an upgrade that changes it fails here, in the fast
// check, naming the file to revisit, before a build or a browser test would. The build checks the same again.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { jitlessByDefault } from '../build/arktype-jitless'
import { lazyClientRpc } from '../build/lazy-rpc-client'
import packageJson from '../package.json'

const installed = (path: string) => readFileSync(`node_modules/${path}`, 'utf8')
const version = (name: string) => (JSON.parse(installed(`${name}/package.json`)) as { version: string }).version

describe('build/lazy-rpc-client.ts', () => {
  it("finds the fetcher call it rewrites in Start's createClientRpc", () => {
    const path = '@tanstack/start-client-core/dist/esm/client-rpc/createClientRpc.js'
    const rewritten = lazyClientRpc(installed(path), path)
    expect(rewritten).toContain('import("./serverFnFetcher.js")')
    expect(rewritten).not.toMatch(/^import .*serverFnFetcher/m)
  })
})

describe('build/arktype-jitless.ts', () => {
  it("finds arktype's jitless default it switches", () => {
    const path = '@ark/schema/out/kinds.js'
    expect(jitlessByDefault(installed(path), path)).toContain('jitless: true')
  })
})

describe('src/client.tsx', () => {
  it("is Start's default client entry split in two tasks: the default has not changed since it was copied", () => {
    // When this fails, Start's own entry does something new on hydration: carry it into src/client.tsx.
    const entry = installed('@tanstack/react-start/dist/plugin/default-entry/client.tsx').replace(/\s+/g, ' ').trim()
    expect(entry).toBe(
      "import { StrictMode, startTransition } from 'react' import { hydrateRoot } from 'react-dom/client' import { StartClient } from '@tanstack/react-start/client' startTransition(() => { hydrateRoot( document, <StrictMode> <StartClient /> </StrictMode>, ) })",
    )
  })
})

describe("vite.config.ts's react-dom/server alias", () => {
  it("points at React's Node server build, which streams as Start asks", async () => {
    const server = (await import('react-dom/server.node')) as { renderToReadableStream?: unknown }
    expect(typeof server.renderToReadableStream).toBe('function')
  })

  it("is still faster: React's edge build still encodes each string with a buffer of its own", () => {
    // The alias pays because the Node build writes with encodeInto into one buffer (docs/architecture.md). When the
    // edge build does too, measure /laptops' CPU per request without the alias and drop it if the gain is gone.
    expect(installed('react-dom/cjs/react-dom-server.edge.production.js')).not.toContain('encodeInto')
  })
})

describe("package.json's workerd override for @cloudflare/vite-plugin", () => {
  const override = packageJson.overrides['@cloudflare/vite-plugin'].workerd
  const numeric = (v: string) => Number(v.split('.')[1])

  it('is still needed: the plugin itself pins a workerd older than the one that collects rendered responses', () => {
    // docs/decisions/0005-platform-traps.md, 17: when the plugin pins 1.20261117 or later, remove the override.
    const pinned = (JSON.parse(installed('@cloudflare/vite-plugin/package.json')) as { dependencies: Record<string, string> }).dependencies.workerd!
    expect(numeric(pinned), `@cloudflare/vite-plugin pins workerd ${pinned}: the override to ${override} can go`).toBeLessThan(numeric(override))
  })

  it('is in effect: the runtime the plugin starts is the overriding version', () => {
    // npm nests the plugin's workerd under it when another package asks for a different one.
    const nested = (() => {
      try {
        return version('@cloudflare/vite-plugin/node_modules/workerd')
      } catch {
        return null
      }
    })()
    expect(nested ?? version('workerd')).toBe(override)
  })
})
