import { createContext } from 'react-router'
import type { ShopI18n } from './i18n/translate.ts'
import type { SignedIn } from './staff.ts'

/**
 * The domain services a page's loader calls in-process. Empty here: server/services.ts fills it in with
 * its own services (declaration merging), so this layer names no server code (docs/decisions/112).
 */
// biome-ignore lint/suspicious/noEmptyInterface: merged with the server's services in server/services.ts
export interface PageServices {}

/** What the server hands every page's loader and action, and the server render. */
export type AppLoadContext = {
  services: PageServices
  /** CSP nonce for this response's inline scripts. */
  nonce: string
  publicUrl: string
  /** The signed-in customer, read from the accessToken cookie, when valid. */
  viewer: SignedIn | null
  /** The client's address as the API sees it (behind the proxy, the one it names): sign-in limits count it. */
  clientIp: string
  /** The request's language and its translator (docs/decisions/097). */
  i18n: ShopI18n
}

// The server entry and the server bundle each load this module; one token on globalThis keeps them in step.
const key = Symbol.for('shop.appContext')
const store = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppLoadContext>>>
if (!store[key]) store[key] = createContext<AppLoadContext>()
/** The key under which the server sets the load context and pages read it. */
export const appContext = store[key]
