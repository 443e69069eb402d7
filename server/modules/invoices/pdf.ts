import { indianDate, type TaxedLine } from '../../../contracts/gst.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { invoiceText } from '../../../contracts/invoices.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { pdfFontsFor, pdfMargin, rule, startPdf } from '../../lib/pdf.ts'
import type { InvoiceRow } from './repo.ts'

const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(2)}%`

/**
 * Renders an issued invoice or credit note (CGST Rules 46 and 53) as an A4 PDF, in the language of the
 * customer who asks for it (staff get English): the labels are translated, the facts are the same.
 */
export function renderInvoicePdf(
  doc: InvoiceRow,
  invoice: InvoiceRow | null,
  language: Language = defaultLanguage,
): Promise<Buffer> {
  const { t } = translatorFor(language)
  const title = t(doc.kind === 'invoice' ? invoiceText.invoiceTitle : invoiceText.creditNoteTitle)
  const { pdf, finished, width } = startPdf(`${title} ${doc.number}`)
  const { regular, bold } = pdfFontsFor(language)
  const money = (paise: number) => formatPaise(paise, { paise: 'always', sign: '₹' })

  const left = pdfMargin
  const s = doc.supplier
  const b = doc.recipient
  const lines = doc.lines as TaxedLine[]

  // Heading: the document, its number and date.
  pdf.font(bold).fontSize(16).text(title.toUpperCase(), left, 36, { width, align: 'center' })
  pdf
    .font(regular)
    .fontSize(8)
    .fillColor('#555')
    .text(t('Original for recipient'), { width, align: 'center' })
  pdf.fillColor('#000').moveDown(0.8)

  const top = pdf.y
  const half = width / 2 - 8
  pdf
    .font(bold)
    .fontSize(11)
    .text(s.name || t('Supplier name not set'), left, top, { width: half })
  pdf.font(regular).fontSize(9)
  if (s.address) pdf.text(s.address, { width: half })
  pdf.text(t('State: {state}', { state: s.state || t('not set') }), { width: half })
  pdf.font(bold).text(t('GSTIN: {gstin}', { gstin: s.gstin || t('not set') }), { width: half })
  const leftEnd = pdf.y

  const rightX = left + width / 2 + 8
  const facts: Array<[string, string]> = [
    [doc.kind === 'invoice' ? t('Invoice no.') : t('Credit note no.'), doc.number],
    [t('Date'), indianDate(doc.issuedAt)],
    [t('Order no.'), b.orderNumber ?? ''],
  ]
  if (invoice) {
    facts.push([t('Against invoice'), invoice.number], [t('Invoice date'), indianDate(invoice.issuedAt)])
  }
  facts.push([t('Place of supply'), doc.placeOfSupply], [t('Reverse charge'), t('No')])
  let y = top
  for (const [label, value] of facts) {
    pdf.font(regular).fontSize(9).text(label, rightX, y, { width: 90 })
    pdf.font(bold).text(value, rightX + 92, y, { width: half - 92 })
    y = pdf.y + 2
  }
  y = Math.max(leftEnd, y) + 10

  // The recipient: name and delivery address (bill to and ship to are the same for the shop).
  rule(pdf, y)
  y += 6
  pdf.font(bold).fontSize(9).text(t('Bill to / Ship to'), left, y)
  pdf.font(regular).text(b.name || '', { width })
  pdf.text(b.address ?? '', { width })
  pdf.text(b.city ?? '', { width })
  pdf.text(`${b.country ?? 'INDIA'} · ${t('Phone {phone}', { phone: b.phone ?? '' })}`, { width })
  y = pdf.y + 10

  // The lines: one column per tax of this supply (CGST and SGST, or IGST).
  const taxCols = doc.intraState
    ? ([
        ['CGST', (l: TaxedLine) => l.cgst, (l: TaxedLine) => l.rate / 2],
        ['SGST', (l: TaxedLine) => l.sgst, (l: TaxedLine) => l.rate / 2],
      ] as const)
    : ([['IGST', (l: TaxedLine) => l.igst, (l: TaxedLine) => l.rate]] as const)
  const taxWidth = doc.intraState ? 58 : 70
  const fixed = 16 + 40 + 24 + 58 + 50 + 62 + taxWidth * taxCols.length + 62
  const cols = [
    { label: '#', w: 16, align: 'left' as const },
    { label: t('Description'), w: width - fixed, align: 'left' as const },
    { label: 'HSN/SAC', w: 40, align: 'left' as const },
    { label: t('Qty'), w: 24, align: 'right' as const },
    { label: t('Unit price (incl. GST)'), w: 58, align: 'right' as const },
    { label: t('Discount'), w: 50, align: 'right' as const },
    { label: t('Taxable value'), w: 62, align: 'right' as const },
    ...taxCols.map(([name]) => ({
      label: t('{tax} rate / amount', { tax: name }),
      w: taxWidth,
      align: 'right' as const,
    })),
    { label: t('Total'), w: 62, align: 'right' as const },
  ]
  const row = (cells: string[], font: string, fill?: string) => {
    pdf.font(font).fontSize(8)
    const h = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: cols[i]!.w - 4 }))) + 6
    if (y + h > pdf.page.height - 140) {
      pdf.addPage()
      y = 36
    }
    if (fill) pdf.rect(left, y, width, h).fill(fill).fillColor('#000')
    let x = left
    cells.forEach((c, i) => {
      pdf.text(c, x + 2, y + 3, { width: cols[i]!.w - 4, align: cols[i]!.align })
      x += cols[i]!.w
    })
    y += h
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#ccc')
      .lineWidth(0.5)
      .stroke()
  }
  row(
    cols.map((c) => c.label),
    bold,
    '#eeeeee',
  )
  for (const [i, l] of lines.entries()) {
    row(
      [
        String(i + 1),
        l.description,
        l.code || '-',
        String(l.quantity),
        money(l.unitPrice),
        l.discount ? money(l.discount) : '-',
        money(l.taxable),
        ...taxCols.map(([, amount, rate]) => `${percent(rate(l))}\n${money(amount(l))}`),
        money(l.inclusive),
      ],
      regular,
    )
  }

  // Totals, right-aligned under the table.
  y += 8
  const totals: Array<[string, string]> = [[t('Total taxable value'), money(doc.taxable)]]
  if (doc.intraState)
    totals.push(
      [t('Total {tax}', { tax: 'CGST' }), money(doc.cgst)],
      [t('Total {tax}', { tax: 'SGST' }), money(doc.sgst)],
    )
  else totals.push([t('Total {tax}', { tax: 'IGST' }), money(doc.igst)])
  totals.push([doc.kind === 'invoice' ? t('Invoice total') : t('Credit note total'), money(doc.total)])
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1
    pdf.font(last ? bold : regular).fontSize(last ? 10 : 9)
    pdf.text(label, left + width - 260, y, { width: 150, align: 'right' })
    pdf.text(value, left + width - 100, y, { width: 100, align: 'right' })
    y = pdf.y + 3
  })

  y += 10
  pdf.font(regular).fontSize(8).fillColor('#333')
  pdf.text(
    t(
      'Prices include GST. A coupon discount is taken off each line before tax. Taxable value = inclusive amount × 100 / (100 + rate), rounded to the paisa.',
    ),
    left,
    y,
    { width },
  )
  pdf.text(t(invoiceText.reverseCharge), { width })
  if (doc.kind === 'credit-note') {
    pdf.text(t('Issued for the refund of the whole order; it reverses the invoice named above.'), { width })
  }
  pdf.fillColor('#000')

  // Signature (Rule 46(q)).
  const signY = Math.max(pdf.y + 30, pdf.page.height - 130)
  pdf
    .font(bold)
    .fontSize(9)
    .text(s.name ? t('For {name}', { name: s.name }) : t('For the supplier'), left + width - 200, signY, {
      width: 200,
      align: 'right',
    })
  pdf
    .moveTo(left + width - 180, signY + 45)
    .lineTo(left + width, signY + 45)
    .strokeColor('#000')
    .stroke()
  pdf
    .font(regular)
    .fontSize(8)
    .text(t('Authorised signatory'), left + width - 200, signY + 49, {
      width: 200,
      align: 'right',
    })
  pdf.end()
  return finished
}
