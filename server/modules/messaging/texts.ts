import { translatorFor } from '../../../contracts/i18n/registry.ts'
import type { Language } from '../../../contracts/languages.ts'
import type { MessageTemplate } from '../../../contracts/messaging.ts'

/**
 * The words of each template as the customer reads them, in English and Hindi (decision 141). A provider
 * sends its registered template with `params`; these words are what that template was registered with,
 * and what the sandbox, an SMS gateway and the console show.
 */
export function messageText(template: MessageTemplate, language: Language, params: string[]): string {
  const { t } = translatorFor(language)
  switch (template) {
    case 'sign-in-code':
      return t('{code} is your Kalaa Setu code. It is valid for 5 minutes. Do not share it with anyone.', {
        code: params[0],
      })
    case 'order-placed':
      return t(
        'Namaste {name}, thank you for order {orderNumber} of {total} at Kalaa Setu. See it here: {link}',
        {
          name: params[0],
          orderNumber: params[1],
          total: params[2],
          link: params[3],
        },
      )
    case 'order-cod-confirm':
      return t(
        'Namaste {name}, your cash-on-delivery order {orderNumber} of {total} is ready to be packed. Please confirm it, or cancel it, here: {link}',
        { name: params[0], orderNumber: params[1], total: params[2], link: params[3] },
      )
    case 'order-paid':
      return t('Namaste {name}, we received {total} for order {orderNumber}. We are packing it now: {link}', {
        name: params[0],
        orderNumber: params[1],
        total: params[2],
        link: params[3],
      })
    case 'order-shipped':
      return t('Namaste {name}, order {orderNumber} is on its way. Track it: {tracking} Your order: {link}', {
        name: params[0],
        orderNumber: params[1],
        tracking: params[2],
        link: params[3],
      })
    case 'order-out-for-delivery':
      return t('Namaste {name}, order {orderNumber} is out for delivery today. Your order: {link}', {
        name: params[0],
        orderNumber: params[1],
        link: params[2],
      })
    case 'order-delivered':
      return t('Namaste {name}, order {orderNumber} was delivered. We hope you love it: {link}', {
        name: params[0],
        orderNumber: params[1],
        link: params[2],
      })
    case 'order-delivery-failed':
      return t(
        'Namaste {name}, the courier could not deliver order {orderNumber}. Please check your address and number here: {link}',
        { name: params[0], orderNumber: params[1], link: params[2] },
      )
    case 'seva-confirmed':
      return t('Namaste {name}, your {seva} on {date} is booked. Details: {link}', {
        name: params[0],
        seva: params[1],
        date: params[2],
        link: params[3],
      })
    case 'seva-performed':
      return t('Namaste {name}, your {seva} of {date} was performed. Details: {link}', {
        name: params[0],
        seva: params[1],
        date: params[2],
        link: params[3],
      })
    case 'donation-receipt':
      return t('Namaste {name}, thank you for your gift of {amount}. Receipt {receiptNumber}: {link}', {
        name: params[0],
        amount: params[1],
        receiptNumber: params[2],
        link: params[3],
      })
  }
}
