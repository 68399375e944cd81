/**
 * The owner's list of requests about personal data (docs/product.md, "Your data"), over GET /api/ops/data-requests
 * and POST /api/ops/data-requests/{id}/answered (worker/api/ops.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { DataRequestKind } from '../domain/data-requests'
import { ops } from './ops'

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

export function useAnswerDataRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => ops<{ id: number; status: 'answered' }>('POST', `/data-requests/${id}/answered`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ops', 'data-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  })
}
