import { Toaster, toast } from 'sonner'
// Sonner's CSS as a cached stylesheet rather than a <style> tag injected at run time.
import 'sonner/dist/styles.css'

/** Toasts sit top-right and close after 1000 ms (spec section 9). */
export const TOAST_MS = 1000

export function ShopToaster() {
  return <Toaster position="top-right" duration={TOAST_MS} richColors closeButton />
}

export { toast }
