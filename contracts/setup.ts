import { z } from 'zod'
import type { DonationSettings } from './donations.ts'
import { gstinPattern, stateCode } from './gst.ts'
import type { InvoiceSettings } from './invoices.ts'
import { msg } from './languages.ts'

/**
 * The set-up checklist (decision 123): what a new shop must be told before its first real day. A GST invoice
 * is issued only with its supplier complete, a donation receipt only with the foundation's registration
 * complete; until then the order or the gift waits and the dashboard says so.
 */

/** The supplier fields a tax invoice cannot go out without (CGST Rules, rule 46). */
export function invoiceDetailsMissing(s: InvoiceSettings): Array<keyof InvoiceSettings> {
  const missing: Array<keyof InvoiceSettings> = []
  if (!s.legalName.trim()) missing.push('legalName')
  if (!s.legalAddress.trim()) missing.push('legalAddress')
  if (!stateCode(s.legalState)) missing.push('legalState')
  if (!gstinPattern.test(s.gstin)) missing.push('gstin')
  if (!s.invoicePrefix.trim()) missing.push('invoicePrefix')
  return missing
}

/**
 * The foundation's fields a donation receipt cannot go out without (Income-tax Rules, rule 18AB: the name,
 * address and PAN of the institution, its registration number and the date it was granted).
 */
export function receiptDetailsMissing(s: DonationSettings): Array<keyof DonationSettings> {
  const missing: Array<keyof DonationSettings> = []
  if (!s.donationName.trim()) missing.push('donationName')
  if (!s.donationAddress.trim()) missing.push('donationAddress')
  if (!s.donationPan.trim()) missing.push('donationPan')
  if (!s.registration80g.trim()) missing.push('registration80g')
  if (!s.registration80gIssued.trim()) missing.push('registration80gIssued')
  return missing
}

export const setupItemIds = [
  'supplier',
  'gstin',
  'invoicePrefix',
  'foundation',
  'pan',
  'registration80g',
  'notificationEmail',
  'payments',
] as const
export type SetupItemId = (typeof setupItemIds)[number]

export const setupItemSchema = z.object({
  id: z.enum(setupItemIds),
  done: z.boolean(),
  value: z.string().nullable().meta({
    description: 'What is set now, where it helps to see it (the prefix, the address, the provider)',
  }),
})

export const dashboardSetupSchema = z.object({
  complete: z
    .boolean()
    .meta({ description: 'Every item is done: the dashboard shows the checklist no more' }),
  items: z.array(setupItemSchema),
  invoicesWaiting: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Paid orders whose tax invoice waits for the supplier details' }),
  receiptsWaiting: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Paid gifts whose receipt waits for the foundation’s details' }),
})
export type SetupItem = z.infer<typeof setupItemSchema>
export type DashboardSetup = z.infer<typeof dashboardSetupSchema>

/** The checklist's words and where each item is set, for the console. */
export const setupText: Record<SetupItemId, { label: string; to: string }> = {
  supplier: {
    label: 'Legal name, registered address and state',
    to: '/admin/settings#invoice-settings-title',
  },
  gstin: { label: 'GSTIN', to: '/admin/settings#invoice-settings-title' },
  invoicePrefix: { label: 'Invoice number prefix', to: '/admin/settings#invoice-settings-title' },
  foundation: {
    label: 'The foundation’s name and address on receipts',
    to: '/admin/settings#donation-settings-title',
  },
  pan: { label: 'The foundation’s PAN', to: '/admin/settings#donation-settings-title' },
  registration80g: {
    label: '80G registration number (URN) and its date',
    to: '/admin/settings#donation-settings-title',
  },
  notificationEmail: { label: 'Notification e-mail for new orders and messages', to: '/admin/settings' },
  payments: { label: 'Payment keys', to: '/admin' },
}

export const setupMessages = {
  invoiceDetailsFirst: msg(
    'An order leaves with its tax invoice, and the shop’s GST details are not complete: fill them in under Settings, GST invoices, then ship it.',
  ),
  receiptFollows: msg('Your receipt will follow by e-mail as soon as it is issued.'),
}
