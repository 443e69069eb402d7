import { indianDate, indianDay, type TaxedLine } from '../../../contracts/gst.ts'
import type { Gstr1, Gstr1Totals } from '../../../contracts/gstr1.ts'

/**
 * GSTR-1 for one month from the documents the shop issued (decision 145): pure, so a month computed by hand
 * can be compared figure by figure. Amounts come in paise and leave in rupees with two decimals, as the GST
 * portal's JSON has them.
 *
 * The reading of the law taken here:
 * - a document belongs to the month in India in which it was issued;
 * - a buyer is registered when the invoice names a GSTIN (B2B); otherwise an inter-state invoice of more than
 *   ₹1,00,000 is B2C large (the limit since 1 August 2024) and everything else B2C small, summed by place of
 *   supply and rate;
 * - a credit note goes where its invoice went: against a B2B invoice to CDNR, against a B2C large one to
 *   CDNUR, and against a B2C small one it is netted off B2C small (GSTR-1 has no table of its own for those);
 * - the HSN summary (split B2B and B2C, as the portal asks since 2025) nets credit notes off their codes; a
 *   service (SAC, codes starting 99) and a charge beside the goods (shipping, a COD fee) count no quantity,
 *   and a service's unit is NA;
 * - the documents issued are each series' first and last number in the month; the shop never cancels a
 *   number (a credit note reverses an invoice), so none is cancelled.
 */

export const b2clLimit = 100_000_00

/** A document as GSTR-1 needs it: the invoices' own row, with the invoice a credit note reverses. */
export type Gstr1Document = {
  id: string
  kind: 'invoice' | 'credit-note'
  number: string
  issuedAt: Date
  /** 'Uttar Pradesh (09)': the code in brackets is the place of supply. */
  placeOfSupply: string
  intraState: boolean
  recipient: Record<string, string>
  lines: TaxedLine[]
  taxable: number
  cgst: number
  sgst: number
  igst: number
  total: number
  /** A credit note's invoice (its number, date, total and place, to classify it as the invoice was). */
  invoice?: Omit<Gstr1Document, 'invoice'> | undefined
}

const rupees = (paise: number) => Math.round(paise) / 100

/** The two-digit state code of a place of supply ('96' for a supply outside India). */
export function posCode(placeOfSupply: string): string {
  return /\((\d{2})\)\s*$/.exec(placeOfSupply)?.[1] ?? '96'
}

/** The month's bounds as days in India, and the portal's period 'MMYYYY'. */
export function periodOf(month: string) {
  const [y, m] = month.split('-')
  return { fp: `${m}${y}`, from: `${month}-01`, to: `${month}-31` }
}

const inMonth = (at: Date, month: string) => indianDay(at).slice(0, 7) === month

type Tax = { txval: number; iamt: number; camt: number; samt: number }
const noTax = (): Tax => ({ txval: 0, iamt: 0, camt: 0, samt: 0 })
const addTax = (t: Tax, l: Pick<TaxedLine, 'taxable' | 'igst' | 'cgst' | 'sgst'>, sign = 1) => {
  t.txval += sign * l.taxable
  t.iamt += sign * l.igst
  t.camt += sign * l.cgst
  t.samt += sign * l.sgst
}

/** A document's lines summed per rate, as the portal's `itms` (1-based `num`). */
function itemsOf(doc: Pick<Gstr1Document, 'lines'>, intraState: boolean) {
  const byRate = new Map<number, Tax>()
  for (const l of doc.lines) {
    const t = byRate.get(l.rate) ?? noTax()
    addTax(t, l)
    byRate.set(l.rate, t)
  }
  return [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rt, t], i) => ({
      num: i + 1,
      itm_det: {
        rt,
        txval: rupees(t.txval),
        ...(intraState ? { camt: rupees(t.camt), samt: rupees(t.samt) } : { iamt: rupees(t.iamt) }),
        csamt: 0,
      },
    }))
}

const isService = (code: string) => code.startsWith('99')
type Kind = 'b2b' | 'b2cl' | 'b2cs'

/** Where an invoice goes in GSTR-1. */
export function invoiceKind(doc: Pick<Gstr1Document, 'recipient' | 'intraState' | 'total'>): Kind {
  if (doc.recipient.gstin) return 'b2b'
  return !doc.intraState && doc.total > b2clLimit ? 'b2cl' : 'b2cs'
}

