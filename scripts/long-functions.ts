/**
 * `npm run measure:functions`: the long functions and long files of the shipped code (src/, worker/, build/, without
 * tests and generated files), so the limits of CONTRIBUTING.md ("Functions and files") are counted the same way each
 * time. A function is counted with everything inside it, from its first line to its last; a nested function is also
 * counted on its own. Prints the counts, then each function over the first limit and each file over the file limit.
 *
 *   npm run measure:functions            counts and lists
 *   npm run measure:functions -- --json  the counts only, as JSON
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const roots = ['src', 'worker', 'build']
const skipped = [/\.test\.tsx?$/, /\.d\.ts$/, /^src\/paraglide\//, /routeTree\.gen\.ts$/]
const limits = { long: 80, tooLong: 150, file: 600 }

interface Measured {
  file: string
  name: string
  line: number
  lines: number
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !skipped.some((pattern) => pattern.test(path)) ? [path] : []
  })
}

/** The name a reader finds the function by: its own, or the variable, property or method it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file)
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText(file)
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file).slice(0, 40)})`
  return '(anonymous)'
}

function functionsOf(path: string): { functions: Measured[]; lines: number } {
  const text = readFileSync(path, 'utf8')
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const functions: Measured[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line
      functions.push({ file: path, name: nameOf(node as ts.FunctionLikeDeclaration, file), line: start + 1, lines: end - start + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return { functions, lines: file.getLineAndCharacterOfPosition(file.getEnd()).line + 1 }
}

const measured = roots.flatMap(sourceFiles).map((path) => ({ path, ...functionsOf(path) }))
const functions = measured.flatMap((m) => m.functions).sort((a, b) => b.lines - a.lines)
const long = functions.filter((f) => f.lines > limits.long)
const longFiles = measured.filter((m) => m.lines > limits.file).sort((a, b) => b.lines - a.lines)
const counts = {
  files: measured.length,
  functions: functions.length,
  [`over${limits.long}`]: long.length,
  [`over${limits.tooLong}`]: functions.filter((f) => f.lines > limits.tooLong).length,
  [`filesOver${limits.file}`]: longFiles.length,
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(counts))
} else {
  console.log(
    Object.entries(counts)
      .map(([name, value]) => `${name}: ${value}`)
      .join('  '),
  )
  console.log(`\nfunctions over ${limits.long} lines:`)
  for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
  console.log(`\nfiles over ${limits.file} lines:`)
  for (const m of longFiles) console.log(`${String(m.lines).padStart(5)}  ${m.path}`)
}
