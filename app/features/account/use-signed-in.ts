import { useSyncExternalStore } from 'react'
import { getAccessToken, onSessionChange } from '../../lib/session.ts'

/** A stored access token counts as signed in (spec section 5); the server's guess is used while rendering. */
export function useSignedIn(serverGuess = false): boolean {
  return useSyncExternalStore(
    onSessionChange,
    () => Boolean(getAccessToken()),
    () => serverGuess,
  )
}
