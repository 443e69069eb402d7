import { msg } from './languages.ts'
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
  invitationDone: msg(
    'Your password is set. Sign in with your e-mail address and this password to open the shop console.',
  ),
  tooManyResets: 'Too many reset requests for this address. Please wait a while and try again.',
  newsletterConfirmed: 'Thank you: your subscription is confirmed.',
  newsletterUnsubscribed: 'You have been unsubscribed. You will get no more newsletters from us.',
  newsletterLinkInvalid: msg('This link is not valid.'),
  // Confirming an e-mail address (decision 109); the confirmation page shows these.
  emailConfirmed: msg('Thank you: your e-mail address is confirmed.'),
  confirmLinkInvalid: msg('This confirmation link is not valid. Please ask for a new one from My Account.'),
  confirmLinkUsed: msg('This confirmation link has already been used.'),
  confirmLinkExpired: msg('This confirmation link has expired. Please ask for a new one from My Account.'),
  confirmationSent: (email: string) => `We have sent a confirmation link to ${email}. It works for 3 days.`,
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  noAddressToConfirm: 'Your account has no e-mail address yet. Add one in your profile first.',
  tooManyConfirmations: 'Too many confirmation e-mails for this account. Please wait an hour and try again.',
  /** Refusals of what waits for a confirmed address. */
  confirmToReview:
    'Please confirm your e-mail address before writing a review: use the link we sent you, or ask for a new one from My Account.',
  confirmFor80g:
    'Please confirm your e-mail address to receive an 80G receipt: use the link we sent you, or ask for a new one from My Account. You can also give without the receipt.',
} as const

/** How long a link that confirms an e-mail address works. */
export const confirmationDays = 3

/** Labels of the recovery and newsletter pages. */
export const recoveryTexts = {
  forgotTitle: msg('Forgot your password?'),
  forgotIntro: msg(
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  ),
  sendLink: msg('SEND RESET LINK'),
  sending: msg('Sending...'),
  resetTitle: msg('Choose a new password'),
  /** The same page opened from a staff invitation (`?invite=1`): a first password, not a new one. */
  invitationTitle: msg('Choose your password'),
  invitationIntro: msg('Welcome to the shop’s staff. Choose the password you will sign in with.'),
  invitationSave: msg('SAVE PASSWORD'),
  newPassword: msg('New password'),
  confirmPassword: msg('Repeat the new password'),
  passwordsDiffer: msg('The two passwords are not the same.'),
  passwordTooShort: msg('The password must be at least 8 characters.'),
  save: msg('SAVE NEW PASSWORD'),
  saving: msg('Saving...'),
  noToken: msg('This page needs the link from your e-mail. Please ask for a new one.'),
  askAgain: msg('Ask for a new link'),
  backToSignIn: msg('Back to sign in'),
  confirmTitle: msg('Confirm your subscription'),
  confirmButton: msg('CONFIRM MY SUBSCRIPTION'),
  unsubscribeTitle: msg('Unsubscribe from the newsletter'),
  unsubscribeButton: msg('UNSUBSCRIBE'),
  emailConfirmTitle: msg('Confirm your e-mail address'),
  emailConfirmIntro: msg('One tap confirms that this e-mail address belongs to your account.'),
  emailConfirmButton: msg('CONFIRM MY E-MAIL ADDRESS'),
  continueShopping: msg('Continue shopping'),
  /** The account's notice while the address is unconfirmed. */
  unconfirmedNotice: msg(
    'Your e-mail address is not confirmed yet. Reviews and 80G receipts need a confirmed address: follow the link we e-mailed you.',
  ),
  sendLinkAgain: msg('Send the link again'),
  failed: msg('Something went wrong. Please try again.'),
} as const
