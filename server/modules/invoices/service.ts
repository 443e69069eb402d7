import {
  apportion,
  computeTax,
  documentNumber,
  documentSeries,
  type ExtraCharge,
  financialYear,
  gstChoiceFor,
  indianDay,
  isIntraState,
  rateForPieces,
  splitTax,
  stateCode,
  type TaxedLine,
} from '../../../contracts/gst.ts'
import { type InvoiceSettings, invoiceText } from '../../../contracts/invoices.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import { personalisationText, plainText } from '../../../contracts/personalisation.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { partOf } from '../../../contracts/return-money.ts'
import { invoiceDetailsMissing } from '../../../contracts/setup.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
import type { AccountsService } from '../accounts/service.ts'
import { writeAudit } from '../audit/repo.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import type { OrdersService } from '../orders/service.ts'
import type { SettingsService } from '../settings/service.ts'
import { createGstRulesService } from './gst-rules.ts'
import { type Gstr1Document, gstr1 } from './gstr1.ts'
import { type Gstr1Table, gstr1Csv } from './gstr1-csv.ts'
import { renderInvoicePdf } from './pdf.ts'
import { createInvoicesRepo, type DocumentKind, type InvoiceRow } from './repo.ts'

const placeOf = (state: string) => {
  const code = stateCode(state)
  return code ? `${state} (${code})` : state
}