export function gstr1(input: {
  gstin: string
  month: string
  documents: Gstr1Document[]
  /** A line's unit quantity code, for the HSN summary. */
  uqcOf?: (line: TaxedLine) => string
}): { data: Gstr1; totals: Gstr1Totals; places: Record<string, string> } {
  const { month } = input
  const docs = input.documents
    .filter((d) => inMonth(d.issuedAt, month))
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number))
  const invoices = docs.filter((d) => d.kind === 'invoice')
  const notes = docs.filter((d) => d.kind === 'credit-note')

  const b2b = new Map<string, Gstr1['b2b'][number]['inv']>()
  const b2cl = new Map<string, Gstr1['b2cl'][number]['inv']>()
  const b2cs = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; tax: Tax }>()
  const addB2cs = (doc: Gstr1Document, sign: number) => {
    for (const l of doc.lines) {
      const pos = posCode(doc.placeOfSupply)
      const key = `${doc.intraState ? 'INTRA' : 'INTER'}|${pos}|${l.rate}`
      const row = b2cs.get(key) ?? {
        sply_ty: doc.intraState ? ('INTRA' as const) : ('INTER' as const),
        pos,
        rt: l.rate,
        tax: noTax(),
      }
      addTax(row.tax, l, sign)
      b2cs.set(key, row)
    }
  }

  for (const inv of invoices) {
    const kind = invoiceKind(inv)
    const pos = posCode(inv.placeOfSupply)
    if (kind === 'b2cs') addB2cs(inv, 1)
    else {
      const entry = {
        inum: inv.number,
        idt: indianDate(inv.issuedAt),
        val: rupees(inv.total),
        pos,
        ...(kind === 'b2b' ? { rchrg: 'N' as const, inv_typ: 'R' as const } : {}),
        itms: itemsOf(inv, inv.intraState),
      }
      const group = kind === 'b2b' ? b2b : b2cl
      const key = kind === 'b2b' ? (inv.recipient.gstin ?? '') : pos
      group.set(key, [...(group.get(key) ?? []), entry])
    }
  }

  const cdnr = new Map<string, Gstr1['cdnr'][number]['nt']>()
  const cdnur: Gstr1['cdnur'] = []
  for (const note of notes) {
    const original = note.invoice
    const kind = original ? invoiceKind(original) : 'b2cs'
    if (kind === 'b2cs') {
      addB2cs(note, -1)
      continue
    }
    const entry = {
      ntty: 'C' as const,
      nt_num: note.number,
      nt_dt: indianDate(note.issuedAt),
      val: rupees(note.total),
      pos: posCode(note.placeOfSupply),
      itms: itemsOf(note, note.intraState),
    }
    if (kind === 'b2b') {
      const ctin = original?.recipient.gstin ?? ''
      cdnr.set(ctin, [...(cdnr.get(ctin) ?? []), { ...entry, rchrg: 'N', inv_typ: 'R' }])
    } else cdnur.push({ ...entry, typ: 'B2CL' })
  }

  // HSN summary: invoices add, credit notes take off, in the table of their invoice's buyer.
  type HsnRow = { hsn_sc: string; uqc: string; rt: number; qty: number; tax: Tax }
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() }
  for (const doc of docs) {
    const sign = doc.kind === 'invoice' ? 1 : -1
    const buyer = doc.kind === 'invoice' ? doc : (doc.invoice ?? doc)
    const table = buyer.recipient.gstin ? hsn.b2b : hsn.b2c
    for (const l of doc.lines) {
      const service = isService(l.code)
      const uqc = service ? 'NA' : (input.uqcOf?.(l) ?? 'PCS')
      const key = `${l.code}|${uqc}|${l.rate}`
      const row = table.get(key) ?? { hsn_sc: l.code, uqc, rt: l.rate, qty: 0, tax: noTax() }
      // A charge beside the goods (no order line of its own) and a service count no pieces.
      if (!service && l.itemId) row.qty += sign * l.quantity
      addTax(row.tax, l, sign)
      table.set(key, row)
    }
  }
  const hsnRows = (table: Map<string, HsnRow>) =>
    [...table.values()]
      // A code wholly reversed within the month leaves nothing to report.
      .filter((r) => r.qty !== 0 || Object.values(r.tax).some((v) => v !== 0))
      .sort((a, b) => a.hsn_sc.localeCompare(b.hsn_sc) || a.rt - b.rt || a.uqc.localeCompare(b.uqc))
      .map((r, i) => ({
        num: i + 1,
        hsn_sc: r.hsn_sc,
        uqc: r.uqc,
        qty: r.qty,
        rt: r.rt,
        txval: rupees(r.tax.txval),
        iamt: rupees(r.tax.iamt),
        camt: rupees(r.tax.camt),
        samt: rupees(r.tax.samt),
        csamt: 0,
      }))

  // Documents issued: each series' first and last number in the month.
  const seriesOf = (number: string) => number.replace(/\/\d+$/, '')
  const serialOf = (number: string) => Number(/\/(\d+)$/.exec(number)?.[1] ?? 0)
  const docRange = (list: Gstr1Document[]) => {
    const bySeries = new Map<string, string[]>()
    for (const d of list)
      bySeries.set(seriesOf(d.number), [...(bySeries.get(seriesOf(d.number)) ?? []), d.number])
    return [...bySeries.values()].map((numbers, i) => {
      const sorted = [...numbers].sort((a, b) => serialOf(a) - serialOf(b))
      return {
        num: i + 1,
        from: sorted[0]!,
        to: sorted.at(-1)!,
        totnum: sorted.length,
        cancel: 0,
        net_issue: sorted.length,
      }
    })
  }
  const docDet = [
    { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: docRange(invoices) },
    { doc_num: 5, doc_typ: 'Credit Note', docs: docRange(notes) },
  ].filter((d) => d.docs.length > 0)

  const sum = (list: Gstr1Document[]) => {
    const t = { count: list.length, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }
    for (const d of list) {
      t.taxable += d.taxable
      t.cgst += d.cgst
      t.sgst += d.sgst
      t.igst += d.igst
      t.total += d.total
    }
    return t
  }
  const inv = sum(invoices)
  const cn = sum(notes)
  const inRupees = (t: ReturnType<typeof sum>) => ({
    count: t.count,
    taxable: rupees(t.taxable),
    cgst: rupees(t.cgst),
    sgst: rupees(t.sgst),
    igst: rupees(t.igst),
    total: rupees(t.total),
  })

  // The state of each place of supply as the documents name it, for the offline tool's '09-Uttar Pradesh'.
  const places: Record<string, string> = {}
  for (const d of docs) places[posCode(d.placeOfSupply)] = d.placeOfSupply.replace(/\s*\(\d{2}\)\s*$/, '')
  return {
    places,
    data: {
      gstin: input.gstin,
      fp: periodOf(month).fp,
      b2b: [...b2b].map(([ctin, list]) => ({ ctin, inv: list })),
      b2cl: [...b2cl].map(([pos, list]) => ({ pos, inv: list })),
      b2cs: [...b2cs.values()]
        // Sold and taken back within the month: nothing to report.
        .filter((r) => Object.values(r.tax).some((v) => v !== 0))
        .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt || a.sply_ty.localeCompare(b.sply_ty))
        .map((r) => ({
          sply_ty: r.sply_ty,
          typ: 'OE' as const,
          pos: r.pos,
          rt: r.rt,
          txval: rupees(r.tax.txval),
          ...(r.sply_ty === 'INTRA'
            ? { camt: rupees(r.tax.camt), samt: rupees(r.tax.samt) }
            : { iamt: rupees(r.tax.iamt) }),
          csamt: 0,
        })),
      cdnr: [...cdnr].map(([ctin, nt]) => ({ ctin, nt })),
      cdnur,
      hsn: { hsn_b2b: hsnRows(hsn.b2b), hsn_b2c: hsnRows(hsn.b2c) },
      doc_issue: { doc_det: docDet },
    },
    totals: {
      invoices: inRupees(inv),
      creditNotes: inRupees(cn),
      net: inRupees({
        count: inv.count - cn.count,
        taxable: inv.taxable - cn.taxable,
        cgst: inv.cgst - cn.cgst,
        sgst: inv.sgst - cn.sgst,
        igst: inv.igst - cn.igst,
        total: inv.total - cn.total,
      }),
    },
  }
}
