import { rupeesInWords } from '../../../contracts/amount-words.ts'
import { indianDate } from '../../../contracts/gst.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { pdfFontsFor, pdfMargin, rule, startPdf } from '../../lib/pdf.ts'
import type { DonationRow } from './repo.ts'

/** What an issued receipt printed of the foundation, kept with it (`donations.issuer`). */
export type Issuer = {
  name: string
  address: string
  pan: string
  registration: string
  issued: string
  from: string
  until: string
}

/** 2026-04-01 as India writes it: 01-04-2026. */
const shownDate = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('-') : iso

/**
 * A paid donation's receipt as an A4 PDF (decision 101), in the donor's language: the foundation and its
 * 80G registration, the receipt number and date, the donor (name, address and PAN for an 80G receipt),
 * the amount in figures and words and how it was paid, and, for an 80G receipt, the deduction sentence.
 */
export function renderReceiptPdf(
  gift: DonationRow & { causeName: string },
  language: Language = defaultLanguage,
): Promise<Buffer> {
  const { t } = translatorFor(language)
  const issuer = (gift.issuer ?? {}) as Partial<Issuer>
  const title = gift.wants80g ? t('Donation receipt under section 80G') : t('Donation receipt')
  const { pdf, finished, width } = startPdf(`${title} ${gift.receiptNumber ?? ''}`)
  const { regular, bold } = pdfFontsFor(language)
  const left = pdfMargin
  const notSet = t('not set')

  pdf
    .font(bold)
    .fontSize(15)
    .text(issuer.name || t('The foundation'), left, 36, { width, align: 'center' })
  pdf.font(regular).fontSize(9)
  if (issuer.address) pdf.text(issuer.address, { width, align: 'center' })
  pdf.text(t('PAN of the foundation: {pan}', { pan: issuer.pan || notSet }), { width, align: 'center' })
  pdf.text(
    t('80G registration (URN): {number}, issued {issued}, valid {from} to {until}', {
      number: issuer.registration || notSet,
      issued: shownDate(issuer.issued ?? '') || notSet,
      from: shownDate(issuer.from ?? '') || notSet,
      until: shownDate(issuer.until ?? '') || notSet,
    }),
    { width, align: 'center' },
  )
  pdf.moveDown(0.8)
  rule(pdf, pdf.y)
  pdf.moveDown(0.8)
  pdf.font(bold).fontSize(13).text(title.toUpperCase(), left, pdf.y, { width, align: 'center' })
  pdf.moveDown(0.8)

  const rows: Array<[string, string]> = [
    [t('Receipt no.'), gift.receiptNumber ?? ''],
    [t('Date'), gift.paidAt ? indianDate(gift.paidAt) : ''],
    [t('Received from'), gift.donorName],
  ]
  if (gift.wants80g) {
    rows.push([t('Address'), gift.donorAddress ?? ''], [t('PAN of the donor'), gift.donorPan ?? ''])
  }
  rows.push(
    [t('Amount'), formatPaise(gift.amount, { paise: 'always', sign: '₹' })],
    [t('Amount in words'), rupeesInWords(Math.round(gift.amount / 100), language)],
    [
      t('Mode of payment'),
      t('Online payment (electronic), reference {reference}', { reference: gift.paymentReference ?? '' }),
    ],
    [t('Towards'), gift.causeName],
    [t('Donation type'), t('One-off donation (not to the corpus)')],
  )
  let y = pdf.y
  for (const [label, value] of rows) {
    pdf.font(regular).fontSize(10).text(label, left, y, { width: 140 })
    pdf.font(bold).text(value, left + 150, y, { width: width - 150 })
    y = Math.max(pdf.y, y + 14) + 4
  }
  y += 10
  rule(pdf, y)
  y += 10
  pdf.font(regular).fontSize(9)
  if (gift.wants80g) {
    pdf.text(
      t(
        'This donation is eligible for deduction under section 80G of the Income-tax Act, 1961, subject to the conditions of that section. The foundation reports it to the Income-tax Department in Form 10BD, and the certificate in Form 10BE follows after the year ends.',
      ),
      left,
      y,
      { width },
    )
  } else {
    pdf.text(
      t('Thank you for your gift. This receipt was issued without PAN, so it is not for an 80G claim.'),
      left,
      y,
      {
        width,
      },
    )
  }
  const signY = Math.max(pdf.y + 30, pdf.page.height - 130)
  pdf
    .font(bold)
    .fontSize(9)
    .text(t('For {name}', { name: issuer.name || t('the foundation') }), left + width - 220, signY, {
      width: 220,
      align: 'right',
    })
  pdf
    .font(regular)
    .fontSize(8)
    .text(
      t('This receipt was issued electronically and needs no signature.'),
      left + width - 220,
      signY + 16,
      {
        width: 220,
        align: 'right',
      },
    )
  pdf.end()
  return finished
}
