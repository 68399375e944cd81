/**
 * The owner's list of requests about personal data (docs/product.md, "Your data"), over GET /api/ops/data-requests
 * and POST /api/ops/data-requests/{id}/answered (worker/api/ops.ts).
 */
import { queryOptions } from '@tanstack/react-query'
import type { DataRequestKind } from '../domain/data-requests'
import { ops, useOpsChange } from './ops'

export interface DataRequestRow {
  id: number
  email: string
  kind: DataRequestKind
  message: string
  locale: string
  status: 'open' | 'answered'
  created_at: string
  answered_at: string | null
}

export const dataRequestQueries = {
  list: () =>
    queryOptions({
      queryKey: ['ops', 'data-requests'],
      queryFn: () => ops<{ requests: DataRequestRow[] }>('GET', '/data-requests'),
      enabled: typeof window !== 'undefined',
    }),
}

export const useAnswerDataRequest = () =>
  useOpsChange((id: number) => ops<{ id: number; status: 'answered' }>('POST', `/data-requests/${id}/answered`))
