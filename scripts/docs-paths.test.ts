// Docs that cannot drift: every repository path the docs, the README and the code's comments cite exists, and so
// does every file a backticked name points to (docs/architecture.md names files by their name alone). A rename that
// leaves a citation behind fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const skipped = new Set(['node_modules', 'dist', '.wrangler', '.git', 'paraglide', 'test-results', 'playwright-report', 'screenshots', '.seed'])

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (skipped.has(name)) return []
    return statSync(join(root, path)).isDirectory() ? filesUnder(path) : [path]
  })
}

const tree = ['src', 'worker', 'scripts', 'tests', 'docs', 'build', 'messages'].flatMap(filesUnder)
const citing = [...tree.filter((path) => /\.(ts|tsx|md|css|cjs)$/.test(path)), 'README.md', 'app.config.ts', 'vite.config.ts', 'wrangler.toml']
const names = new Set([...tree, ...readdirSync(root)].map((path) => basename(path)))

/** A path from the top of the repository, as the docs cite them: src/domain/cookies.ts. */
const repositoryPath = /\b(?:src|worker|scripts|tests|docs|messages|build)\/[A-Za-z0-9_.$/-]+\.(?:tsx?|md|json|sql|css|cjs)\b/g
/** A file named alone in backticks: `account-store.ts`. */
const namedFile = /`([A-Za-z0-9_.-]+\.(?:tsx?|md|sql|cjs))`/g

describe('paths cited in docs and comments', () => {
  const missing: string[] = []
  for (const file of citing) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const [path] of text.matchAll(repositoryPath)) if (!existsSync(join(root, path))) missing.push(`${file}: ${path}`)
    for (const [, name] of text.matchAll(namedFile)) if (!names.has(name!)) missing.push(`${file}: \`${name}\``)
  }

  it('all exist', () => {
    expect([...new Set(missing)]).toEqual([])
  })
})
