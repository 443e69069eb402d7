import type { Gstr1 } from '../../../contracts/gstr1.ts'
import { spreadsheetSafe, writeCsv } from '../../lib/csv.ts'

/**
 * GSTR-1's tables as CSV files in the columns of the GST portal's offline tool (decision 145), one file per
 * sheet: what an accountant imports into the tool, or checks against the JSON. Dates as the tool writes them
 * (10-Nov-26), places of supply as '09-Uttar Pradesh', units as 'PCS-PIECES'.
 */

export const gstr1Tables = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs'] as const
export type Gstr1Table = (typeof gstr1Tables)[number]

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** '10-11-2026' as the offline tool writes it: '10-Nov-26'. */
export const toolDate = (ddmmyyyy: string) => {
  const [d, m, y] = ddmmyyyy.split('-')
  return `${d}-${months[Number(m) - 1]}-${y!.slice(2)}`
}

const unitNames: Record<string, string> = {
  PCS: 'PIECES',
  NOS: 'NUMBERS',
  SET: 'SETS',
  PRS: 'PAIRS',
  MTR: 'METERS',
  SQM: 'SQUARE METERS',
  KGS: 'KILOGRAMS',
  GMS: 'GRAMMES',
  BOX: 'BOX',
  PAC: 'PACKS',
  DOZ: 'DOZENS',
  OTH: 'OTHERS',
}
const unit = (uqc: string) => (uqc === 'NA' ? 'NA' : `${uqc}-${unitNames[uqc] ?? 'OTHERS'}`)
const money = (n: number) => n.toFixed(2)

export function gstr1Csv(table: Gstr1Table, data: Gstr1, places: Record<string, string>): string {
  const place = (pos: string) => `${pos}-${places[pos] ?? (pos === '96' ? 'Other Countries' : '')}`
  const text = (v: string) => spreadsheetSafe(v)
  const rows: string[][] = []
  switch (table) {
    case 'b2b':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ])
      for (const g of data.b2b)
        for (const inv of g.inv)
          for (const i of inv.itms)
            rows.push([
              text(g.ctin),
              '',
              text(inv.inum),
              toolDate(inv.idt),
              money(inv.val),
              place(inv.pos),
              'N',
              '',
              'Regular B2B',
              '',
              money(i.itm_det.rt),
              money(i.itm_det.txval),
              money(i.itm_det.csamt),
            ])
      break
    case 'b2cl':
      rows.push([
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ])
      for (const g of data.b2cl)
        for (const inv of g.inv)
          for (const i of inv.itms)
            rows.push([
              text(inv.inum),
              toolDate(inv.idt),
              money(inv.val),
              place(inv.pos),
              '',
              money(i.itm_det.rt),
              money(i.itm_det.txval),
              money(i.itm_det.csamt),
              '',
            ])
      break
    case 'b2cs':
      rows.push([
        'Type',
        'Place Of Supply',
        'Rate',
        'Applicable % of Tax Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ])
      for (const r of data.b2cs)
        rows.push(['OE', place(r.pos), money(r.rt), '', money(r.txval), money(r.csamt), ''])
      break
    case 'cdnr':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ])
      for (const g of data.cdnr)
        for (const n of g.nt)
          for (const i of n.itms)
            rows.push([
              text(g.ctin),
              '',
              text(n.nt_num),
              toolDate(n.nt_dt),
              'C',
              place(n.pos),
              'N',
              'Regular B2B',
              money(n.val),
              '',
              money(i.itm_det.rt),
              money(i.itm_det.txval),
              money(i.itm_det.csamt),
            ])
      break
    case 'cdnur':
      rows.push([
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ])
      for (const n of data.cdnur)
        for (const i of n.itms)
          rows.push([
            n.typ,
            text(n.nt_num),
            toolDate(n.nt_dt),
            'C',
            place(n.pos),
            money(n.val),
            '',
            money(i.itm_det.rt),
            money(i.itm_det.txval),
            money(i.itm_det.csamt),
          ])
      break
    case 'hsn-b2b':
    case 'hsn-b2c':
      rows.push([
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ])
      for (const r of table === 'hsn-b2b' ? data.hsn.hsn_b2b : data.hsn.hsn_b2c)
        rows.push([
          text(r.hsn_sc),
          '',
          unit(r.uqc),
          String(r.qty),
          money(r.txval + r.iamt + r.camt + r.samt + r.csamt),
          money(r.rt),
          money(r.txval),
          money(r.iamt),
          money(r.camt),
          money(r.samt),
          money(r.csamt),
        ])
      break
    case 'docs':
      rows.push(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'])
      for (const d of data.doc_issue.doc_det)
        for (const range of d.docs)
          rows.push([d.doc_typ, text(range.from), text(range.to), String(range.totnum), String(range.cancel)])
      break
  }
  return writeCsv(rows)
}
