import { randomBytes } from 'node:crypto'
import type { SQLWrapper } from 'drizzle-orm'
import type { z } from 'zod'
import {
  batchRefusal,
  type orderListQuerySchema,
  type orderStatusInputSchema,
  type shipOrdersInputSchema,
  trackingLinkSchema,
} from '../../../../contracts/admin.ts'
import type { AdminShipOrdersResult } from '../../../../contracts/admin-orders.ts'
import { codMethod } from '../../../../contracts/cod.ts'
import {
  fulfilmentRefusal,
  nextFulfilmentStatuses,
  paymentStatusLabel,
} from '../../../../contracts/order-states.ts'
import { type OrderedPersonalisation, personalisationLines } from '../../../../contracts/personalisation.ts'
import { withVariant } from '../../../../contracts/product-card.ts'
import type { Db } from '../../../db/client.ts'
import { idPattern } from '../../../db/ids.ts'
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { FileStore } from '../../../lib/file-store.ts'
import { removeImage, storeImage } from '../../../lib/images.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { InvoicesService } from '../../invoices/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import type { PaymentsService } from '../../payments/service.ts'
import { type Actor, mustId, page, pageWindow, rupees } from '../kit.ts'
import { type PackingSlip, renderPackingSlips } from './packing-slip.ts'

