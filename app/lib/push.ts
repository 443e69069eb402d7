import type { PushDevice, PushSubscriptionJson } from '../../contracts/push.ts'
import { api } from './api.ts'
import { useQuery } from './query.ts'

/**
 * Web push on the page (decision 144): whether this browser can have it, asking for it on a tap, and the
 * account's devices. Loaded only by the card after an order and by Settings, never by the first page.
 */

export const pushDevicesKey = ['push-devices'] as const

/** The devices that get this account's order updates by web push. */
export function usePushDevices(enabled = true) {
  return useQuery({
    queryKey: pushDevicesKey,
    queryFn: async () => (await api<{ data: PushDevice[] }>('/user/push-subscriptions', { auth: true })).data,
    enabled,
  })
}

export const stopPushDevice = (id: string) =>
  api<{ message: string }>(`/user/push-subscriptions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  })

/** Whether this browser can show the shop's notifications: a service worker, the Push API, notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** Push on this browser now: not possible, refused in its settings, on, or not asked for yet. */
export type PushHere = 'unsupported' | 'blocked' | 'on' | 'off'

export async function pushHere(): Promise<PushHere> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  if (Notification.permission !== 'granted') return 'off'
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  return subscription ? 'on' : 'off'
}

const fromBase64url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a) return true
  const bytes = new Uint8Array(a)
  return bytes.length === b.length && bytes.every((v, i) => v === b[i])
}

/** The offline worker's registration (registered at idle by the shop app; registering again is harmless). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js')
  return navigator.serviceWorker.ready
}

export type TurnedOn =
  | { outcome: 'on'; device: PushDevice; message: string }
  | { outcome: 'blocked' | 'unsupported' }

/**
 * Asks the browser's permission (only ever from a tap), subscribes with the shop's key and hands the
 * subscription to the shop. A subscription made with another key (the shop's keys changed) is made anew.
 */
export async function turnOnPush(): Promise<TurnedOn> {
  if (!pushSupported()) return { outcome: 'unsupported' }
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return { outcome: 'blocked' }
  const [registration, key] = await Promise.all([
    workerRegistration(),
    api<{ data: { publicKey: string } }>('/push/key'),
  ])
  const applicationServerKey = fromBase64url(key.data.publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  })
  const body: PushSubscriptionJson = subscription.toJSON() as PushSubscriptionJson
  const res = await api<{ data: PushDevice; message: string }>('/user/push-subscriptions', {
    method: 'POST',
    body,
    auth: true,
  })
  return { outcome: 'on', device: res.data, message: res.message }
}
