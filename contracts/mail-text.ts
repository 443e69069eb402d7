import { invitationDays } from './staff.ts'

/** Answers of the password recovery and newsletter calls; the pages show them (no zod: public pages import it). */
export const mailAnswers = {
  resetRequested:
    'If an account exists for this e-mail, we have sent a link to reset its password. It works for 30 minutes.',
  resetDone: 'Your password has been changed. Please sign in with your new password.',
  resetInvalid: 'This reset link is not valid. Please ask for a new one.',
  resetUsed: 'This reset link has already been used. Please ask for a new one if you need it.',
  resetExpired: 'This reset link has expired (links work for 30 minutes). Please ask for a new one.',
  invitationExpired: `This invitation has expired (invitations work for ${invitationDays} days). Please ask the owner who invited you to send it again.`,
  invitationDone:
    'Your password is set. Sign in with your e-mail address and this password to open the shop console.',
  tooManyResets: 'Too many reset requests for this address. Please wait a while and try again.',
  newsletterConfirmed: 'Thank you: your subscription is confirmed.',
  newsletterUnsubscribed: 'You have been unsubscribed. You will get no more newsletters from us.',
  newsletterLinkInvalid: 'This link is not valid.',
} as const

/** Labels of the recovery and newsletter pages. */
export const recoveryTexts = {
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  sendLink: 'SEND RESET LINK',
  sending: 'Sending...',
  resetTitle: 'Choose a new password',
  /** The same page opened from a staff invitation (`?invite=1`): a first password, not a new one. */
  invitationTitle: 'Choose your password',
  invitationIntro: 'Welcome to the shop’s staff. Choose the password you will sign in with.',
  invitationSave: 'SAVE PASSWORD',
  newPassword: 'New password',
  confirmPassword: 'Repeat the new password',
  passwordsDiffer: 'The two passwords are not the same.',
  passwordTooShort: 'The password must be at least 8 characters.',
  save: 'SAVE NEW PASSWORD',
  saving: 'Saving...',
  noToken: 'This page needs the link from your e-mail. Please ask for a new one.',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to sign in',
  confirmTitle: 'Confirm your subscription',
  confirmButton: 'CONFIRM MY SUBSCRIPTION',
  unsubscribeTitle: 'Unsubscribe from the newsletter',
  unsubscribeButton: 'UNSUBSCRIBE',
  failed: 'Something went wrong. Please try again.',
} as const
