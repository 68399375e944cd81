// No shopper waits for a search build (issue 48): what follows an import (`npm run catalogue:import` asks the Worker
// for it, worker/catalogue/page-purge.ts) builds every index and leaves its snapshot in KV before the new catalogue
// version is made current, so the first search after it, in a fresh isolate, reads a snapshot and builds nothing; and
// a search arriving while that build runs is answered from the last snapshot. Counts builds, never times them.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { catalogueReplaced } from '~/catalogue/page-purge'
import { dropSearchIndexes, searchBuildCount } from '~/search/indexes'
import { catalogueVersionKey } from '~/storage/kv-cache'
import { asOperator } from './order-helpers'

async function hitNames(query: string): Promise<string[]> {
  const response = await SELF.fetch('https://matjar.test/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [{ indexName: 'products_en', query }] }),
  })
  expect(response.status).toBe(200)
  const { results } = (await response.json()) as { results: { hits: { name: string }[] }[] }
  return results[0]!.hits.map((hit) => hit.name)
}

/** A product renamed in D1, as an import that updates it by SKU leaves it. */
async function rename(name: string): Promise<void> {
  const id = (await env.DB.prepare("SELECT entity_id FROM products WHERE parent_id IS NULL AND type_id = 'simple' ORDER BY entity_id LIMIT 1").first<{
    entity_id: number
  }>())!.entity_id
  await env.DB.prepare('UPDATE products SET name_en = ? WHERE entity_id = ?').bind(name, id).run()
}

describe('search after an import', () => {
  it('the first search after an import reads the snapshots the import left: it builds nothing', async () => {
    await hitNames('phone')
    await rename('Quokka Travel Kettle')
    const versionBefore = await env.CACHE.get(catalogueVersionKey)

    const replaced = await asOperator('POST', '/housekeeping', { run: 'catalogue-replaced' })
    expect(replaced.status).toBe(200)
    const version = await env.CACHE.get(catalogueVersionKey)
    expect(version).not.toBe(versionBefore)
    expect(replaced.body.data.reports[0]).toMatchObject({ job: 'catalogue-replaced', version })

    // A fresh isolate: nothing in memory, only what KV holds.
    dropSearchIndexes()
    const builds = searchBuildCount()
    expect(await hitNames('quokka')).toEqual(['Quokka Travel Kettle'])
    expect(searchBuildCount()).toBe(builds)
  })

  it('a search arriving while the build runs is answered from the last snapshot', async () => {
    await hitNames('phone')
    await rename('Wombat Espresso Grinder')
    // The build's reads wait until let go, so the search below surely arrives while it runs.
    let letGo = () => {}
    const gate = new Promise<void>((resolve) => (letGo = resolve))
    const held = (statement: D1PreparedStatement): D1PreparedStatement =>
      ({ bind: (...values: unknown[]) => held(statement.bind(...values)), all: async () => (await gate, statement.all()) }) as D1PreparedStatement
    const building = catalogueReplaced({ ...env, DB: { prepare: (sql: string) => held(env.DB.prepare(sql)) } as D1Database })
    const builds = searchBuildCount()
    // The catalogue version has not moved yet: this search is the old catalogue's, read from its snapshot (a fresh
    // isolate), and starts no build of its own.
    dropSearchIndexes()
    expect(await hitNames('wombat')).toEqual([])
    expect(searchBuildCount()).toBe(builds)
    letGo()
    await building
    dropSearchIndexes()
    expect(await hitNames('wombat')).toEqual(['Wombat Espresso Grinder'])
    expect(searchBuildCount()).toBe(builds)
  })
})
