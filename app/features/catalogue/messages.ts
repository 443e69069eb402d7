import { msg } from '../../../contracts/languages.ts'

/** What the product page says about its choices (decision 129). */
export const variantText = {
  /** Read after a value no variant has with the other choices: 'S (not available)'. */
  notAvailable: msg('not available'),
  /** Read after a value whose variants are all sold out: 'L (sold out)'. */
  soldOut: msg('sold out'),
} as const
