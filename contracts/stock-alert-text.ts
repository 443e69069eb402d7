import { msg } from './languages.ts'

/** 'Notify me' on a sold-out product or variant (issue 32, decision 131): the words both sides show. */
export const stockAlertMessages = {
  asked: msg('We will e-mail you when it is back in stock.'),
  withdrawn: msg('You will not be e-mailed about this piece.'),
  inStock: msg('This is in stock now: you can add it to your cart.'),
  notAsked: msg('You had not asked to be told about this piece.'),
  button: msg('Notify me'),
  stop: msg('Stop'),
  signIn: msg('Sign in to be told when it is back'),
} as const
