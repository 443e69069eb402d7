import type { RouterContextProvider } from 'react-router'
import { type AppLoadContext, appContext } from '../../contracts/load-context.ts'

export function appLoadContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext)
}
