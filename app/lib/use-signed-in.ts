import { useSyncExternalStore } from 'react'
import { getAccessToken, isStaffToken, onSessionChange } from './session.ts'

/** A stored access token counts as signed in (spec section 5); the server's guess is used while rendering. */
export function useSignedIn(serverGuess = false): boolean {
  return useSyncExternalStore(
    onSessionChange,
    () => Boolean(getAccessToken()),
    () => serverGuess,
  )
}

/**
 * Whether the signed-in person is staff, read from their stored token in the browser, so a page served
 * from the shared page cache (the same for everyone, decision 007) still offers them the console.
 */
export function useIsStaff(serverGuess = false): boolean {
  return useSyncExternalStore(
    onSessionChange,
    () => isStaffToken(getAccessToken()),
    () => serverGuess,
  )
}
