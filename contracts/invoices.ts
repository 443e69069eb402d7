import { z } from 'zod'
import { gstinPattern } from './gst.ts'
import { msg } from './languages.ts'

/** The supplier printed on every GST invoice, set by staff in the console (decision 083). */
export const invoiceSettingsBody = z.object({
  legalName: z.string().trim().max(200, 'must be at most 200 characters'),
  legalAddress: z.string().trim().max(500, 'must be at most 500 characters'),
  legalState: z.string().trim().max(100, 'must be at most 100 characters'),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || gstinPattern.test(v), {
      message: 'must be a 15-character GSTIN, such as 09AAATK1234F1Z5',
    }),
  invoicePrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9]{1,3}$/,
      'must be 1 to 3 letters or digits (invoice numbers may have at most 16 characters)',
    ),
})
export type InvoiceSettings = z.infer<typeof invoiceSettingsBody>

/** Labels of the invoice documents, written once for the pages, the PDF and the tests. */
export const invoiceText = {
  download: msg('Download invoice'),
  downloadCreditNote: msg('Download credit note'),
  invoiceTitle: msg('Tax invoice'),
  creditNoteTitle: msg('Credit note'),
  reverseCharge: msg('Whether tax is payable on reverse charge: No'),
  notIssued: msg('This order has no invoice yet: it is issued when the order is paid.'),
  noCreditNote: msg('This order has no credit note.'),
}
