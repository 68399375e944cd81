// npm run search:push [-- --remote] [-- --dry-run]
// Indexes the catalogue into Algolia (settings, replicas, synonyms, products and query suggestions
// per language) from the store's D1: the local one (MATJAR_STATE_DIR if set), or with --remote the
// deployed one. Needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment (never in the repo);
// --dry-run reads the catalogue and prints what would be pushed without talking to Algolia.
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { algoliasearch } from 'algoliasearch'
import { allDocumentRowsSql, type DocumentRow } from '../worker/storage/product-documents'
import { algoliaObject, productIndexSettings, pushCatalogue, suggestionIndexSettings, synonymHits } from '../worker/search/algolia-push'
import { productRecords, suggestionRecords } from '../worker/search/records'
import { appConfig } from '../app.config'
import { toolEnv } from './local-worker'

const { values } = parseArgs({ options: { remote: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } } })

function catalogueRows(): DocumentRow[] {
  const where = values.remote ? ['--remote'] : ['--local', ...(process.env.MATJAR_STATE_DIR ? ['--persist-to', process.env.MATJAR_STATE_DIR] : [])]
  const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', allDocumentRowsSql], {
    env: toolEnv,
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [answer] = JSON.parse(out.toString()) as [{ results: DocumentRow[] }]
  return answer.results
}

const appId = process.env.ALGOLIA_APP_ID
const adminKey = process.env.ALGOLIA_ADMIN_KEY
if (!values['dry-run'] && (!appId || !adminKey)) {
  console.error('search:push needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment (the admin key is never stored in the repo).')
  console.error('Without them the store uses its embedded search service, which indexes the catalogue itself: there is nothing to push.')
  process.exit(1)
}

const rows = catalogueRows()
const now = new Date()
console.log(`Catalogue: ${rows.length} products from the ${values.remote ? 'deployed' : 'local'} D1`)

if (values['dry-run']) {
  for (const locale of appConfig.locales.all) {
    const products = productRecords(rows, locale, now).map(algoliaObject)
    const suggestions = suggestionRecords(rows, locale)
    console.log(
      `${appConfig.search.indexNames.products[locale]}: ${products.length} records, settings ${JSON.stringify(productIndexSettings(locale))}`,
    )
    console.log(
      `${appConfig.search.indexNames.suggestions[locale]}: ${suggestions.length} records, settings ${JSON.stringify(suggestionIndexSettings(locale))}`,
    )
  }
  const synonyms = synonymHits()
  console.log(
    `synonyms (both product indexes and their replicas): ${synonyms.length}, e.g. ${synonyms
      .slice(-2)
      .map((hit) => JSON.stringify(hit))
      .join(' ')}`,
  )
  console.log('Dry run: nothing was sent.')
} else {
  await pushCatalogue(algoliasearch(appId!, adminKey!), rows, now, (line) => console.log(line))
  console.log('Pushed. Set ALGOLIA_APP_ID (var) and ALGOLIA_SEARCH_KEY (secret, search-only) on the Worker to search Algolia.')
}
