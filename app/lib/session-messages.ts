import { msg } from '../../contracts/languages.ts'

/** The session's words: logged when sign-out finds no customer, and shown by the sign-in page. */
export const sessionMessages = {
  missingUser: 'User information not found in local storage.',
  /** On the sign-in page when an expired or refused session brought the customer there (decision 028). */
  ended: msg('Your session has ended, please sign in again'),
} as const
