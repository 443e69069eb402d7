import type { Account } from '../../../contracts/accounts.ts'

/**
 * What a sign-in answers, whichever way it was made (an e-mail and password, or a mobile number and its
 * code: decision 141): the spec's `data.user`, the two tokens and the refresh token's life.
 */
export const loginAnswer = (signedIn: {
  user: Account
  accessToken: string
  refreshToken: string
  refreshTokenExpiresIn: number
}) => ({
  success: true as const,
  message: 'Login successful',
  data: {
    user: {
      _id: signedIn.user._id,
      fullName: signedIn.user.fullName,
      email: signedIn.user.email,
      userName: signedIn.user.userName,
      avatar: signedIn.user.avatar,
    },
    accessToken: signedIn.accessToken,
    refreshToken: signedIn.refreshToken,
    refreshTokenExpiresIn: signedIn.refreshTokenExpiresIn,
  },
})
