/**
 * The subset of Algolia's filter syntax the storefront sends: clauses joined by AND, each
 * `attribute:value` (facet) or `attribute=number` / `attribute:number` (numeric), optionally in
 * parentheses joined by OR. Anything else is refused with a message naming what was not understood.
 */
interface FilterClause {
  attribute: string
  value: string
}

/** Clauses in conjunctive normal form: every group must hold; inside a group, any clause. */
export type Filters = FilterClause[][]

const clause = /^\s*([A-Za-z_][A-Za-z0-9_.]{0,60})\s*[:=]\s*(?:"([^"]{0,100})"|([^\s()"]{1,100}))\s*$/

export function parseFilters(text: string): Filters | { error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return []
  const groups: Filters = []
  for (const part of trimmed.split(/\s+AND\s+/)) {
    const inner = part.trim().replace(/^\((.*)\)$/, '$1')
    const group: FilterClause[] = []
    for (const alternative of inner.split(/\s+OR\s+/)) {
      const match = clause.exec(alternative)
      if (!match) return { error: `filters: cannot read "${alternative.trim().slice(0, 60)}"` }
      group.push({ attribute: match[1]!, value: match[2] ?? match[3]! })
    }
    groups.push(group)
  }
  return groups
}

/** facetFilters: ["brand:Apple", ["brand:LG", "brand:Sony"]] (inner arrays are OR). */
export function parseFacetFilters(value: unknown): Filters | { error: string } {
  if (value === undefined) return []
  const list = typeof value === 'string' ? [value] : value
  if (!Array.isArray(list)) return { error: 'facetFilters must be an array' }
  const groups: Filters = []
  for (const entry of list) {
    const alternatives = Array.isArray(entry) ? entry : [entry]
    const group: FilterClause[] = []
    for (const alternative of alternatives) {
      if (typeof alternative !== 'string') return { error: 'facetFilters entries must be strings' }
      const at = alternative.indexOf(':')
      if (at <= 0) return { error: `facetFilters: cannot read "${alternative.slice(0, 60)}"` }
      const attribute = alternative.slice(0, at).trim()
      const wanted = alternative.slice(at + 1).trim()
      // docs/product.md, "Validation": empty and whitespace-only filter values are dropped.
      if (wanted !== '') group.push({ attribute, value: wanted })
    }
    if (group.length > 0) groups.push(group)
  }
  return groups
}
