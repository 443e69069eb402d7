import { msg } from '../../../contracts/languages.ts'

/** The donate page's and the thank-you page's texts, written once; tests import them. */
export const givingTexts = {
  title: msg('Donate'),
  intro: msg(
    'Give to the foundation’s road-safety and culture work, or to a temple. Every gift is one-off, paid online, with a receipt.',
  ),
  giveTo: msg('Give to'),
  amount: msg('Amount'),
  otherAmount: msg('Other amount (₹)'),
  yourDetails: msg('Your details'),
  name: msg('Full name'),
  email: msg('Email'),
  phone: msg('Mobile number'),
  wants80g: msg('I want an 80G receipt to claim a tax deduction'),
  wants80gHelp: msg(
    'We then need your address and PAN; they are printed on the receipt and reported to the Income-tax Department.',
  ),
  address: msg('Address'),
  pan: msg('PAN'),
  donate: msg('Donate {amount}'),
  donateNoAmount: msg('Donate'),
  working: msg('Opening payment…'),
  signInFirst: msg('Please sign in to donate: your receipts are kept in your account.'),
  signIn: msg('Sign in to donate'),
  failed: msg('Your payment did not go through. No money was taken; you can try again.'),
  dismissed: msg('Payment cancelled. Your donation was not made.'),
  thanksTitle: msg('Thank you for your gift'),
  thanksPaid: msg('We received your donation of {amount} for {cause}. Receipt {number}.'),
  thanksPaidReceiptLater: msg(
    'We received your donation of {amount} for {cause}. Your receipt will follow by e-mail as soon as it is issued.',
  ),
  thanksWaiting: msg(
    'We are waiting for your payment to be confirmed. This page shows your receipt once it is.',
  ),
  downloadReceipt: msg('Download receipt'),
  downloadFailed: msg('The receipt could not be downloaded. Please try again.'),
  donateAgain: msg('Make another donation'),
  notFound: msg('This donation was not found in your account.'),
  forTemple: msg('Donate to this temple'),
} as const
