/**
 * arktype compiles validators with `new Function`. workerd allows that while a Worker starts up, so
 * arktype's own check decides JIT is fine, but forbids it once a request runs ("Code generation from
 * strings disallowed"). arktype's `configure({ jitless: true })` cannot help: bundling evaluates
 * arktype's chunk before any module of ours. So the server bundles are built with arktype's default
 * switched to jitless. The browser needs nothing: our CSP forbids eval, which arktype detects.
 */
import type { Plugin } from 'vite'

const defaultLine = 'jitless: envHasCsp()'

export function arktypeJitless(): Plugin {
  return {
    name: 'matjar:arktype-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!/@ark[\\/]schema[\\/]out[\\/]kinds\.js$/.test(id)) return null
      if (!code.includes(defaultLine)) this.error(`arktype changed: "${defaultLine}" not found in ${id}`)
      return code.replace(defaultLine, 'jitless: true')
    },
  }
}
