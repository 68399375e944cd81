// Docs that cannot drift (issue 27, item 4). Every repository path the docs, the README and the comments of the code
// cite exists; so does every section they cite by name (docs/product.md, "Rules"), every file a doc names alone in
// backticks (`account-store.ts`) and every relative link of a doc; every decision record opens with its date, status
// and decision. A rename or a delete that leaves a citation
// behind fails here, with the file and line of each citation. What counts as a citation, and what looks like one but
// is not, is said beside each rule below.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' })

/** What the repository holds: its tracked files, their folders and their names. */
const tracked = git('ls-files', '-z').split('\0').filter(Boolean)
const trackedFiles = new Set(tracked)
const trackedFolders = new Set(
  tracked.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
)
const trackedNames = new Set(tracked.map((path) => posix.basename(path)))
/** The extensions of tracked files: `robots.txt` (a route) and `serverLimits.retention` (a setting) are no file's name. */
const trackedExtensions = [...new Set(tracked.flatMap((path) => /\.([A-Za-z0-9]+)$/.exec(path)?.[1] ?? []))]
/** The top-level folders (src, worker, docs, .ci ...): a cited path starts with one of them. */
const topFolders = [...new Set(tracked.filter((path) => path.includes('/')).map((path) => path.split('/')[0]!))]

/**
 * Generated files are git-ignored, yet the docs name them (src/paraglide/messages.js, worker-configuration.d.ts).
 * One counts when it is on disk (npm install made it; see exists) or, on a clone where it is not made yet, when it is
 * git-ignored and package.json's scripts, or a scripts/ file they run, name it or one of its folders. No list of
 * exceptions to keep up to date.
 */
const scriptTexts = Object.values(JSON.parse(read('package.json')).scripts as Record<string, string>).flatMap((command) => [
  command,
  ...[...command.matchAll(/scripts\/[\w.-]+\.ts/g)].map(([path]) => read(path)),
])
function generated(path: string): boolean {
  const folders = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))
  if (!folders.some((prefix) => scriptTexts.some((text) => text.includes(prefix)))) return false
  // A folder's pattern (src/paraglide/) matches an absent path only with the slash.
  return [path, `${path}/`].some((candidate) => {
    try {
      git('check-ignore', '-q', candidate)
      return true
    } catch {
      return false
    }
  })
}

/** A path from the top of the repository: a tracked file or folder, a file on disk, or a generated one. */
function exists(path: string): boolean {
  const bare = path.replace(/\/$/, '')
  // docs/decisions/0010 is how the code cites a decision: the one file numbered so (0010-edge-page-cache.md).
  if (/\/\d{4}$/.test(bare)) return tracked.filter((file) => file.startsWith(`${bare}-`) || file.startsWith(`${bare}_`)).length === 1
  return trackedFiles.has(bare) || trackedFolders.has(bare) || existsSync(join(root, bare)) || generated(bare)
}

/**
 * A repository path: a top-level folder, a slash, then path characters (src/domain/cookies.ts, tests/worker/,
 * src/routes/$urlKey.tsx, docs/decisions/0010). None inside a longer path or an address: a route (/en/kitchen,
 * /api/cart/add), a URL (https://host/src/...) or a relative import (../storage/kv-cache) has a character before it
 * that the lookbehind refuses.
 */
const repositoryPath = new RegExp(`(?<![\\w./@~$-])(?:${topFolders.map((folder) => folder.replace(/\./g, '\\.')).join('|')})/[\\w.$@/-]*`, 'g')
/** A file named alone in backticks in a doc: `account-store.ts`, `wrangler.toml`. */
const namedFile = new RegExp(`\`([\\w$-]+(?:\\.[\\w-]+)*\\.(?:${trackedExtensions.join('|')}))\``, 'g')
/** A Markdown link: [product.md](product.md), relative to the doc. */
const link = /\]\(([^)\s]+)\)/g
/** A section cited by its name after its doc: (docs/product.md, "Rules"), (docs/product.md, "Calls", "Search"), (README, "Deploy"). */
const sectionCitation = /(docs\/[\w/.-]+\.md|README(?:\.md)?)((?:, "[^"\n]+")+)/g

/** A doc's sections: its headings, and its bold labels (- **Services** ...). A heading is cited by its first words too ("Cart"). */
const sectionsOf = new Map<string, (name: string) => boolean>()
function hasSection(doc: string, name: string): boolean {
  if (!sectionsOf.has(doc)) {
    const text = read(doc)
    const headings = [...text.matchAll(/^#+ (.+)$/gm)].map(([, heading]) => heading!.trim())
    sectionsOf.set(
      doc,
      (section) => headings.some((heading) => heading === section || heading.startsWith(`${section} `)) || text.includes(`**${section}**`),
    )
  }
  return sectionsOf.get(doc)!(name)
}

type Citation = { file: string; line: number; cited: string; found: boolean }
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

/** The sections a text cites by name, each with the doc it names; a doc that does not exist is the path rule's to report. */
function sectionsIn(text: string): { offset: number; cited: string; found: boolean }[] {
  return [...text.matchAll(sectionCitation)].flatMap((match) => {
    const doc = match[1]!.startsWith('README') ? 'README.md' : match[1]!
    if (!trackedFiles.has(doc)) return []
    return [...match[2]!.matchAll(/"([^"]+)"/g)].map(([, name]) => ({
      offset: match.index,
      cited: `${match[1]}, "${name}"`,
      found: hasSection(doc, name!),
    }))
  })
}

