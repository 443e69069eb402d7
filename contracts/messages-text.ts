/** What visitors are told after the Contact Us form and the footer newsletter box (no zod here: public pages import it). */
export const messageTexts = {
  contactThanks: 'Thank you! Your message has been sent. We will get back to you soon.',
  newsletterThanks: 'Thank you! Please confirm your subscription with the link we have e-mailed you.',
  firstNameRequired: 'Please enter your first name.',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'The phone number must be exactly 10 digits.',
  messageRequired: 'Please write your message.',
  sendFailed: 'Your message could not be sent. Please try again.',
} as const

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
