import { z } from 'zod'
import type { PhoneChannel } from '../../../contracts/messaging.ts'
import { ValidationError } from '../../http/errors.ts'
import type { MessagingProvider } from './provider.ts'

/**
 * The offline default for WhatsApp and SMS (decision 141): a message is taken at once and nothing leaves
 * the machine. The console's Outbox is the phone: staff who may (owners, for sign-in codes) read each
 * message there as it would arrive. It sends no status callbacks; a sandbox message reads delivered.
 */
export function createSandboxMessaging(channel: PhoneChannel): MessagingProvider & { deliversAtOnce: true } {
  return {
    name: 'sandbox',
    channel,
    deliversAtOnce: true,
    async send(message) {
      return { providerMessageId: `sandbox-${channel}-${message.reference}` }
    },
    webhook: {
      headers: z.object({}),
      description: 'The sandbox sends no status callbacks.',
      read() {
        throw new ValidationError('The sandbox sends no status callbacks.')
      },
    },
  }
}
