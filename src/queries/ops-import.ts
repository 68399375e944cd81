/**
 * The console's catalogue import (docs/catalogue-import.md, "In the console"), over worker/api/ops-import.ts: the
 * latest imports, one import with its problems, the upload (a form with the files) and the confirmation. While an
 * import runs, its query asks again every second.
 */
import { queryOptions } from '@tanstack/react-query'
import { ops, useOpsChange } from './ops'

export type ImportState = 'checking' | 'refused' | 'ready' | 'loading' | 'following' | 'loaded' | 'failed'

/** An import as the API answers it (worker/storage/import-store.ts `ImportRow`). */
export interface CatalogueImport {
  id: number
  state: ImportState
  file_name: string
  categories_name: string | null
  uploaded_by: string
  uploaded_at: string
  confirmed_by: string | null
  problems: number
  new_products: number
  updated_products: number
  removed_products: number
  categories: number
  rows_total: number
  rows_done: number
  error: string | null
}

/** A dry run's problem, its place taken apart (worker/api/ops-import.ts `ProblemView`). */
export interface ImportProblemView {
  where: string
  message: string
  file: 'products' | 'categories'
  line: number | null
  column: string | null
}

/** How often the screen asks how far a running import is. */
const pollMs = 1000

export const runningStates: readonly ImportState[] = ['checking', 'loading', 'following']

export const importQueries = {
  latest: () =>
    queryOptions({
      queryKey: ['ops', 'imports'],
      queryFn: () => ops<{ imports: CatalogueImport[] }>('GET', '/imports'),
      // The list's states move with the import shown beside it.
      refetchInterval: (query) => (query.state.data?.imports.some((row) => runningStates.includes(row.state)) ? pollMs : false),
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['ops', 'imports', id],
      queryFn: () => ops<{ import: CatalogueImport; problems: ImportProblemView[] }>('GET', `/imports/${id}`),
      refetchInterval: (query) => (query.state.data && runningStates.includes(query.state.data.import.state) ? pollMs : false),
    }),
}

export const useUploadImport = () => useOpsChange((form: FormData) => ops<{ import: CatalogueImport }>('POST', '/imports', form))
export const useConfirmImport = () => useOpsChange((id: number) => ops<{ import: CatalogueImport }>('POST', `/imports/${id}/confirm`))