export function createInvoicesService(deps: {
  db: Db
  /** The shop's settings row: the supplier printed on every document, and the number prefix. */
  settings: Pick<SettingsService, 'read' | 'save'>
  /** The order a document is for: locked while it is issued, its lines and delivery details. */
  orders: Pick<OrdersService, 'lockRow' | 'rowByIdOrNumber' | 'lines' | 'tellInvoiced'>
  /** Each line's HSN code and GST rate, as the product has them now. */
  catalogue: Pick<CatalogueService, 'taxCodes'>
  /** The customer's name, where the delivery details name nobody. */
  accounts: Pick<AccountsService, 'person'>
}) {
  const repo = createInvoicesRepo(deps.db)
  const { orders } = deps

  const gstRules = createGstRulesService({ db: deps.db })

  /**
   * The order's lines with the product's HSN code and the rate it takes on `day` (decision 128): its HSN
   * rule, per piece where the rule has a threshold, or the product's own rate.
   */
  async function linesOf(tx: Tx, orderId: string, day: string) {
    const items = await orders.lines(orderId, tx)
    const codes = await deps.catalogue.taxCodes(
      items.map((i) => i.productId),
      tx,
    )
    const rules = await gstRules.all(tx)
    return items.flatMap((i) => {
      const code = codes.get(i.productId)
      if (!code) return []
      const title = withVariant(i.title, i.variantTitle)
      // Each paid add-on (decision 133) is a line of its own after its piece: its own HSN or SAC code, at
      // staff's rate for it or its code's rule on its own price per piece, else the piece's own rate.
      const addons = (i.personalisation?.addons ?? []).map((a) => ({
        itemId: i.id,
        title: plainText(personalisationText.addonLine, { label: a.label, title }),
        quantity: i.quantity,
        price: a.price,
        hsnCode: a.hsnCode,
        ...gstChoiceFor(
          { hsnCode: a.hsnCode, gstRate: a.gstRate ?? code.gstRate, gstRateFixed: a.gstRate !== null },
          rules,
          day,
        ),
      }))
      return [
        {
          itemId: i.id,
          title,
          quantity: i.quantity,
          price: i.price,
          hsnCode: code.hsnCode,
          uqc: code.uqc,
          ...gstChoiceFor(code, rules, day),
        },
        ...addons,
      ]
    })
  }

  /** The supplier's details, kept in the shop's settings row. */
  const settingsOf = async (db: DbOrTx = deps.db): Promise<InvoiceSettings> => {
    const row = await deps.settings.read(db)
    return {
      legalName: row?.legalName ?? '',
      legalAddress: row?.legalAddress ?? '',
      legalState: row?.legalState ?? '',
      gstin: row?.gstin ?? '',
      invoicePrefix: row?.invoicePrefix ?? 'KS',
    }
  }

  /**
   * Shipping and a cash-on-delivery fee are ancillary to the goods (a composite supply): each is its own line,
   * taxed as the principal line, the one of the largest value, is (decisions 083 and 134).
   */
  function chargeLines(
    order: { codFee: number; shippingCharge: number },
    lines: Array<{ hsnCode: string; price: number; quantity: number }>,
  ): ExtraCharge[] | undefined {
    if ((order.codFee <= 0 && order.shippingCharge <= 0) || lines.length === 0) return undefined
    const principal = lines.reduce((a, b) => (b.price * b.quantity > a.price * a.quantity ? b : a))
    // At the rate the principal line is given once its coupon share is known (per piece, decision 128).
    const charge = (description: string, amount: number): ExtraCharge[] =>
      amount > 0 ? [{ description, code: principal.hsnCode, rate: 'principal', amount }] : []
    return [...charge('Shipping', order.shippingCharge), ...charge('Cash on delivery fee', order.codFee)]
  }

  /**
   * The next number of a document's gap-free series (its counter locked until the transaction ends), with the
   * supplier's settings it was taken under.
   */
  async function nextNumber(tx: Tx, kind: DocumentKind, now: Date) {
    const supplier = await deps.settings.read(tx)
    const fy = financialYear(now)
    const prefix = supplier?.invoicePrefix ?? 'KS'
    const serial = await createInvoicesRepo(tx).nextSerial(documentSeries(prefix, kind, fy))
    return {
      supplier,
      numbered: { number: documentNumber(prefix, kind, fy, serial), financialYear: fy, serial },
    }
  }

  const service = {
    /**
     * GSTR-1 of a month in India ('2026-11', decision 145) from the invoices and credit notes issued in it,
     * with the register's totals it reconciles to. A credit note is classified as the invoice it reverses
     * was, whatever month that was issued in.
     */
    async gstr1(month: string) {
      const [y, m] = month.split('-').map(Number) as [number, number]
      // Midnight in India (UTC+5:30, all year) at the month's start and the next month's.
      const start = (year: number, monthIndex: number) =>
        new Date(Date.UTC(year, monthIndex, 1) - (5 * 60 + 30) * 60_000)
      const r = createInvoicesRepo(deps.db)
      const rows = await r.issuedBetween(start(y, m - 1), start(y, m))
      const wanted = rows.flatMap((d) => (d.kind === 'credit-note' && d.invoiceId ? [d.invoiceId] : []))
      const originals = new Map((await r.byIds([...new Set(wanted)])).map((d) => [d.id, d]))
      const asDocument = (d: InvoiceRow): Omit<Gstr1Document, 'invoice'> => ({
        id: d.id,
        kind: d.kind,
        number: d.number,
        issuedAt: d.issuedAt,
        placeOfSupply: d.placeOfSupply,
        intraState: d.intraState,
        recipient: d.recipient,
        lines: d.lines as TaxedLine[],
        taxable: d.taxable,
        cgst: d.cgst,
        sgst: d.sgst,
        igst: d.igst,
        total: d.total,
      })
      const documents = rows.map((d) => {
        const original = d.invoiceId ? originals.get(d.invoiceId) : undefined
        return { ...asDocument(d), invoice: original ? asDocument(original) : undefined }
      })
      const { gstin } = await settingsOf()
      return gstr1({ gstin, month, documents, uqcOf: (l) => l.uqc ?? 'PCS' })
    },

    /** One table of the month's GSTR-1 in the offline tool's columns. */
    async gstr1Csv(month: string, table: Gstr1Table) {
      const { data, places } = await service.gstr1(month)
      return gstr1Csv(table, data, places)
    },

    /** GST rates by HSN code, kept by staff (decision 128). */
    gstRules,

    /**
     * The rate each product takes today for one piece at its own price (the console's `effectiveGstRate`):
     * what its next invoice prints unless a coupon moves the piece across a threshold.
     */
    async effectiveRates(
      products: Array<{ id: string; hsnCode: string; gstRate: number; gstRateFixed: boolean; price: number }>,
      now = new Date(),
    ): Promise<Map<string, number>> {
      const rules = await gstRules.all()
      const day = indianDay(now)
      return new Map(products.map((p) => [p.id, rateForPieces(gstChoiceFor(p, rules, day), p.price, 1)]))
    },

    /**
     * Issues the order's tax invoice inside the caller's transaction (the payment's, or the delivery of a
     * cash-on-delivery order), unless it has one; returns it either way. `extras` are charges beside the
     * goods, such as a cash-on-delivery fee, each its own taxed line.
     */
    async issueInvoice(
      tx: Tx,
      orderId: string,
      opts: { extras?: ExtraCharge[]; now?: Date } = {},
    ): Promise<InvoiceRow | null> {
      const r = createInvoicesRepo(tx)
      // The order's row stays locked until the transaction ends: two callers never issue its invoice at once.
      const order = await orders.lockRow(orderId, tx)
      if (!order) throw new NotFoundError('No such order.')
      const existing = await r.ofOrder(order.id, 'invoice')
      if (existing) return existing
      // Never with the supplier incomplete (decision 123): the order waits, and is invoiced once staff
      // complete the details.
      if (invoiceDetailsMissing(await settingsOf(tx)).length > 0) {
        await r.wait(order.id)
        return null
      }
      const now = opts.now ?? new Date()
      const { supplier, numbered } = await nextNumber(tx, 'invoice', now)
      const shopState = supplier?.legalState ?? ''
      const intraState = isIntraState(shopState, order.shippingState)
      const lines = await linesOf(tx, order.id, indianDay(now))
      const tax = computeTax({
        lines: lines.map((l) => ({
          itemId: l.itemId,
          description: l.title,
          code: l.hsnCode,
          rate: l.rate,
          ...(l.slab ? { slab: l.slab } : {}),
          ...('uqc' in l && l.uqc ? { uqc: l.uqc } : {}),
          quantity: l.quantity,
          unitPrice: l.price,
        })),
        discount: order.discountAmount,
        extras: opts.extras ?? chargeLines(order, lines),
        intraState,
      })
      const name =
        [order.shippingFirstName, order.shippingLastName].filter(Boolean).join(' ') ||
        ((await deps.accounts.person(order.userId, tx))?.fullName ?? '')
      await r.unwait(order.id)
      return r.insert({
        orderId: order.id,
        kind: 'invoice',
        ...numbered,
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
      await orders.lockRow(orderId, tx)
      const invoice = await r.ofOrder(orderId, 'invoice')
      if (!invoice) {
        // Refunded before its invoice could be issued: it is owed one no more.
        await r.unwait(orderId)
        return null
      }
      const existing = await r.ofOrder(orderId, 'credit-note')
      if (existing) return existing
      const { numbered } = await nextNumber(tx, 'credit-note', now)
      return r.insert({
        ...invoice,
        id: undefined,
        kind: 'credit-note',
        ...numbered,
        invoiceId: invoice.id,
        issuedAt: now,
        createdAt: undefined,
        updatedAt: undefined,
      })
    },

    /**
     * Issues the credit note of a return request's refund (decision 138), in the refund's transaction and the
     * credit notes' gap-free series: the returned pieces' part of each invoice line of their order lines (the
     * piece and its add-ons), less the restocking fee kept, and shipping and the COD fee when they are given
     * back. Null when the order has no invoice; the same note again for the same request.
     */
    async issueReturnCreditNote(
      tx: Tx,
      input: {
        orderId: string
        returnId: string
        lines: Array<{ itemId: string; quantity: number; before: number; ordered: number }>
        restockingFee: number
        charges: boolean
        now?: Date
      },
    ): Promise<InvoiceRow | null> {
      const r = createInvoicesRepo(tx)
      await orders.lockRow(input.orderId, tx)
      const existing = await r.ofReturn(input.returnId)
      if (existing) return existing
      const invoice = await r.ofOrder(input.orderId, 'invoice')
      if (!invoice) return null
      const billed = invoice.lines as TaxedLine[]
      // Invoices issued before lines named their order line are matched by their description.
      const items = await orders.lines(input.orderId, tx)
      const itemOf = (l: TaxedLine) =>
        l.itemId ??
        items.find((i) => {
          const title = withVariant(i.title, i.variantTitle)
          return (
            l.description === title ||
            (i.personalisation?.addons ?? []).some(
              (a) => l.description === plainText(personalisationText.addonLine, { label: a.label, title }),
            )
          )
        })?.id
      const returned = new Map(input.lines.map((l) => [l.itemId, l]))
      const goods = billed.flatMap((l) => {
        const back = returned.get(itemOf(l) ?? '')
        if (!back) return []
        const part = (n: number) => partOf(n, back.ordered, back.before, back.quantity)
        // Each part counted over the pieces so that, every piece back, the notes add up to the invoice's line;
        // the taxable value is what is left of the price after the taxes, so a line always adds up.
        const taxes = { cgst: part(l.cgst), sgst: part(l.sgst), igst: part(l.igst) }
        const inclusive = part(l.inclusive)
        return [
          {
            ...l,
            quantity: back.quantity,
            gross: part(l.gross),
            discount: part(l.discount),
            inclusive,
            taxable: inclusive - taxes.cgst - taxes.sgst - taxes.igst,
            ...taxes,
          },
        ]
      })
      // The fee kept is taken off the lines in proportion, and their tax worked out again on what is left.
      const fees = apportion(
        input.restockingFee,
        goods.map((l) => l.inclusive),
      )
      const credited: TaxedLine[] = goods.map((l, i) =>
        fees[i]
          ? {
              ...l,
              inclusive: l.inclusive - fees[i]!,
              ...splitTax(l.inclusive - fees[i]!, l.rate, invoice.intraState),
            }
          : l,
      )
      const charges = input.charges ? billed.filter((l) => itemOf(l) === undefined) : []
      const lines = [...credited, ...charges]
      const sum = (pick: (l: TaxedLine) => number) => lines.reduce((a, l) => a + pick(l), 0)
      const now = input.now ?? new Date()
      const { numbered } = await nextNumber(tx, 'credit-note', now)
      return r.insert({
        ...invoice,
        id: undefined,
        kind: 'credit-note',
        ...numbered,
        invoiceId: invoice.id,
        returnId: input.returnId,
        issuedAt: now,
        lines,
        taxable: sum((l) => l.taxable),
        cgst: sum((l) => l.cgst),
        sgst: sum((l) => l.sgst),
        igst: sum((l) => l.igst),
        total: sum((l) => l.inclusive),
        createdAt: undefined,
        updatedAt: undefined,
      })
    },

    /**
     * Issues the tax invoice of an exchange's replacement (decision 140) in the dispatch's transaction: the pieces
     * sent instead, each at its agreed price per piece and at the rate its product's HSN rule gives that price, less
     * the coupon's share the returned pieces carried (`discount`), to the order's recipient in the invoices' series.
     * Null when the order has no invoice to follow (its supplier details were never complete); the same invoice
     * again for the same request.
     */
    async issueExchangeInvoice(
      tx: Tx,
      input: {
        orderId: string
        returnId: string
        lines: Array<{ itemId: string; productId: string; title: string; quantity: number; price: number }>
        discount: number
        now?: Date
      },
    ): Promise<InvoiceRow | null> {
      const r = createInvoicesRepo(tx)
      await orders.lockRow(input.orderId, tx)
      const existing = await r.ofReturn(input.returnId, 'invoice')
      if (existing) return existing
      const invoice = await r.ofOrder(input.orderId, 'invoice')
      if (!invoice) return null
      const now = input.now ?? new Date()
      const day = indianDay(now)
      const [codes, rules] = await Promise.all([
        deps.catalogue.taxCodes(
          input.lines.map((l) => l.productId),
          tx,
        ),
        gstRules.all(tx),
      ])
      const tax = computeTax({
        lines: input.lines.flatMap((l) => {
          const code = codes.get(l.productId)
          if (!code) return []
          const choice = gstChoiceFor(code, rules, day)
          return [
            {
              itemId: l.itemId,
              description: l.title,
              code: code.hsnCode,
              uqc: code.uqc,
              rate: choice.rate,
              ...(choice.slab ? { slab: choice.slab } : {}),
              quantity: l.quantity,
              unitPrice: l.price,
            },
          ]
        }),
        discount: input.discount,
        intraState: invoice.intraState,
      })
      const { supplier, numbered } = await nextNumber(tx, 'invoice', now)
      // The recipient and place of supply are the order's, as its invoice printed them; the supplier as it is now.
      return r.insert({
        ...invoice,
        supplier: {
          name: supplier?.legalName ?? '',
          address: supplier?.legalAddress ?? '',
          state: placeOf(supplier?.legalState ?? ''),
          gstin: supplier?.gstin ?? '',
        },
        id: undefined,
        kind: 'invoice',
        ...numbered,
        invoiceId: null,
        returnId: input.returnId,
        issuedAt: now,
        lines: tax.lines,
        taxable: tax.taxable,
        cgst: tax.cgst,
        sgst: tax.sgst,
        igst: tax.igst,
        total: tax.total,
        createdAt: undefined,
        updatedAt: undefined,
      })
    },

    /** The PDF of a return's invoice or credit note, by its number; `userId` limits it to the customer's own order. */
    async returnDocumentPdf(
      number: string,
      userId?: string,
      language: Language = defaultLanguage,
    ): Promise<{ number: string; pdf: Buffer }> {
      const doc = await repo.byNumber(number)
      const order = doc?.returnId ? await orders.rowByIdOrNumber(doc.orderId) : null
      if (!doc || !order || (userId !== undefined && order.userId !== userId)) {
        throw new NotFoundError(invoiceText.noCreditNote)
      }
      const invoice = doc.invoiceId ? await repo.ofOrder(order.id, 'invoice') : null
      return { number: doc.number, pdf: await renderInvoicePdf(doc, invoice, language) }
    },

    /** The PDF of an order's document; `userId` limits it to the customer's own order (else not found). */
    async pdf(
      idOrNumber: string,
      kind: DocumentKind,
      userId?: string,
      language: Language = defaultLanguage,
    ): Promise<{ number: string; pdf: Buffer }> {
      const order = await orders.rowByIdOrNumber(idOrNumber)
      if (!order || (userId !== undefined && order.userId !== userId)) {
        throw new NotFoundError('Order not found.')
      }
      const doc = await repo.ofOrder(order.id, kind)
      if (!doc) throw new NotFoundError(kind === 'invoice' ? invoiceText.notIssued : invoiceText.noCreditNote)
      const invoice = doc.invoiceId ? await repo.ofOrder(order.id, 'invoice') : null
      return { number: doc.number, pdf: await renderInvoicePdf(doc, invoice, language) }
    },

    /** The numbers of these orders' invoices and credit notes; in the caller's transaction when given one. */
    numbersOf(orderIds: string[], db: DbOrTx = deps.db) {
      return createInvoicesRepo(db).numbersOf(orderIds)
    },

    /**
     * The next number of a gap-free series, in the caller's transaction: the counter row stays locked until
     * it ends, so a concurrent issue waits and a rolled-back one gives its number back. Invoices and credit
     * notes use it, and so do donation receipts (a series name no invoice prefix can take).
     */
    takeSerial(series: string, tx: Tx): Promise<number> {
      return createInvoicesRepo(tx).nextSerial(series)
    },

    /** The supplier fields still to fill in before an invoice can be issued; empty when none. */
    async missing(db: DbOrTx = deps.db) {
      return invoiceDetailsMissing(await settingsOf(db))
    },

    /** How many orders wait for their invoice (decision 123). */
    waiting: (): Promise<number> => repo.waitingCount(),

    settings: {
      get: (): Promise<InvoiceSettings> => settingsOf(),
      /**
       * Saves the supplier; once it is complete, the orders that waited are invoiced in the same
       * transaction, in the order they came, and each customer is told their invoice is ready.
       */
      async save(actorId: string, values: InvoiceSettings): Promise<InvoiceSettings & { issued: number }> {
        return deps.db.transaction(async (tx) => {
          // Read inside the transaction: the embedded database has one connection.
          const before = await settingsOf(tx)
          await deps.settings.save(values, tx)
          await writeAudit(tx, {
            actorId,
            action: 'settings.invoices',
            entity: 'settings',
            entityId: 'shop',
            before,
            after: values,
          })
          let issued = 0
          if (invoiceDetailsMissing(values).length === 0) {
            for (const orderId of await createInvoicesRepo(tx).waitingOrders()) {
              const order = await orders.lockRow(orderId, tx)
              // A wait outlived by a refund or a cancellation: there is no supply left to invoice.
              if (order?.paymentStatus !== 'Paid' || order.status === 'Cancelled') {
                await createInvoicesRepo(tx).unwait(orderId)
                continue
              }
              if (await service.issueInvoice(tx, orderId)) {
                issued++
                await orders.tellInvoiced(tx, orderId)
              }
            }
          }
          return { ...values, issued }
        })
      },
    },
  }
  return service
}
export type InvoicesService = ReturnType<typeof createInvoicesService>
export type { TaxedLine }
