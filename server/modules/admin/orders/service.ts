import type { z } from 'zod'
import type { orderListQuerySchema, orderStatusInputSchema } from '../../../../contracts/admin.ts'
import { nextFulfilmentStatuses, paymentStatusLabel } from '../../../../contracts/order-states.ts'
import type { Db } from '../../../db/client.ts'
import { ConflictError, NotFoundError } from '../../../http/errors.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import type { PaymentsService } from '../../payments/service.ts'
import { type Actor, mustId, page, pageWindow, rupees } from '../kit.ts'
import { createOrdersListRepo } from './repo.ts'

/** Midnight in India of the given YYYY-MM-DD, as an instant. */
const indianMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`)

/**
 * Orders in the console. The orders module alone changes orders: the console reads them through it and
 * asks it to move, cancel or refund one.
 */
export function createAdminOrdersService(deps: {
  db: Db
  orders: Pick<OrdersService, 'rowById' | 'staffView' | 'changeStatus' | 'refundNow'>
  payments: Pick<PaymentsService, 'recordsOf'>
  accounts: Pick<AccountsService, 'forStaff'>
}) {
  const repo = createOrdersListRepo(deps.db)

  async function mustOrder(id: string) {
    mustId(id, 'order')
    const row = await deps.orders.rowById(id)
    if (!row) throw new NotFoundError('No such order.')
    return row
  }

  const service = {
    async list(q: z.output<typeof orderListQuerySchema>) {
      const to = q.to ? new Date(indianMidnight(q.to).getTime() + 86_400_000) : undefined
      const { rows, total } = await repo.orderPage({
        q: q.q,
        status: q.status,
        payment: q.payment,
        queue: q.queue,
        from: q.from ? indianMidnight(q.from) : undefined,
        to,
        ...pageWindow(q),
      })
      return page(
        rows.map((r) => ({
          _id: r.id,
          orderNumber: r.orderNumber,
          status: r.status,
          total: rupees(r.total),
          paymentStatus: r.paymentStatus,
          paymentLabel: paymentStatusLabel(r.paymentStatus),
          createdAt: r.createdAt.toISOString(),
          customer: { _id: r.customerId, fullName: r.customerName, email: r.customerEmail },
          phone: r.phone,
          city: r.city,
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      mustId(id, 'order')
      const view = await deps.orders.staffView(id)
      if (!view) throw new NotFoundError('No such order.')
      const { order: o, items, history, documents } = view
      const [paymentRows, customer] = await Promise.all([
        deps.payments.recordsOf(id),
        deps.accounts.forStaff(o.userId),
      ])
      return {
        _id: o.id,
        orderNumber: o.orderNumber,
        // The GST documents, downloaded from /admin/orders/:id/invoice (decision 083).
        invoiceNumber: documents.invoice,
        creditNoteNumber: documents.creditNote,
        status: o.status,
        paymentStatus: o.paymentStatus,
        nextStatuses: nextFulfilmentStatuses(o),
        subtotal: rupees(o.subtotal),
        discountAmount: rupees(o.discountAmount),
        total: rupees(o.total),
        couponCode: o.couponCode,
        couponPercent: o.couponPercent,
        createdAt: o.createdAt.toISOString(),
        customer: customer
          ? { _id: customer.id, fullName: customer.fullName, email: customer.email, mobile: customer.mobile }
          : { _id: o.userId, fullName: '', email: '', mobile: null },
        items: items.map((i) => ({
          _id: i.id,
          productId: i.productId,
          title: i.title,
          image: i.image,
          price: rupees(i.price),
          quantity: i.quantity,
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