function pathsIn(text: string): { offset: number; path: string }[] {
  return [...text.matchAll(repositoryPath)].flatMap((match) => {
    // A glob (worker/storage/migrations/*.sql) or a placeholder (src/routes/{slug}, docs/decisions/<n>, `src/${dir}`)
    // names no one file.
    if (/[*<{[]/.test(text[match.index + match[0].length] ?? '')) return []
    // A sentence's full stop or an ellipsis (src/...) is not part of the path.
    return [{ offset: match.index, path: match[0].replace(/\.+$/, '') }]
  })
}

/** Every comment of a source file and where it starts: TypeScript's own parser tells a comment from a string, a regex or JSX text. */
function commentsOf(path: string, text: string): { offset: number; text: string }[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind)
  const found = new Map<number, string>()
  const visit = (node: ts.Node) => {
    // A comment starts with a slash: a node with no slash in its text holds none.
    const slash = text.indexOf('/', node.pos)
    if (slash === -1 || slash >= node.end) return
    const children = node.getChildren(source)
    // Each comment is trivia before some token (the end of the file is one).
    if (children.length === 0) {
      for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.pos) ?? [])]) {
        found.set(range.pos, text.slice(range.pos, range.end))
      }
    }
    for (const child of children) visit(child)
  }
  visit(source)
  return [...found].map(([offset, comment]) => ({ offset, text: comment }))
}

function citationsIn(file: string): Citation[] {
  const text = read(file)
  const at = (offset: number, cited: string, found: boolean): Citation => ({ file, line: lineAt(text, offset), cited, found })
  if (!file.endsWith('.md')) {
    return commentsOf(file, text).flatMap((comment) => [
      ...pathsIn(comment.text).map(({ offset, path }) => at(comment.offset + offset, path, exists(path))),
      ...sectionsIn(comment.text).map(({ offset, cited, found }) => at(comment.offset + offset, cited, found)),
    ])
  }
  // In a doc, the whole text counts, fenced code included (the README's layout), except for names alone, which a fence
  // may list relative to a folder above them.
  const prose = text.replace(/```[\s\S]*?```/g, (fence) => fence.replace(/[^\n]/g, ' '))
  return [
    ...pathsIn(text).map(({ offset, path }) => at(offset, path, exists(path))),
    ...sectionsIn(text).map(({ offset, cited, found }) => at(offset, cited, found)),
    ...[...prose.matchAll(namedFile)].map(({ index, 1: name }) => at(index, `\`${name}\``, trackedNames.has(name!) || generated(name!))),
    ...[...prose.matchAll(link)].flatMap(({ index, 1: target }) => {
      if (/^([a-z]+:|#)/.test(target!)) return [] // an address or an anchor in the same page
      const path = posix.normalize(posix.join(posix.dirname(file), target!.replace(/#.*$/, '')))
      return [at(index, `(${target})`, exists(path))]
    }),
  ]
}

const docs = tracked.filter((path) => path.endsWith('.md'))
const code = tracked.filter((path) => /\.(ts|tsx|cjs|mjs|js)$/.test(path))

describe('docs that cannot drift', () => {
  it('every path and section the docs, the README and the comments cite exists', () => {
    const citations = [...docs, ...code].flatMap(citationsIn)
    expect(citations.length).toBeGreaterThan(500) // the rules still find what the tree cites
    expect(citations.filter(({ found }) => !found).map(({ file, line, cited }) => `${file}:${line}: ${cited}`)).toEqual([])
    // It reads every doc and source file: 4 s alone, over 5 s beside the other unit files on 2 busy cores.
  }, 30_000)

  const decisions = tracked.filter((path) => /^docs\/decisions\/\d{4}-.+\.md$/.test(path))

  it('every decision opens with its date, status and the decision in one line', () => {
    expect(decisions.length).toBeGreaterThan(0)
    const malformed = decisions.flatMap((file) => {
      const [title, blank, date, status, decision, after] = read(file).split('\n')
      const superseding = /^- Status: Superseded by (\d{4})\b/.exec(status ?? '')?.[1]
      const wrong = [
        !/^# \S/.test(title ?? '') && 'line 1 is the title (# ...)',
        blank !== '' && 'line 2 is blank',
        !/^- Date: \d{4}-\d{2}-\d{2}$/.test(date ?? '') && 'line 3 is "- Date: yyyy-mm-dd"',
        !/^- Status: (Proposed|Accepted|Deprecated|Superseded by \d{4})\b/.test(status ?? '') &&
          'line 4 is "- Status: Accepted" (or Proposed, Deprecated, Superseded by NNNN)',
        superseding !== undefined &&
          !decisions.some((other) => other.startsWith(`docs/decisions/${superseding}-`)) &&
          `line 4: no decision ${superseding}`,
        !/^- Decision: \S/.test(decision ?? '') && 'line 5 is "- Decision: ..."',
        after !== '' && 'line 6 is blank: the decision is one line',
      ]
      return wrong.filter((problem) => problem !== false).map((problem) => `${file}: ${problem}`)
    })
    expect(malformed).toEqual([])
  })

  it('docs/decisions/README.md lists every decision with its decision and status', () => {
    const index = read('docs/decisions/README.md').split('\n')
    const unlisted = decisions.flatMap((file) => {
      const [, , , status, decision] = read(file).split('\n')
      const row = index.find((line) => line.includes(`(${posix.basename(file)})`))
      if (row === undefined) return [`${file}: not in the index`]
      const said = [status!.replace('- Status: ', ''), decision!.replace('- Decision: ', '')]
      return said.filter((text) => !row.includes(text)).map((text) => `${file}: the index does not say "${text}"`)
    })
    expect(unlisted).toEqual([])
  })
})
