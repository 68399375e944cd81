/**
 * arktype compiles validators with `new Function`. workerd allows that while a Worker starts up, so
 * arktype's own check decides JIT is fine, but forbids it once a request runs ("Code generation from
 * strings disallowed"). arktype's `configure({ jitless: true })` cannot help: bundling evaluates
 * arktype's chunk before any module of ours. So the server bundles are built with arktype's default
 * switched to jitless. The browser needs nothing: our CSP forbids eval, which arktype detects.
 */
import type { Plugin } from 'vite'

const defaultLine = 'jitless: envHasCsp()'

/** @ark/schema's kinds.js with jitless as its default; throws if arktype's source no longer reads as expected. */
export function jitlessByDefault(code: string, id: string): string {
  if (!code.includes(defaultLine)) throw new Error(`arktype changed: "${defaultLine}" not found in ${id} (build/arktype-jitless.ts)`)
  return code.replace(defaultLine, 'jitless: true')
}

export function arktypeJitless(): Plugin {
  return {
    name: 'matjar:arktype-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!/@ark[\\/]schema[\\/]out[\\/]kinds\.js$/.test(id)) return null
      return jitlessByDefault(code, id)
    },
  }
}
