import { useEffect, useState } from 'react'
import { type DeliveryEstimate, deliveryPinKey } from '../../contracts/delivery.ts'
import { api } from './api.ts'
import { readStorage, writeStorage } from './session.ts'

export const isPin = (pin: string) => /^\d{6}$/.test(pin)

/** The PIN the customer last checked on this device, if any. */
export const storedPin = () => {
  const pin = readStorage(deliveryPinKey) ?? ''
  return isPin(pin) ? pin : ''
}
export const rememberPin = (pin: string) => writeStorage(deliveryPinKey, pin)

export async function fetchDeliveryEstimate(pin: string): Promise<DeliveryEstimate> {
  const res = await api<{ data: DeliveryEstimate }>(`/delivery/estimate?pin=${encodeURIComponent(pin)}`)
  return res.data
}

type State = { pin: string; estimate: DeliveryEstimate | null; checking: boolean; failed: boolean }

/** The estimate for a 6-digit PIN (none for anything else); the latest PIN's answer wins. */
export function useDeliveryEstimate(pin: string): State {
  const [state, setState] = useState<State>({ pin: '', estimate: null, checking: false, failed: false })
  useEffect(() => {
    if (!isPin(pin)) {
      setState({ pin, estimate: null, checking: false, failed: false })
      return
    }
    let current = true
    setState({ pin, estimate: null, checking: true, failed: false })
    fetchDeliveryEstimate(pin)
      .then((estimate) => current && setState({ pin, estimate, checking: false, failed: false }))
      .catch(() => current && setState({ pin, estimate: null, checking: false, failed: true }))
    return () => {
      current = false
    }
  }, [pin])
  return state
}