/** Midnight in India of the given YYYY-MM-DD, as an instant. */
const indianMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`)

/**
 * Orders in the console. The orders module alone changes orders: the console reads them through it and
 * asks it to move, cancel or refund one.
 */
export function createAdminOrdersService(deps: {
  db: Db
  orders: Pick<
    OrdersService,
    'rowById' | 'staffView' | 'withItems' | 'changeStatus' | 'refundNow' | 'consoleList' | 'finishedPhoto'
  >
  /** Where uploaded pictures go: the finished pieces' photos (decision 133). */
  files: FileStore
  payments: Pick<PaymentsService, 'recordsOf'>
  accounts: Pick<AccountsService, 'forStaff'>
  /** The foundation's name and address printed on packing slips (the GST invoice details). */
  invoices: Pick<InvoicesService, 'settings'>
  /** The orders whose parcels need staff after a failed delivery or on their way back (decision 136). */
  deliveryProblemOrders: () => SQLWrapper
}) {
  const repo = deps.orders.consoleList()

  async function mustOrder(id: string) {
    mustId(id, 'order')
    const row = await deps.orders.rowById(id)
    if (!row) throw new NotFoundError('No such order.')
    return row
  }

  const service = {
    /**
     * A photo of a line's finished piece (decision 133), re-encoded like every upload under a name nobody
     * can guess (it is meant for its customer), in place of any before; the customer is e-mailed it.
     */
    async finishedPhoto(actor: Actor, id: string, itemId: string, file: Buffer) {
      await mustOrder(id)
      const name = `${itemId.slice(0, 40)}-${randomBytes(12).toString('hex')}`
      const stored = await storeImage(file, { files: deps.files, folder: 'orders', name })
      const before = await deps.orders.finishedPhoto(actor.id, id, itemId, stored.url).catch(async (err) => {
        await removeImage(deps.files, stored.url).catch(() => {})
        throw err
      })
      if (before) await removeImage(deps.files, before).catch(() => {})
      return service.get(id)
    },

    async list(q: z.output<typeof orderListQuerySchema>) {
      if (q.from && q.to && q.from > q.to) {
        throw new ValidationError(
          'The “from” date is after the “to” date. Choose a from date on or before it.',
          {
            from: 'Choose a date on or before the “to” date.',
          },
        )
      }
      const to = q.to ? new Date(indianMidnight(q.to).getTime() + 86_400_000) : undefined
      const { rows, total, paise, capped } = await repo.orderPage({
        q: q.q,
        status: q.status,
        payment: q.payment,
        ...(q.queue === 'deliveryProblems' ? { idsIn: deps.deliveryProblemOrders() } : { queue: q.queue }),
        from: q.from ? indianMidnight(q.from) : undefined,
        to,
        ...pageWindow(q),
      })
      const list = page(
        rows.map((r) => ({
          _id: r.id,
          orderNumber: r.orderNumber,
          status: r.status,
          total: rupees(r.total),
          paymentStatus: r.paymentStatus,
          paymentLabel: paymentStatusLabel(r.paymentStatus),
          createdAt: r.createdAt.toISOString(),
          customer: { _id: r.customerId, fullName: r.customerName, email: r.customerEmail ?? '' },
          phone: r.phone,
          city: r.city,
          mayShip: fulfilmentRefusal(r, 'Shipped') === null,
        })),
        total,
        q,
      )
      return { ...list, value: paise === null ? null : rupees(paise), capped }
    },
    async get(id: string) {
      mustId(id, 'order')
      const view = await deps.orders.staffView(id)
      if (!view) throw new NotFoundError('No such order.')
      const { order: o, items, history, documents, shipment } = view
      const [paymentRows, customer] = await Promise.all([
        deps.payments.recordsOf(id),
        deps.accounts.forStaff(o.userId),
      ])
      return {
        _id: o.id,
        orderNumber: o.orderNumber,
        // The GST documents, downloaded from /admin/orders/:id/invoice (decision 083).
        invoiceNumber: documents.invoice,
        shipment,
        creditNoteNumber: documents.creditNote,
        status: o.status,
        paymentStatus: o.paymentStatus,
        // A parcel coming back is received from the courier panel, not moved forward (decision 136).
        nextStatuses: nextFulfilmentStatuses(o).filter(
          (next) =>
            !(
              shipment &&
              ['Returning to origin', 'Returned to origin'].includes(shipment.status) &&
              next !== 'Cancelled'
            ),
        ),
        subtotal: rupees(o.subtotal),
        discountAmount: rupees(o.discountAmount),
        codFee: rupees(o.codFee),
        shippingCharge: rupees(o.shippingCharge),
        total: rupees(o.total),
        couponCode: o.couponCode,
        couponPercent: o.couponPercent,
        createdAt: o.createdAt.toISOString(),
        codConfirmedAt: o.codConfirmedAt?.toISOString() ?? null,
        customer: customer
          ? {
              _id: customer.id,
              fullName: customer.fullName,
              email: customer.email ?? '',
              mobile: customer.mobile,
            }
          : { _id: o.userId, fullName: '', email: '', mobile: null },
        items: items.map((i) => ({
          _id: i.id,
          productId: i.productId,
          title: i.title,
          variantTitle: i.variantTitle,
          sku: i.sku,
          image: i.image,
          price: rupees(i.price),
          quantity: i.quantity,
          personalisation: personalisationLines(i.personalisation),
          finishedPhoto: i.finishedPhoto ? `${i.finishedPhoto}-800.webp` : null,
        })),
        shipping: {
          firstName: o.shippingFirstName,
          lastName: o.shippingLastName,
          email: o.shippingEmail,
          address: o.shippingAddress,
          apartment: o.shippingApartment,
          city: o.shippingCity,
          state: o.shippingState,
          postalCode: o.shippingPostalCode,
          country: o.shippingCountry,
          phone: o.shippingPhone,
          shippingLink: o.shippingLink,
        },
        payment: {
          method: o.paymentMethod,
          status: o.paymentStatus,
          label: paymentStatusLabel(o.paymentStatus),
          paid: o.paymentStatus === 'Paid',
          refundAttempts: o.refundAttempts,
          refundRetryAt:
            o.paymentStatus === 'Refund pending' && o.refundRetryAt ? o.refundRetryAt.toISOString() : null,
          reservedUntil: o.reservedUntil && o.paymentStatus !== 'Paid' ? o.reservedUntil.toISOString() : null,
          records: paymentRows.map((p) => ({
            _id: p.id,
            provider: p.provider,
            providerOrderId: p.providerOrderId,
            providerPaymentId: p.providerPaymentId,
            amount: rupees(p.amount),
            status: p.status,
            refundId: p.refundId,
            createdAt: p.createdAt.toISOString(),
          })),
        },
        history: history.map((h) => ({
          _id: h.id,
          status: h.status,
          note: h.note,
          changedAt: h.changedAt.toISOString(),
          changedBy: h.changedByEmail ?? null,
        })),
      }
    },
    /** Moves an order forward or cancels it, through the orders module (which alone changes orders). */
    async changeStatus(actor: Actor, id: string, input: z.output<typeof orderStatusInputSchema>) {
      await mustOrder(id)
      await deps.orders.changeStatus(id, input.status, {
        actorId: actor.id,
        shippingLink: input.shippingLink ?? null,
        note: input.note ?? null,
      })
      return service.get(id)
    },
    /**
     * Marks several orders Shipped, each with its own tracking link, one after the other through the
     * orders module's status change (the same rules, e-mail, history and audit entry as one order). An
     * order that cannot be shipped is refused with its reason; the others are shipped all the same.
     */
    async shipMany(
      actor: Actor,
      input: z.output<typeof shipOrdersInputSchema>,
    ): Promise<AdminShipOrdersResult> {
      const count = batchRefusal(input.orders.length, 'to mark Shipped')
      if (count) throw new ValidationError(count, { orders: count })
      const results: AdminShipOrdersResult['results'] = []
      const seen = new Set<string>()
      for (const { id, shippingLink: typed } of input.orders) {
        const refuse = (
          reason: string,
          orderNumber: string | null = null,
          shippingLink: string | null = null,
        ) => results.push({ _id: id, orderNumber, shipped: false, shippingLink, reason })
        const row = idPattern.test(id) ? await deps.orders.rowById(id) : null
        if (!row) {
          refuse('No such order.')
          continue
        }
        if (seen.has(id)) {
          refuse('This order is listed twice; it was handled once.', row.orderNumber)
          continue
        }
        seen.add(id)
        // What the order's state forbids comes first: a link does not make an unpaid order shippable.
        const refusal = fulfilmentRefusal(row, 'Shipped')
        if (refusal) {
          refuse(refusal, row.orderNumber)
          continue
        }
        const link = trackingLinkSchema.safeParse(typed)
        if (!link.success) {
          refuse(link.error.issues[0]!.message, row.orderNumber)
          continue
        }
        if (!link.data) {
          refuse(
            'Enter the tracking link from the courier before marking the order Shipped.',
            row.orderNumber,
          )
          continue
        }
        try {
          await deps.orders.changeStatus(id, 'Shipped', { actorId: actor.id, shippingLink: link.data })
          results.push({
            _id: id,
            orderNumber: row.orderNumber,
            shipped: true,
            shippingLink: link.data,
            reason: null,
          })
        } catch (e) {
          // Changed meanwhile (another member of staff, a customer's cancellation): said, not fatal.
          if (!(e instanceof AppError) || e.statusCode >= 500) throw e
          refuse(e.message, row.orderNumber, link.data)
        }
      }
      const shipped = results.filter((r) => r.shipped).length
      return { shipped, refused: results.length - shipped, results }
    },
    /** The packing slips of one or more orders as one PDF, a page per order in the order asked. */
    async packingSlips(ids: string[]) {
      const tooMany = batchRefusal(ids.length, 'for packing slips')
      if (tooMany) throw new ValidationError(tooMany, { ids: tooMany })
      const unknown = ids.filter((id) => !idPattern.test(id))
      const found = unknown.length ? [] : await deps.orders.withItems(ids)
      const missing = unknown.length ? unknown : ids.filter((id) => !found.some((f) => f.order.id === id))
      if (missing.length) {
        throw new NotFoundError(
          ids.length === 1
            ? 'No such order.'
            : `${missing.length === 1 ? 'One of the orders does not exist' : `${missing.length} of the orders do not exist`}: ${missing.slice(0, 5).join(', ')}. Untick ${missing.length === 1 ? 'it' : 'them'} and try again.`,
        )
      }
      const settings = await deps.invoices.settings.get()
      const slips: PackingSlip[] = ids.map((id) => {
        const { order: o, items } = found.find((f) => f.order.id === id)!
        return {
          orderNumber: o.orderNumber,
          placedAt: o.createdAt,
          shipTo: {
            name: [o.shippingFirstName, o.shippingLastName].filter(Boolean).join(' '),
            address: o.shippingAddress,
            apartment: o.shippingApartment,
            city: o.shippingCity,
            state: o.shippingState,
            postalCode: o.shippingPostalCode,
            country: o.shippingCountry,
            phone: o.shippingPhone,
          },
          items: items.map((i) => ({
            title: withVariant(i.title, i.variantTitle),
            quantity: i.quantity,
            details: slipDetails(i.personalisation),
          })),
          collect: o.paymentMethod === codMethod && o.paymentStatus === 'Pay on delivery' ? o.total : null,
          paymentMethod: o.paymentMethod,
        }
      })
      const pdf = await renderPackingSlips(slips, {
        name: settings.legalName,
        address: settings.legalAddress,
        state: settings.legalState,
      })
      const fileName =
        slips.length === 1
          ? `packing-slip-${slips[0]!.orderNumber}.pdf`
          : `packing-slips-${slips.length}-orders.pdf`
      return { pdf, fileName: fileName.replace(/[^\w.-]/g, '-') }
    },
    /** Sends a refund that is waiting (a failed one is retried now) through the orders module. */
    async refund(actor: Actor, id: string) {
      const o = await mustOrder(id)
      if (o.paymentStatus === 'Refunded') throw new ConflictError('This order has already been refunded.')
      if (o.paymentStatus !== 'Refund pending') {
        throw new ConflictError(
          o.status === 'Cancelled'
            ? 'This order was never paid, so there is nothing to refund.'
            : 'Only a cancelled, paid order is refunded. Cancel it first: the refund then goes out by itself.',
        )
      }
      const r = await deps.orders.refundNow(id, actor.id)
      if (!r.refunded) {
        throw new ConflictError(
          `The refund could not be sent: ${r.reason}. It stays pending and is tried again automatically.`,
        )
      }
      return { order: await service.get(id), message: 'Refund sent through the payment provider.' }
    },
  }
  return service
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>

/** What the packer must see of a line's personalisation (decision 133): each text as typed, each add-on. */
function slipDetails(p: OrderedPersonalisation | null): string[] {
  return personalisationLines(p).map((l) =>
    l.kind === 'addon' ? `+ ${l.label}` : `${l.label}: ${l.value ?? 'awaited from the customer'}`,
  )
}
