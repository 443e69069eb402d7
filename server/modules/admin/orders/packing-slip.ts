import { indianDate } from '../../../../contracts/gst.ts'
import { formatPaise } from '../../../../contracts/money.ts'
import { pdfFonts, pdfMargin, rule, startPdf } from '../../../lib/pdf.ts'

/** What one packing slip prints: who sends, who receives, what goes in the parcel; no prices. */
export type PackingSlip = {
  orderNumber: string
  placedAt: Date
  shipTo: {
    name: string
    address: string
    apartment: string | null
    city: string
    state: string
    postalCode: string
    country: string
    phone: string
  }
  /** Each line, with what the customer chose to be made or added (decision 133), one per detail. */
  items: Array<{ title: string; quantity: number; details?: string[] }>
  /** Cash on delivery: the amount (paise) the courier collects; null when paid online. */
  collect: number | null
  paymentMethod: string
}

export type Sender = { name: string; address: string; state: string }

/** The packing slips of one or more orders as one A4 PDF, each order starting on its own page. */
export function renderPackingSlips(slips: PackingSlip[], from: Sender): Promise<Buffer> {
  const title =
    slips.length === 1 ? `Packing slip ${slips[0]!.orderNumber}` : `Packing slips (${slips.length} orders)`
  const { pdf, finished, width } = startPdf(title)
  const { regular, bold } = pdfFonts
  const left = pdfMargin
  const bottom = pdf.page.height - pdfMargin

  slips.forEach((slip, n) => {
    if (n > 0) pdf.addPage()
    const half = width / 2 - 8
    const rightX = left + width / 2 + 8

    // From: the foundation as its settings name it (the GST invoice details).
    pdf.font(regular).fontSize(8).fillColor('#555').text('FROM', left, pdfMargin, { width: half })
    pdf
      .fillColor('#000')
      .font(bold)
      .fontSize(12)
      .text(from.name || 'The foundation', { width: half })
    pdf.font(regular).fontSize(9)
    if (from.address) pdf.text(from.address, { width: half })
    if (from.state) pdf.text(from.state, { width: half })
    const fromEnd = pdf.y

    pdf.font(bold).fontSize(16).text('PACKING SLIP', rightX, pdfMargin, { width: half, align: 'right' })
    pdf.font(regular).fontSize(10).text(`Order no. ${slip.orderNumber}`, { width: half, align: 'right' })
    pdf.text(`Order date ${indianDate(slip.placedAt)}`, { width: half, align: 'right' })
    let y = Math.max(fromEnd, pdf.y) + 12
    rule(pdf, y)
    y += 10

    // Ship to, large enough to read across a packing table.
    const s = slip.shipTo
    pdf.font(regular).fontSize(8).fillColor('#555').text('SHIP TO', left, y, { width: half })
    pdf.fillColor('#000').font(bold).fontSize(14).text(s.name, { width: half })
    pdf.font(regular).fontSize(11)
    pdf.text([s.address, s.apartment].filter(Boolean).join(', '), { width: half })
    pdf.text(`${s.city}, ${s.state}`, { width: half })
    pdf.font(bold).text(`PIN ${s.postalCode}`, { width: half })
    pdf.font(regular).text(s.country, { width: half })
    pdf.text(`Phone ${s.phone}`, { width: half })
    const shipEnd = pdf.y

    // Payment: what the courier does at the door.
    const cod = slip.collect !== null
    const boxH = 64
    pdf
      .rect(rightX, y, half, boxH)
      .lineWidth(cod ? 1.5 : 0.5)
      .strokeColor(cod ? '#000' : '#999')
      .stroke()
    pdf
      .font(regular)
      .fontSize(8)
      .fillColor('#555')
      .text('PAYMENT', rightX + 8, y + 8, { width: half - 16 })
    pdf.fillColor('#000').font(bold).fontSize(12)
    if (cod) {
      pdf.text('Cash on delivery', { width: half - 16 })
      pdf.text(`Collect ${formatPaise(slip.collect!, { paise: 'always', sign: '₹' })}`, { width: half - 16 })
    } else {
      pdf.text(`Paid online (${slip.paymentMethod})`, { width: half - 16 })
      pdf
        .font(regular)
        .fontSize(10)
        .text('Nothing to collect', { width: half - 16 })
    }
    y = Math.max(shipEnd, y + boxH) + 16

    // The items: what goes into the parcel, with no prices.
    const cols = [
      { label: '#', w: 24, align: 'left' as const },
      { label: 'Item', w: width - 24 - 60 - 50, align: 'left' as const },
      { label: 'Quantity', w: 60, align: 'right' as const },
      { label: 'Packed', w: 50, align: 'center' as const },
    ]
    const row = (cells: string[], font: string, fill?: string) => {
      pdf.font(font).fontSize(10)
      const h = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: cols[i]!.w - 8 }))) + 10
      if (y + h > bottom - 40) {
        pdf.addPage()
        pdf
          .font(regular)
          .fontSize(9)
          .text(`Order no. ${slip.orderNumber}, continued`, left, pdfMargin, { width })
        y = pdf.y + 8
        pdf.font(font).fontSize(10)
      }
      if (fill) pdf.rect(left, y, width, h).fill(fill).fillColor('#000')
      let x = left
      cells.forEach((c, i) => {
        pdf.text(c, x + 4, y + 5, { width: cols[i]!.w - 8, align: cols[i]!.align })
        x += cols[i]!.w
      })
      y += h
      rule(pdf, y, '#ccc')
    }
    row(
      cols.map((c) => c.label),
      bold,
      '#eeeeee',
    )
    for (const [i, item] of slip.items.entries()) {
      row(
        [String(i + 1), [item.title, ...(item.details ?? [])].join('\n'), String(item.quantity), '☐'],
        regular,
      )
    }
    const pieces = slip.items.reduce((sum, i) => sum + i.quantity, 0)
    y += 6
    pdf
      .font(bold)
      .fontSize(10)
      .text(`${pieces} ${pieces === 1 ? 'piece' : 'pieces'} in all`, left, y, { width, align: 'right' })
    y = pdf.y + 16

    // Notes: room to write by hand.
    const notesH = Math.max(80, Math.min(160, bottom - y - 16))
    if (y + notesH > bottom) {
      pdf.addPage()
      y = pdfMargin
    }
    pdf.font(regular).fontSize(8).fillColor('#555').text('NOTES', left, y, { width })
    pdf.fillColor('#000')
    pdf
      .rect(left, pdf.y + 4, width, notesH)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke()
  })
  pdf.end()
  return finished
}
