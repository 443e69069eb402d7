import { msg } from '../../../contracts/languages.ts'

/** The account screens' texts of spec sections 2, 4, 5 and 8, written once; shown with t(). */
export const loginMessages = {
  invalidEmail: msg('Invalid email format. Please enter a valid email address.'),
  success: msg('Login successful!'),
  failure: msg('Login error, credential not match'),
  loading: msg('Loading...'),
} as const

export const signupMessages = {
  passwordMismatch: msg('Passwords do not match.'),
  termsRequired: msg('You must accept the terms and conditions.'),
  success: msg('Registration successful!'),
  failure: msg('Registration failed. Please try again.'),
} as const

export const profileMessages = {
  updated: msg('Account updated successfully!'),
  updateFailed: msg('Failed to update account. Please try again.'),
  avatarUpdated: msg('Profile picture updated!'),
  genderPlaceholder: msg('Select Gender'),
  currentPassword: msg('Current Password'),
  currentPasswordHint: msg('You are changing your e-mail: please confirm it with your current password.'),
} as const

export const passwordMessages = {
  mismatch: msg('New password and confirmation do not match.'),
  failure: msg('An error occurred while changing the password.'),
  success: msg('Password changed successfully!'),
} as const

export const addressMessages = {
  added: msg('Address added successfully!'),
  updated: msg('Address updated successfully!'),
  deleted: msg('Address deleted successfully!'),
  saveProblem: msg('There was a problem saving the address.'),
  unexpected: msg('An unexpected error occurred. Please try again later.'),
  deleteFailed: msg('Failed to delete address.'),
  deleteError: msg('An error occurred while deleting the address.'),
  confirmTitle: msg('Are you sure?'),
  confirmText: msg("You won't be able to revert this!"),
  confirmButton: msg('Yes, delete it!'),
} as const

/** Sidebar texts before the account is known (spec section 2, account sidebar). */
export const sidebarDefaults = { fullName: msg('user Name'), email: 'example@gmail.com' } as const

export const genders = [msg('Male'), msg('Female'), msg('Other')] as const
export const addressTypes = [msg('Home'), msg('Office'), msg('Hotels'), msg('Others')] as const
export const DEFAULT_COUNTRY = 'INDIA'
export const DEFAULT_ADDRESS_TYPE = 'Office'

/** After login or registration the shopper goes home after 2 seconds (spec section 9). */
export const REDIRECT_AFTER_MS = 2000

/**
 * Sign-in e-mail rule (spec section 5): at least 2 of letters, digits, . _ % + - before the @, then a
 * domain with at least one dot and a final part of 2 or more letters.
 */
export const LOGIN_EMAIL = /^[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/

export function isLoginEmail(email: string): boolean {
  return LOGIN_EMAIL.test(email)
}
