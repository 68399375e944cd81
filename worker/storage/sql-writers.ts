/**
 * SQL written out as text, for a D1 file that loads whole or not at all (docs/catalogue-import.md): a value as a
 * literal, multi-row upserts and updates, each statement under D1's size limit. The import and the demo seed write
 * their rows with these, so seeding and importing are idempotent the same way.
 */
export type Value = string | number | null
export type Row = Record<string, Value>

export function literal(value: Value): string {
  if (value === null) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${value.replaceAll("'", "''")}'`
}

const utf8 = new TextEncoder()
/** Under D1's 100 KB per statement, with room for the statement's head and conflict clause. */
const maxStatementBytes = 90_000

/**
 * Multi-row statements keep the file small and the load fast (D1 caps one statement at 100 KB). On a conflict every
 * column but the key and `keep` is updated (an import keeps a product's creation date and popularity).
 */
export function upsert(
  table: string,
  rows: readonly Row[],
  key: string[],
  mode: 'update' | 'ignore' | 'insert' = 'update',
  chunk = 40,
  keep: readonly string[] = [],
): string[] {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0]!)
  const updates = columns.filter((c) => !key.includes(c) && !keep.includes(c)).map((c) => `${c} = excluded.${c}`)
  // 'insert': a row whose key is taken fails the statement (and with it the whole file).
  const conflict =
    mode === 'insert'
      ? ''
      : mode === 'ignore' || updates.length === 0
        ? `ON CONFLICT (${key.join(', ')}) DO NOTHING`
        : `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`
  return chunked(
    rows.map((row) => `(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`),
    chunk,
    (values) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values.join(',\n')}${conflict ? `\n${conflict}` : ''};`,
  )
}

/** Row values gathered into statements of at most `chunk` rows and `maxStatementBytes`. */
export function chunked(values: readonly string[], chunk: number, statement: (values: string[]) => string): string[] {
  const statements: string[] = []
  let batch: string[] = []
  let bytes = 0
  for (const value of values) {
    // A retailer's long descriptions fill a statement long before `chunk` rows do: bytes decide too.
    const size = utf8.encode(value).byteLength + 2
    if (batch.length >= chunk || (batch.length > 0 && bytes + size > maxStatementBytes)) {
      statements.push(statement(batch))
      batch = []
      bytes = 0
    }
    batch.push(value)
    bytes += size
  }
  if (batch.length > 0) statements.push(statement(batch))
  return statements
}

/**
 * Existing rows changed in some columns only (an import's update of a product): rows that set the same columns share
 * one multi-row `UPDATE ... FROM (VALUES ...)`, so a file of 10,000 price changes is a few hundred statements, not
 * 10,000. A key no row has changes nothing.
 */
export function updateColumns(table: string, key: string, rows: readonly Row[], chunk = 40): string[] {
  const byColumns = new Map<string, Row[]>()
  for (const row of rows) {
    const columns = Object.keys(row).filter((c) => c !== key)
    if (columns.length === 0) continue
    const shape = columns.join(',')
    byColumns.set(shape, [...(byColumns.get(shape) ?? []), row])
  }
  return [...byColumns].flatMap(([shape, group]) => {
    const columns = shape.split(',')
    // VALUES names its columns column1, column2...: the key first, then the columns in order.
    const sets = columns.map((c, i) => `${c} = v.column${i + 2}`).join(', ')
    return chunked(
      group.map((row) => `(${[key, ...columns].map((c) => literal(row[c] ?? null)).join(', ')})`),
      chunk,
      (values) => `UPDATE ${table} SET ${sets} FROM (VALUES\n${values.join(',\n')}) AS v WHERE ${table}.${key} = v.column1;`,
    )
  })
}

// ---------------------------------------------------------------------------------------------------------------------
// The retailer's catalogue (docs/catalogue-import.md): upserted by SKU with the same writers as the seed.
