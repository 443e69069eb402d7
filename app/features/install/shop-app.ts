import { whenIdle } from '../../lib/idle.ts'
import { countVisit, mayOffer, settleOffer } from './visits.ts'

/**
 * The shop as an app on every page (decision 142), fetched by app/entry.client.tsx once the page is idle, or
 * earlier if the browser offers to install the shop: counts the visit, registers the offline worker, and
 * notes an install made from the browser's own menu. The install offer's own code comes only when it shows.
 */
countVisit()
addEventListener('appinstalled', () => settleOffer('installed'))
// The dev server has no built worker (scripts/build-worker.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  navigator.serviceWorker
    .register('/sw.js')
    .catch((err) => console.warn('the offline worker was not registered', err))

/** The browser's offer to install the shop, kept back from its own bar. */
export type InstallPrompt = Event & {
  prompt(): Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const isInstallPrompt = (event: Event): event is InstallPrompt =>
  'prompt' in event && typeof event.prompt === 'function'

let offered = false

/** From the second visit on, once the page is idle, the card that offers to install the shop (once). */
export function offerInstall(event: Event) {
  if (offered || !isInstallPrompt(event) || !mayOffer()) return
  offered = true
  whenIdle(() => void import('./install-offer.ts').then((m) => m.showInstallOffer(event, settleOffer)))
}
