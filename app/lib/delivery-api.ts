import { useEffect, useState } from 'react'
import { type DeliveryEstimate, deliveryPinKey } from '../../contracts/delivery.ts'
import type { LeadTime } from '../../contracts/made-to-order.ts'
import { api } from './api.ts'
import { readStorage, writeStorage } from './session.ts'

export const isPin = (pin: string) => /^\d{6}$/.test(pin)

/** The PIN the customer last checked on this device, if any. */
export const storedPin = () => {
  const pin = readStorage(deliveryPinKey) ?? ''
  return isPin(pin) ? pin : ''
}
export const rememberPin = (pin: string) => writeStorage(deliveryPinKey, pin)

/** The estimate for a PIN; for a piece made to order (decision 132) its days move the dates. */
export async function fetchDeliveryEstimate(
  pin: string,
  lead: LeadTime | null = null,
): Promise<DeliveryEstimate> {
  const days = lead ? `&leadMin=${lead.minDays}&leadMax=${lead.maxDays}` : ''
  const res = await api<{ data: DeliveryEstimate }>(
    `/delivery/estimate?pin=${encodeURIComponent(pin)}${days}`,
  )
  return res.data
}

type State = { pin: string; estimate: DeliveryEstimate | null; checking: boolean; failed: boolean }

/** The estimate for a 6-digit PIN (none for anything else); the latest PIN's answer wins. */
export function useDeliveryEstimate(pin: string, lead: LeadTime | null = null): State {
  const [state, setState] = useState<State>({ pin: '', estimate: null, checking: false, failed: false })
  const minDays = lead?.minDays ?? 0
  const maxDays = lead?.maxDays ?? 0
  useEffect(() => {
    if (!isPin(pin)) {
      setState({ pin, estimate: null, checking: false, failed: false })
      return
    }
    let current = true
    setState({ pin, estimate: null, checking: true, failed: false })
    fetchDeliveryEstimate(pin, maxDays > 0 ? { minDays, maxDays } : null)
      .then((estimate) => current && setState({ pin, estimate, checking: false, failed: false }))
      .catch(() => current && setState({ pin, estimate: null, checking: false, failed: true }))
    return () => {
      current = false
    }
  }, [pin, minDays, maxDays])
  return state
}
