import { createContext, type RouterContextProvider } from 'react-router'
import type { SignedIn } from '../../contracts/staff.ts'
import type { Services } from '../../server/services.ts'
import type { ShopI18n } from '../i18n/translate.ts'

export type AppLoadContext = {
  services: Services
  /** CSP nonce for this response's inline scripts. */
  nonce: string
  publicUrl: string
  /** The signed-in customer, read from the accessToken cookie, when valid. */
  viewer: SignedIn | null
  /** The request's language and its translator (docs/decisions/097). */
  i18n: ShopI18n
}

// The server entry and the server bundle each load this module; one token on globalThis keeps them in step.
const key = Symbol.for('shop.appContext')
const store = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppLoadContext>>>
if (!store[key]) store[key] = createContext<AppLoadContext>()
export const appContext = store[key]

export function appLoadContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext)
}
