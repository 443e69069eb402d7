import type { StoreCredit } from '../../contracts/store-credit.ts'
import { api } from './api.ts'
import { useQuery } from './query.ts'

export const storeCreditKey = ['store-credit'] as const

export const fetchStoreCredit = async () =>
  (await api<{ data: StoreCredit }>('/store-credit', { auth: true })).data

/** The caller's store credit (decision 139): the balance and every change, newest first. */
export function useStoreCredit(initial: StoreCredit | null = null, enabled = true) {
  return useQuery({
    queryKey: storeCreditKey,
    queryFn: fetchStoreCredit,
    initialData: initial ?? undefined,
    enabled,
  })
}
