import { api } from './api.ts'
import { clearSession, getAccessToken, getUserId, readStorage, storageKeys } from './session.ts'
import { forgetSessionEnded } from './session-ended.ts'
import { sessionMessages } from './session-messages.ts'

/** Sign-out: tells the server (ending this sign-in's refresh tokens), then clears storage and cookies. */
export async function signOut(): Promise<void> {
  const token = getAccessToken()
  const id = getUserId()
  if (!token || !id) {
    console.error(sessionMessages.missingUser)
  } else {
    try {
      const refreshToken = readStorage(storageKeys.refreshToken) ?? undefined
      await api('/user/logout', { method: 'POST', body: { id, refreshToken }, auth: true })
    } catch (err) {
      console.error(err)
    }
  }
  clearSession()
  // Signing out is not a session that ended by itself, even if the token had to be renewed for it.
  forgetSessionEnded()
}
