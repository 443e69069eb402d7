import { z } from 'zod'

/**
 * GSTR-1 as the GST portal's offline tool takes it as JSON (decision 145), and the totals of the invoice
 * register it reconciles to. Amounts in rupees with two decimals; dates dd-mm-yyyy; `pos` the two-digit
 * state code; `rt` the rate in percent.
 */

export const gstr1MonthQuery = z.object({
  month: z
    .string('is required: the month, as YYYY-MM')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, for example 2026-11'),
})

const amount = z.number()
const itemDetail = z.object({
  rt: z.number(),
  txval: amount,
  iamt: amount.optional(),
  camt: amount.optional(),
  samt: amount.optional(),
  csamt: amount,
})
const items = z.array(z.object({ num: z.number().int(), itm_det: itemDetail }))

const invoice = z.object({
  inum: z.string(),
  idt: z.string(),
  val: amount,
  pos: z.string(),
  rchrg: z.literal('N').optional(),
  inv_typ: z.literal('R').optional(),
  itms: items,
})

const note = z.object({
  ntty: z.literal('C'),
  nt_num: z.string(),
  nt_dt: z.string(),
  val: amount,
  pos: z.string(),
  itms: items,
})

const hsnRow = z.object({
  num: z.number().int(),
  hsn_sc: z.string(),
  uqc: z.string(),
  qty: z.number(),
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
})

const docRange = z.object({
  num: z.number().int(),
  from: z.string(),
  to: z.string(),
  totnum: z.number().int(),
  cancel: z.number().int(),
  net_issue: z.number().int(),
})

export const gstr1Schema = z.object({
  gstin: z.string(),
  fp: z.string().meta({ description: 'The return period, MMYYYY' }),
  b2b: z.array(z.object({ ctin: z.string(), inv: z.array(invoice) })),
  b2cl: z.array(z.object({ pos: z.string(), inv: z.array(invoice) })),
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTRA', 'INTER']),
      typ: z.literal('OE'),
      pos: z.string(),
      rt: z.number(),
      txval: amount,
      iamt: amount.optional(),
      camt: amount.optional(),
      samt: amount.optional(),
      csamt: amount,
    }),
  ),
  cdnr: z.array(
    z.object({
      ctin: z.string(),
      nt: z.array(note.extend({ rchrg: z.literal('N'), inv_typ: z.literal('R') })),
    }),
  ),
  cdnur: z.array(note.extend({ typ: z.literal('B2CL') })),
  hsn: z.object({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }),
  doc_issue: z.object({
    doc_det: z.array(z.object({ doc_num: z.number().int(), doc_typ: z.string(), docs: z.array(docRange) })),
  }),
})
export type Gstr1 = z.infer<typeof gstr1Schema>

const registerTotals = z.object({
  count: z.number().int(),
  taxable: amount,
  cgst: amount,
  sgst: amount,
  igst: amount,
  total: amount,
})

/** The invoice register's totals for the month: what the return's tables add up to. */
export const gstr1TotalsSchema = z.object({
  invoices: registerTotals,
  creditNotes: registerTotals,
  net: registerTotals,
})
export type Gstr1Totals = z.infer<typeof gstr1TotalsSchema>
