/** What the console says to a visitor it does not let in (its screens and areas: contracts/admin-nav.ts). */
export const adminTexts = {
  forbidden: 'This part of the site is for the shop’s staff. Your account is a customer account.',
  notYourArea: 'Your staff role does not include this part of the console. Ask an owner if you need it.',
  signInAgain: 'Please sign in with your staff account to open the shop console.',
} as const
