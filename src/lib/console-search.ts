/**
 * The console's address filters (docs/architecture.md, "Bars every part clears": client JS). A route's `validateSearch` stays in the route
 * tree, which every shopper page loads, so the console's routes only pass the address on, typed as unknown: each page
 * reads what it uses through its own reader, which loads with the page.
 */
export type UnreadSearch<T> = { [K in keyof T]?: unknown }

export function consoleSearch<T>(search: Record<string, unknown>): UnreadSearch<T> {
  return search
}
