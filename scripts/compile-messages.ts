// Compiles messages/*.json into src/paraglide with the product's locale cookie (NEXT_LOCALE).
// The CLI cannot set the cookie name, so the compiler is called directly.
import { readFileSync, writeFileSync } from 'node:fs'
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

// Paraglide's plural selector builds a new Intl.PluralRules on every call (each result count on a
// category or search page, server and browser): make one per locale and options, and reuse it.
const registryPath = './src/paraglide/registry.js'
const generated = readFileSync(registryPath, 'utf8')
const perCall = 'return new Intl.PluralRules(locale, options).select(Number(input))'
if (!generated.includes(perCall)) throw new Error(`${registryPath}: paraglide's plural() changed; revisit the memoised rules here`)
writeFileSync(
  registryPath,
  generated.replace(
    perCall,
    `const key = locale + JSON.stringify(options ?? {})
	let rules = pluralRules.get(key)
	if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, options)))
	return rules.select(Number(input))`,
  ) + '\n/** @type {Map<string, Intl.PluralRules>} */\nconst pluralRules = new Map()\n',
)
