// Compiles messages/*.json into src/paraglide with the spec's locale cookie (NEXT_LOCALE).
// The CLI cannot set the cookie name, so the compiler is called directly.
import { compile } from '@inlang/paraglide-js'

await compile({
  project: './project.inlang',
  outdir: './src/paraglide',
  // The URL decides (/ is Arabic, /en/ English); the cookie remembers the shopper's choice.
  strategy: ['url', 'cookie', 'baseLocale'],
  cookieName: 'NEXT_LOCALE',
  cookieMaxAge: 60 * 60 * 24 * 365,
  isServer: 'import.meta.env.SSR',
  emitGitIgnore: true,
})
