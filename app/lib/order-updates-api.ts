import type { OrderUpdates, UpdateChannel } from '../../contracts/messaging.ts'
import { api } from './api.ts'
import { useQuery } from './query.ts'

export const orderUpdatesKey = ['order-updates'] as const

/** The channels the signed-in customer chose for order updates (decision 143). */
export function useOrderUpdates(enabled = true) {
  return useQuery({
    queryKey: orderUpdatesKey,
    queryFn: async () => (await api<{ data: OrderUpdates }>('/user/order-updates', { auth: true })).data,
    enabled,
  })
}

/** Turns channels on or off; `phone` for WhatsApp and SMS when the account has no number yet. */
export const chooseOrderUpdates = (changes: Partial<Record<UpdateChannel, boolean>> & { phone?: string }) =>
  api<{ data: OrderUpdates; message: string }>('/user/order-updates', {
    method: 'PUT',
    body: changes,
    auth: true,
  })
