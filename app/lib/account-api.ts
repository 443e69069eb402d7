import { useSyncExternalStore } from 'react'
import type { Account, Address, Dashboard } from '../../contracts/accounts.ts'
import { api } from './api.ts'
import { useQuery } from './query.ts'
import { getUserId, onSessionChange } from './session.ts'

export type { Account, Address, Dashboard }

export const currentUserKey = ['current-user'] as const
export const addressesKey = ['addresses'] as const
export const dashboardKey = ['dashboard'] as const

export type LoginAnswer = {
  message: string
  data: {
    user: { _id: string; fullName: string }
    accessToken: string
    refreshToken: string
    refreshTokenExpiresIn?: number
  }
}

export function useStoredUserId(): string | null {
  return useSyncExternalStore(onSessionChange, getUserId, () => null)
}

/** The signed-in customer (GET current-user reads `data.data`, as the spec's client does). */
export function useCurrentUser(initial: Account | null = null) {
  const userId = useStoredUserId() ?? initial?._id ?? null
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async () => {
      const body = await api<{ data: Account & { data: Account } }>(
        `/user/current-user?id=${encodeURIComponent(userId ?? '')}`,
        { auth: true },
      )
      return body.data.data
    },
    enabled: Boolean(userId),
    initialData: initial ?? undefined,
  })
}

export function useAddresses(initial: Address[] | null = null) {
  const userId = useStoredUserId() ?? initial?.[0]?.userId ?? null
  return useQuery({
    queryKey: addressesKey,
    queryFn: async () =>
      (await api<{ data: Address[] }>(`/adress?userId=${encodeURIComponent(userId ?? '')}`, { auth: true }))
        .data,
    enabled: Boolean(userId),
    initialData: initial ?? undefined,
  })
}

export function useDashboard(initial: Dashboard | null = null) {
  const userId = useStoredUserId() ?? initial?.user._id ?? null
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () =>
      (
        await api<{ data: Dashboard }>(`/user/dashboard?id=${encodeURIComponent(userId ?? '')}`, {
          auth: true,
        })
      ).data,
    enabled: Boolean(userId),
    initialData: initial ?? undefined,
  })
}
