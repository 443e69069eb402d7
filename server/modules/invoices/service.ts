import {
  computeTax,
  documentNumber,
  documentSeries,
  type ExtraCharge,
  financialYear,
  isIntraState,
  stateCode,
  type TaxedLine,
} from '../../../contracts/gst.ts'
import { type InvoiceSettings, invoiceText } from '../../../contracts/invoices.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
import { writeAudit } from '../audit/repo.ts'
import { renderInvoicePdf } from './pdf.ts'
import { createInvoicesRepo, type DocumentKind, type InvoiceRow } from './repo.ts'

const placeOf = (state: string) => {
  const code = stateCode(state)
  return code ? `${state} (${code})` : state
}

export function createInvoicesService(deps: { db: Db }) {
  const repo = createInvoicesRepo(deps.db)

  const settingsOf = async (r: ReturnType<typeof createInvoicesRepo>): Promise<InvoiceSettings> => {
    const row = await r.supplier()
    return {
      legalName: row?.legalName ?? '',
      legalAddress: row?.legalAddress ?? '',
      legalState: row?.legalState ?? '',
      gstin: row?.gstin ?? '',
      invoicePrefix: row?.invoicePrefix ?? 'KS',
    }
  }

  /**
   * A cash-on-delivery fee is ancillary to the goods (a composite supply): it is taxed as the principal
   * line, the one of the largest value, is (decision 083).
   */
  function codFeeLine(
    fee: number,
    lines: Array<{ hsnCode: string; gstRate: number; price: number; quantity: number }>,
  ): ExtraCharge[] | undefined {
    if (fee <= 0 || lines.length === 0) return undefined
    const principal = lines.reduce((a, b) => (b.price * b.quantity > a.price * a.quantity ? b : a))
    return [
      { description: 'Cash on delivery fee', code: principal.hsnCode, rate: principal.gstRate, amount: fee },
    ]
  }

  const service = {
    /**
     * Issues the order's tax invoice inside the caller's transaction (the payment's, or the delivery of a
     * cash-on-delivery order), unless it has one; returns it either way. `extras` are charges beside the
     * goods, such as a cash-on-delivery fee, each its own taxed line.
     */
    async issueInvoice(
      tx: Tx,
      orderId: string,
      opts: { extras?: ExtraCharge[]; now?: Date } = {},
    ): Promise<InvoiceRow> {
      const r = createInvoicesRepo(tx)
      const order = await r.lockOrder(orderId)
      if (!order) throw new NotFoundError('No such order.')
      const existing = await r.ofOrder(order.id, 'invoice')
      if (existing) return existing
      const now = opts.now ?? new Date()
      const supplier = await r.supplier()
      const shopState = supplier?.legalState ?? ''
      const intraState = isIntraState(shopState, order.shippingState)
      const lines = await r.linesOf(order.id)
      const tax = computeTax({
        lines: lines.map((l) => ({
          description: l.title,
          code: l.hsnCode,
          rate: l.gstRate,
          quantity: l.quantity,
          unitPrice: l.price,
        })),
        discount: order.discountAmount,
        extras: opts.extras ?? codFeeLine(order.codFee, lines),
        intraState,
      })
      const fy = financialYear(now)
      const prefix = supplier?.invoicePrefix ?? 'KS'
      const serial = await r.nextSerial(documentSeries(prefix, 'invoice', fy))
      const name =
        [order.shippingFirstName, order.shippingLastName].filter(Boolean).join(' ') ||
        ((await r.customerName(order.userId)) ?? '')
      return r.insert({
        orderId: order.id,
        kind: 'invoice',
        number: documentNumber(prefix, 'invoice', fy, serial),
        financialYear: fy,
        serial,
        issuedAt: now,
        supplier: {
          name: supplier?.legalName ?? '',
          address: supplier?.legalAddress ?? '',
          state: placeOf(shopState),
          gstin: supplier?.gstin ?? '',
        },
        recipient: {
          name,
          address: [order.shippingAddress, order.shippingApartment].filter(Boolean).join(', '),
          city: `${order.shippingCity}, ${order.shippingState} ${order.shippingPostalCode}`,
          country: order.shippingCountry,
          phone: order.shippingPhone,
          orderNumber: order.orderNumber,
        },
        placeOfSupply: placeOf(order.shippingState),
        intraState,
        lines: tax.lines,
        taxable: tax.taxable,
        cgst: tax.cgst,
        sgst: tax.sgst,
        igst: tax.igst,
        total: tax.total,
      })
    },

    /**
     * Issues a credit note reversing the whole invoice of a refunded order, in the refund's transaction,
     * in its own gap-free series. Null when the order has no invoice (it was never paid).
     */
    async issueCreditNote(tx: Tx, orderId: string, now = new Date()): Promise<InvoiceRow | null> {
      const r = createInvoicesRepo(tx)
      await r.lockOrder(orderId)
      const invoice = await r.ofOrder(orderId, 'invoice')
      if (!invoice) return null
      const existing = await r.ofOrder(orderId, 'credit-note')
      if (existing) return existing
      const supplier = await r.supplier()
      const fy = financialYear(now)
      const prefix = supplier?.invoicePrefix ?? 'KS'
      const serial = await r.nextSerial(documentSeries(prefix, 'credit-note', fy))
      return r.insert({
        ...invoice,
        id: undefined,
        kind: 'credit-note',
        number: documentNumber(prefix, 'credit-note', fy, serial),
        financialYear: fy,
        serial,
        invoiceId: invoice.id,
        issuedAt: now,
        createdAt: undefined,
        updatedAt: undefined,
      })
    },

    /** The PDF of an order's document; `userId` limits it to the customer's own order (else not found). */
    async pdf(
      idOrNumber: string,
      kind: DocumentKind,
      userId?: string,
      language: Language = defaultLanguage,
    ): Promise<{ number: string; pdf: Buffer }> {
      const order = await repo.orderById(idOrNumber)
      if (!order || (userId !== undefined && order.userId !== userId)) {
        throw new NotFoundError('Order not found.')
      }
      const doc = await repo.ofOrder(order.id, kind)
      if (!doc) throw new NotFoundError(kind === 'invoice' ? invoiceText.notIssued : invoiceText.noCreditNote)
      const invoice = doc.invoiceId ? await repo.ofOrder(order.id, 'invoice') : null
      return { number: doc.number, pdf: await renderInvoicePdf(doc, invoice, language) }
    },

    settings: {
      get: (): Promise<InvoiceSettings> => settingsOf(repo),
      async save(actorId: string, values: InvoiceSettings): Promise<InvoiceSettings> {
        return deps.db.transaction(async (tx) => {
          // Read inside the transaction: the embedded database has one connection.
          const r = createInvoicesRepo(tx)
          const before = await settingsOf(r)
          await r.saveSupplier(values)
          await writeAudit(tx, {
            actorId,
            action: 'settings.invoices',
            entity: 'settings',
            entityId: 'shop',
            before,
            after: values,
          })
          return values
        })
      },
    },
  }
  return service
}
export type InvoicesService = ReturnType<typeof createInvoicesService>
export type { TaxedLine }
