import { lazy, Suspense, useEffect, useState } from 'react'
import type { ExternalToast } from 'sonner'
import { useT } from '../i18n/i18n.tsx'

/** Toasts sit top-right and close after 1000 ms (spec section 9). */
export const TOAST_MS = 1000
/** A toast that offers an action stays long enough to read and tap it (decision 028). */
export const TOAST_WITH_ACTION_MS = 6000

export type ToastKind = 'success' | 'error' | 'info' | 'warning'
type Kind = ToastKind

/** Where toasts go instead of the shop's toaster while a screen that shows its own is open (the console). */
type ToastHandler = (kind: Kind, message: string, options?: ExternalToast) => void
let handler: ToastHandler | null = null
export function handleToasts(next: ToastHandler | null) {
  handler = next
}

// The toast library is fetched only when a visitor first acts (every toast follows an action), so
// a visit that only browses never downloads it (docs/decisions/008).
let library: Promise<typeof import('sonner')> | null = null
const loadLibrary = () => {
  library ??= import('sonner')
  return library
}
const LazyToaster = lazy(() => loadLibrary().then((m) => ({ default: m.Toaster })))

let showToaster: (() => void) | null = null
let wanted = false
let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

function show(kind: Kind, message: string, options?: ExternalToast) {
  if (handler) return handler(kind, message, options)
  wanted = true
  showToaster?.()
  void Promise.all([loadLibrary(), ready])
    .then(([m]) => m.toast[kind](message, options))
    .catch((err) => console.error('toast failed to show', err))
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => void loadLibrary().then((m) => m.toast.dismiss(id)),
}

/** Resolves once the Toaster (rendered just before it) has subscribed to new toasts. */
function ToasterReady() {
  useEffect(() => markReady(), [])
  return null
}

export function ShopToaster() {
  const t = useT()
  const [mounted, setMounted] = useState(wanted)
  useEffect(() => {
    showToaster = () => setMounted(true)
    if (wanted) setMounted(true)
    const prefetch = () => void loadLibrary().catch(() => {})
    window.addEventListener('pointerdown', prefetch, { once: true, passive: true })
    window.addEventListener('keydown', prefetch, { once: true })
    return () => {
      showToaster = null
      window.removeEventListener('pointerdown', prefetch)
      window.removeEventListener('keydown', prefetch)
    }
  }, [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="top-right"
        duration={TOAST_MS}
        richColors
        closeButton
        containerAriaLabel={t('Notifications')}
        toastOptions={{ closeButtonAriaLabel: t('Close toast') }}
      />
      <ToasterReady />
    </Suspense>
  )
}
