import { msg } from './languages.ts'

/** What visitors are told after the Contact Us form and the footer newsletter box (no zod here: public pages import it). */
export const messageTexts = {
  contactThanks: msg('Thank you! Your message has been sent. We will get back to you soon.'),
  newsletterThanks: msg('Thank you! Please confirm your subscription with the link we have e-mailed you.'),
  firstNameRequired: msg('Please enter your first name.'),
  emailRequired: msg('Please enter your email.'),
  emailInvalid: msg('Please enter a valid email address.'),
  phoneInvalid: msg('The phone number must be exactly 10 digits.'),
  messageRequired: msg('Please write your message.'),
  sendFailed: msg('Your message could not be sent. Please try again.'),
} as const

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
