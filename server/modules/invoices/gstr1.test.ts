import { describe, expect, it } from 'vitest'
import type { TaxedLine } from '../../../contracts/gst.ts'
import { type Gstr1Document, gstr1, posCode } from './gstr1.ts'
import { gstr1Csv, toolDate } from './gstr1-csv.ts'

// November 2026 of a shop in Uttar Pradesh, worked out by hand (decision 145). Paise in, rupees out.
const line = (
  l: Partial<TaxedLine> & Pick<TaxedLine, 'code' | 'rate' | 'quantity' | 'taxable'>,
): TaxedLine => ({
  description: l.code,
  unitPrice: 0,
  gross: 0,
  discount: 0,
  inclusive: 0,
  cgst: 0,
  sgst: 0,
  igst: 0,
  ...l,
})
const doc = (d: Partial<Gstr1Document> & Pick<Gstr1Document, 'kind' | 'number' | 'issuedAt' | 'lines'>) => {
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => d.lines.reduce((a, l) => a + l[k], 0)
  const totals = { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst') }
  return {
    id: d.number,
    placeOfSupply: 'Uttar Pradesh (09)',
    intraState: true,
    recipient: { name: 'Asha Verma' },
    ...totals,
    total: totals.taxable + totals.cgst + totals.sgst + totals.igst,
    ...d,
  } satisfies Gstr1Document
}
const karnataka = { placeOfSupply: 'Karnataka (29)', intraState: false }

// 31 October 10:00 UTC is still October in India: not this month.
const october = doc({
  kind: 'invoice',
  number: 'KS/26-27/00040',
  issuedAt: new Date('2026-10-31T10:00:00Z'),
  lines: [line({ itemId: 'x', code: '6211', rate: 5, quantity: 1, taxable: 10000, cgst: 250, sgst: 250 })],
})
// 31 October 19:00 UTC is 1 November 00:30 in India: this month. A ₹118 card set at 18%.
const firstOfMonth = doc({
  kind: 'invoice',
  number: 'KS/26-27/00041',
  issuedAt: new Date('2026-10-31T19:00:00Z'),
  lines: [line({ itemId: 'f', code: '4823', rate: 18, quantity: 1, taxable: 10000, cgst: 900, sgst: 900 })],
})
// A ₹1,050 kurta at 5% and its ₹50 COD fee taxed as it is: 5000 × 100 / 105 = 4761.9 → ₹47.62, tax 238.
const kurta = doc({
  kind: 'invoice',
  number: 'KS/26-27/00042',
  issuedAt: new Date('2026-11-03T06:00:00Z'),
  lines: [
    line({ itemId: 'k', code: '6211', rate: 5, quantity: 1, taxable: 100000, cgst: 2500, sgst: 2500 }),
    line({ code: '6211', rate: 5, quantity: 1, taxable: 4762, cgst: 119, sgst: 119 }),
  ],
})
// A ₹1,18,000 painting to Karnataka: inter-state above ₹1,00,000, B2C large.
const painting = doc({
  kind: 'invoice',
  number: 'KS/26-27/00043',
  issuedAt: new Date('2026-11-10T06:00:00Z'),
  ...karnataka,
  lines: [line({ itemId: 'p', code: '9701', rate: 18, quantity: 1, taxable: 10000000, igst: 1800000 })],
})
// Two ₹1,050 stoles to Karnataka: inter-state but small.
const stoles = doc({
  kind: 'invoice',
  number: 'KS/26-27/00044',
  issuedAt: new Date('2026-11-12T06:00:00Z'),
  ...karnataka,
  lines: [line({ itemId: 's', code: '6214', rate: 5, quantity: 2, taxable: 200000, igst: 10000 })],
})
// 30 November 19:00 UTC is 1 December in India: next month.
const december = doc({
  kind: 'invoice',
  number: 'KS/26-27/00045',
  issuedAt: new Date('2026-11-30T19:00:00Z'),
  lines: [line({ itemId: 'd', code: '6211', rate: 5, quantity: 1, taxable: 10000, cgst: 250, sgst: 250 })],
})
// One stole back: netted off B2C small. The painting refunded whole: CDNUR, as its invoice was B2C large.
const stoleBack = doc({
  kind: 'credit-note',
  number: 'KSC/26-27/00007',
  issuedAt: new Date('2026-11-20T06:00:00Z'),
  ...karnataka,
  invoice: stoles,
  lines: [line({ itemId: 's', code: '6214', rate: 5, quantity: 1, taxable: 100000, igst: 5000 })],
})
const paintingBack = doc({
  kind: 'credit-note',
  number: 'KSC/26-27/00008',
  issuedAt: new Date('2026-11-25T06:00:00Z'),
  ...karnataka,
  invoice: painting,
  lines: painting.lines,
})

describe('GSTR-1 of a month', () => {
  const { data, totals, places } = gstr1({
    gstin: '09AAACK1234F1Z5',
    month: '2026-11',
    documents: [december, stoleBack, kurta, october, painting, paintingBack, stoles, firstOfMonth],
  })

  it('takes the documents issued in the month in India, and names the period', () => {
    expect(data.gstin).toBe('09AAACK1234F1Z5')
    expect(data.fp).toBe('112026')
    expect(totals).toEqual({
      invoices: { count: 4, taxable: 103147.62, cgst: 35.19, sgst: 35.19, igst: 18100, total: 121318 },
      creditNotes: { count: 2, taxable: 101000, cgst: 0, sgst: 0, igst: 18050, total: 119050 },
      net: { count: 2, taxable: 2147.62, cgst: 35.19, sgst: 35.19, igst: 50, total: 2268 },
    })
  })

  it('puts the large inter-state invoice in B2CL and its credit note in CDNUR', () => {
    expect(data.b2b).toEqual([])
    expect(data.cdnr).toEqual([])
    expect(data.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: 'KS/26-27/00043',
            idt: '10-11-2026',
            val: 118000,
            pos: '29',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
          },
        ],
      },
    ])
    expect(data.cdnur).toEqual([
      {
        ntty: 'C',
        nt_num: 'KSC/26-27/00008',
        nt_dt: '25-11-2026',
        val: 118000,
        pos: '29',
        typ: 'B2CL',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
      },
    ])
  })

  it('sums B2C small by place and rate, with its credit note netted off', () => {
    expect(data.b2cs).toEqual([
      { sply_ty: 'INTRA', typ: 'OE', pos: '09', rt: 5, txval: 1047.62, camt: 26.19, samt: 26.19, csamt: 0 },
      { sply_ty: 'INTRA', typ: 'OE', pos: '09', rt: 18, txval: 100, camt: 9, samt: 9, csamt: 0 },
      { sply_ty: 'INTER', typ: 'OE', pos: '29', rt: 5, txval: 1000, iamt: 50, csamt: 0 },
    ])
    // What the tables add up to is the register's net taxable value.
    const b2cs = data.b2cs.reduce((a, r) => a + r.txval, 0)
    const b2cl = data.b2cl
      .flatMap((g) => g.inv)
      .flatMap((i) => i.itms)
      .reduce((a, i) => a + i.itm_det.txval, 0)
    const cdnur = data.cdnur.flatMap((n) => n.itms).reduce((a, i) => a + i.itm_det.txval, 0)
    expect(Math.round((b2cs + b2cl - cdnur) * 100)).toBe(Math.round(totals.net.taxable * 100))
  })

  it('summarises by HSN: pieces counted, a charge beside them not, a code wholly reversed left out', () => {
    expect(data.hsn.hsn_b2b).toEqual([])
    expect(data.hsn.hsn_b2c).toEqual([
      { num: 1, hsn_sc: '4823', uqc: 'PCS', qty: 1, rt: 18, txval: 100, iamt: 0, camt: 9, samt: 9, csamt: 0 },
      {
        num: 2,
        hsn_sc: '6211',
        uqc: 'PCS',
        qty: 1,
        rt: 5,
        txval: 1047.62,
        iamt: 0,
        camt: 26.19,
        samt: 26.19,
        csamt: 0,
      },
      {
        num: 3,
        hsn_sc: '6214',
        uqc: 'PCS',
        qty: 1,
        rt: 5,
        txval: 1000,
        iamt: 50,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ])
  })

  it("lists each series' first and last number issued in the month", () => {
    expect(data.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'KS/26-27/00041', to: 'KS/26-27/00044', totnum: 4, cancel: 0, net_issue: 4 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [
          { num: 1, from: 'KSC/26-27/00007', to: 'KSC/26-27/00008', totnum: 2, cancel: 0, net_issue: 2 },
        ],
      },
    ])
  })

  it('puts a registered buyer in B2B with its GSTIN, and its HSN lines in the B2B table', () => {
    const business = doc({
      kind: 'invoice',
      number: 'KS/26-27/00050',
      issuedAt: new Date('2026-11-15T06:00:00Z'),
      recipient: { name: 'Weaves Pvt Ltd', gstin: '29AABCW1234K1Z3' },
      ...karnataka,
      lines: [line({ itemId: 'b', code: '6214', rate: 5, quantity: 3, taxable: 300000, igst: 15000 })],
    })
    const back = doc({
      kind: 'credit-note',
      number: 'KSC/26-27/00009',
      issuedAt: new Date('2026-11-16T06:00:00Z'),
      ...karnataka,
      recipient: business.recipient,
      invoice: business,
      lines: [line({ itemId: 'b', code: '6214', rate: 5, quantity: 1, taxable: 100000, igst: 5000 })],
    })
    const month = gstr1({ gstin: '09AAACK1234F1Z5', month: '2026-11', documents: [business, back] }).data
    expect(month.b2b).toEqual([
      {
        ctin: '29AABCW1234K1Z3',
        inv: [
          {
            inum: 'KS/26-27/00050',
            idt: '15-11-2026',
            val: 3150,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 5, txval: 3000, iamt: 150, csamt: 0 } }],
          },
        ],
      },
    ])
    expect(month.cdnr[0]?.nt).toEqual([
      {
        ntty: 'C',
        nt_num: 'KSC/26-27/00009',
        nt_dt: '16-11-2026',
        val: 1050,
        pos: '29',
        rchrg: 'N',
        inv_typ: 'R',
        itms: [{ num: 1, itm_det: { rt: 5, txval: 1000, iamt: 50, csamt: 0 } }],
      },
    ])
    expect(month.b2cs).toEqual([])
    expect(month.hsn.hsn_b2c).toEqual([])
    expect(month.hsn.hsn_b2b).toMatchObject([{ hsn_sc: '6214', qty: 2, txval: 2000, iamt: 100 }])
  })

  it('reads the place of supply from its state code; a service counts no pieces and has no unit', () => {
    expect(posCode('Tamil Nadu (33)')).toBe('33')
    expect(posCode('Somewhere')).toBe('96')
    const stitched = doc({
      kind: 'invoice',
      number: 'KS/26-27/00060',
      issuedAt: new Date('2026-11-05T06:00:00Z'),
      lines: [
        line({ itemId: 'b', code: '998821', rate: 18, quantity: 2, taxable: 30000, cgst: 2700, sgst: 2700 }),
      ],
    })
    const month = gstr1({ gstin: 'x', month: '2026-11', documents: [stitched] }).data
    expect(month.hsn.hsn_b2c).toMatchObject([{ hsn_sc: '998821', uqc: 'NA', qty: 0, txval: 300 }])
  })

  it("writes each table in the offline tool's columns", () => {
    expect(toolDate('10-11-2026')).toBe('10-Nov-26')
    expect(places).toEqual({ '09': 'Uttar Pradesh', '29': 'Karnataka' })
    expect(gstr1Csv('b2cs', data, places)).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'OE,09-Uttar Pradesh,5.00,,1047.62,0.00,\r\n' +
        'OE,09-Uttar Pradesh,18.00,,100.00,0.00,\r\n' +
        'OE,29-Karnataka,5.00,,1000.00,0.00,\r\n',
    )
    expect(gstr1Csv('b2cl', data, places)).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'KS/26-27/00043,10-Nov-26,118000.00,29-Karnataka,,18.00,100000.00,0.00,\r\n',
    )
    expect(gstr1Csv('cdnur', data, places)).toBe(
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount\r\n' +
        'B2CL,KSC/26-27/00008,25-Nov-26,C,29-Karnataka,118000.00,,18.00,100000.00,0.00\r\n',
    )
    expect(gstr1Csv('hsn-b2c', data, places).split('\r\n').slice(0, 3)).toEqual([
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      '4823,,PCS-PIECES,1,118.00,18.00,100.00,0.00,9.00,9.00,0.00',
      '6211,,PCS-PIECES,1,1100.00,5.00,1047.62,0.00,26.19,26.19,0.00',
    ])
    expect(gstr1Csv('docs', data, places)).toBe(
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled\r\n' +
        'Invoices for outward supply,KS/26-27/00041,KS/26-27/00044,4,0\r\n' +
        'Credit Note,KSC/26-27/00007,KSC/26-27/00008,2,0\r\n',
    )
    expect(gstr1Csv('b2b', data, places).split('\r\n')).toHaveLength(2)
  })
})
