/**
 * True when customers could mark orders paid without paying: a production shop on the built-in
 * sandbox. The start warns (server/config.ts) and checkout and the console show a notice.
 */
export function paymentsSimulated(config: { NODE_ENV: string; PAYMENT_PROVIDER: string }): boolean {
  return config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === 'sandbox'
}
