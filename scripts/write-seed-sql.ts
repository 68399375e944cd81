// Writes the seed as SQL for `wrangler d1 execute --local --file`.
// Usage: node scripts/write-seed-sql.ts [--products 10000] [--out .seed/seed.sql]
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { seedStatements } from '../worker/seed/sql'
import { allCacheKeys } from '../worker/storage/kv-cache'

const { values } = parseArgs({ options: { products: { type: 'string' }, out: { type: 'string', default: '.seed/seed.sql' } } })
const products = values.products ? Number(values.products) : undefined
if (products !== undefined && !(Number.isInteger(products) && products > 0)) throw new Error('--products must be a positive integer')
const statements = seedStatements({ products })
mkdirSync(dirname(values.out!), { recursive: true })
writeFileSync(values.out!, statements.join('\n') + '\n')
// The cached copies of what the seed changes, for `wrangler kv bulk delete` after loading.
writeFileSync(`${dirname(values.out!)}/cache-keys.json`, JSON.stringify(allCacheKeys()))
console.log(`seed: ${statements.length} statements -> ${values.out}`)
