/** The account screens' texts of spec sections 2, 4, 5 and 8, written once; tests import them. */
export const loginMessages = {
  invalidEmail: 'Invalid email format. Please enter a valid email address.',
  success: 'Login successful!',
  failure: 'Login error, credential not match',
  loading: 'Loading...',
} as const

export const signupMessages = {
  passwordMismatch: 'Passwords do not match.',
  termsRequired: 'You must accept the terms and conditions.',
  success: 'Registration successful!',
  failure: 'Registration failed. Please try again.',
} as const

export const profileMessages = {
  updated: 'Account updated successfully!',
  updateFailed: 'Failed to update account. Please try again.',
  avatarUpdated: 'Profile picture updated!',
  genderPlaceholder: 'Select Gender',
  currentPassword: 'Current Password',
  currentPasswordHint: 'You are changing your e-mail: please confirm it with your current password.',
} as const

export const passwordMessages = {
  mismatch: 'New password and confirmation do not match.',
  failure: 'An error occurred while changing the password.',
  success: 'Password changed successfully!',
} as const

export const addressMessages = {
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  deleted: 'Address deleted successfully!',
  saveProblem: 'There was a problem saving the address.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  deleteFailed: 'Failed to delete address.',
  deleteError: 'An error occurred while deleting the address.',
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  confirmButton: 'Yes, delete it!',
} as const

export const sessionMessages = {
  missingUser: 'User information not found in local storage.',
  /** On the sign-in page when an expired or refused session brought the customer there (decision 028). */
  ended: 'Your session has ended, please sign in again',
} as const

/** Sidebar texts before the account is known (spec section 2, account sidebar). */
export const sidebarDefaults = { fullName: 'user Name', email: 'example@gmail.com' } as const

export const genders = ['Male', 'Female', 'Other'] as const
export const addressTypes = ['Home', 'Office', 'Hotels', 'Others'] as const
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
