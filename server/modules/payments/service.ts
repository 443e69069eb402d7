import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { formatPaise } from '../../../contracts/money.ts'
import type { Order } from '../../../contracts/orders.ts'
import { paymentMethodLabel } from '../../../contracts/payments.ts'
import type { Config } from '../../config.ts'
import type { Db, Tx } from '../../db/client.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { writeAudit } from '../audit/repo.ts'
import type { OrdersService } from '../orders/service.ts'
import {
  type CaptureEffect,
  type PayableHandler,
  type PayableRegistry,
  type PayableTerms,
  payableIdOf,
} from './payables.ts'
import type {
  CheckoutResult,
  DialogChoice,
  PaymentProvider,
  PaymentWindow,
  ProviderName,
  WebhookDelivery,
} from './provider.ts'
import { paymentProviderFor } from './providers.ts'
import { createPaymentsRepo, type PaymentRow } from './repo.ts'
import type { PaymentPurpose } from './tables.ts'

/** A payment opened for a payable: what the browser's payment window is opened with. */
export type OpenedPayment = {
  provider: ProviderName
  providerOrderId: string
  /** Paise, as the payable's module states it. */
  amount: number
  currency: string
  /** The payable's id, and the number its customer knows it by. */
  payableId: string
  payableNumber: string
  /** The provider's options for its window, passed through as it gives them. */
  window: PaymentWindow
}

const verificationFailed = () => new ValidationError('Payment verification failed.')

/** The provider's amount (paise) and currency, when it states them, must be the payment's. */
const amountMatches = (payment: PaymentRow, seen: { amount?: number; currency?: string }) =>
  seen.amount === payment.amount && (seen.currency ?? 'INR').toUpperCase() === payment.currency

export function createPaymentsService(deps: {
  db: Db
  config: Config
  log?: FastifyBaseLogger
  orders: OrdersService
  provider?: PaymentProvider
}) {
  const { orders } = deps
  // The provider owns its signatures, webhooks and settings (decision 116); this module only asks it.
  const provider = deps.provider ?? paymentProviderFor(deps.config)
  const repo = createPaymentsRepo(deps.db)

  /** What each kind of payable does when paid (decision 100); orders are built in, other modules register. */
  const payables: PayableRegistry = new Map()
  payables.set('order', {
    async termsFor(userId, orderId) {
      const order = await orders.ownOrderRow(userId, orderId)
      await orders.readyForPayment(order)
      return {
        id: order.id,
        // What store credit did not pay (decision 139).
        amount: order.total - order.storeCredit,
        currency: 'INR',
        number: order.orderNumber,
        receipt: order.orderNumber,
        notes: { orderId: order.id },
      }
    },
    async onCaptured(tx, payment) {
      const orderId = payment.orderId!
      const outcome = await orders.recordPayment(orderId, tx)
      return { changed: outcome !== 'unchanged', after: () => orders.afterPayment(orderId, outcome) }
    },
    async onFailed(tx, payment) {
      await orders.recordPaymentFailed(payment.orderId!, tx)
    },
  })
  const handlerOf = (purpose: PaymentPurpose): PayableHandler => {
    const handler = payables.get(purpose)
    if (!handler) throw new NotFoundError('Nothing to pay was found.')
    return handler
  }

  /**
   * The one path by which money received reaches what it pays, whether the browser's verify call, a
   * webhook or a reconciliation brings it: the payment row is locked, the amount and currency must be the
   * payment's, the payment is marked captured once, and the payable's module decides what it becomes (the
   * orders module for an order). Returns null when no payment matches, 'mismatch' when the amounts differ
   * (nothing is applied).
   */
  type Captured = { payment: PaymentRow; effect: CaptureEffect } | 'mismatch' | null

  async function captureInTx(
    tx: Tx,
    providerOrderId: string,
    paymentId: string | undefined,
    seen?: { amount?: number; currency?: string; method?: string },
  ): Promise<Captured> {
    const r = createPaymentsRepo(tx)
    const payment = await r.byProviderOrderId(providerOrderId, true)
    if (!payment) return null
    if (seen && !amountMatches(payment, seen)) {
      await writeAudit(tx, {
        actorId: null,
        action: 'payment.amount-mismatch',
        entity: payment.purpose,
        entityId: payableIdOf(payment),
        before: { amount: payment.amount / 100, currency: payment.currency },
        after: {
          amount: typeof seen.amount === 'number' ? seen.amount / 100 : null,
          currency: seen.currency ?? null,
        },
      })
      return 'mismatch' as const
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      await r.update(payment.id, {
        status: 'captured',
        providerPaymentId: paymentId ?? payment.providerPaymentId,
      })
    }
    // How it was paid, once the provider says (its webhook, or its record at verify): UPI, card, netbanking …
    const method = seen?.method ? paymentMethodLabel(seen.method) : null
    if (method && payment.method !== method) {
      await r.update(payment.id, { method })
      if (payment.purpose === 'order') await orders.recordPaymentMethod(payment.orderId!, method, tx)
    }
    return { payment, effect: await handlerOf(payment.purpose).onCaptured(tx, payment) }
  }

  /** A failed attempt: an open payment is marked failed and its payable (an order still awaiting payment) too. */
  async function failInTx(tx: Tx, providerOrderId: string): Promise<boolean> {
    const r = createPaymentsRepo(tx)
    const payment = await r.byProviderOrderId(providerOrderId, true)
    if (!payment) return false
    if (payment.status === 'created') await r.update(payment.id, { status: 'failed' })
    await handlerOf(payment.purpose).onFailed(tx, payment)
    return true
  }

  /** After the capture's transaction: a mismatch is logged; a refund due goes out. */
  async function afterCapture(result: Captured) {
    if (result === 'mismatch') {
      deps.log?.warn('a payment whose amount or currency differs from its order was not applied')
    } else if (result) {
      await result.effect.after?.()
    }
  }

  async function capture(
    providerOrderId: string,
    paymentId: string | undefined,
    seen?: { amount?: number; currency?: string; method?: string },
  ): Promise<Captured> {
    const result = await deps.db.transaction((tx) => captureInTx(tx, providerOrderId, paymentId, seen))
    await afterCapture(result)
    return result
  }

  /**
   * Checks the checkout's signature against the provider order id stored for the payment (the provider
   * compares in constant time), asks the provider for a second opinion when it can, and captures the payment.
   */
  async function verifyAndCapture(payment: PaymentRow, result: CheckoutResult) {
    const signed = { ...result, providerOrderId: payment.providerOrderId }
    if (!provider.checkoutSigned(signed)) throw verificationFailed()
    if (provider.fetchPayment) {
      // A second opinion from the provider; the signature alone is proof when it cannot be reached.
      const remote = await provider.fetchPayment(result.paymentId).catch((err) => {
        deps.log?.warn({ err }, 'could not fetch the payment from the provider')
        return null
      })
      if (remote && remote.providerOrderId !== payment.providerOrderId) throw verificationFailed()
      if (remote && (await capture(payment.providerOrderId, remote.id, remote)) === 'mismatch') {
        throw verificationFailed()
      }
    }
    await capture(payment.providerOrderId, result.paymentId)
  }

  /** The sandbox's dialog, for the caller's own payment; 404 with any other provider. */
  async function dialogFor(userId: string, providerOrderId: string) {
    const dialog = provider.dialog
    if (!dialog) throw new NotFoundError('The payment sandbox is not enabled.')
    const payment = await repo.byProviderOrderId(providerOrderId)
    if (!payment || payment.userId !== userId) throw new NotFoundError('Payment not found.')
    return {
      dialog,
      order: { id: providerOrderId, amount: payment.amount, currency: payment.currency },
    }
  }

  const service = {
    /** The provider payments go through: 'sandbox' until the foundation's keys are set. */
    providerName: provider.name,
    provider: provider.name,
    /** The headers and words of the provider's webhook, for the route's schema and the API document. */
    webhookTerms: { headers: provider.webhook.headers, description: provider.webhook.description },

    /** Opens a payment for the server's total of the caller's own order (the client's amount is ignored). */
    async create(
      userId: string,
      input: { orderId: string; userId?: string; paymentMethod?: string },
    ): Promise<OpenedPayment> {
      if (input.userId && input.userId !== userId) {
        throw new ForbiddenError('You can only pay for your own orders.')
      }
      return service.start(userId, 'order', input.orderId, input.paymentMethod)
    },

    /**
     * Lets another module's payables be paid (a seva booking, a donation): the payments module opens,
     * verifies, captures and reconciles their payments and calls the handler as it does the orders module.
     */
    registerPayable(purpose: Exclude<PaymentPurpose, 'order'>, handler: PayableHandler) {
      payables.set(purpose, handler)
    },

    /**
     * Opens a payment for the caller's own payable, for the amount its module states (never the
     * client's), and answers what the payment window opens with. A retry after a failed attempt pays the
     * same provider order.
     */
    async start(
      userId: string,
      purpose: PaymentPurpose,
      payableId: string,
      paymentMethod?: string,
    ): Promise<OpenedPayment> {
      const terms: PayableTerms = await handlerOf(purpose).termsFor(userId, payableId)
      const id = terms.id ?? payableId
      const opened = (providerOrderId: string): OpenedPayment => {
        const order = { id: providerOrderId, amount: terms.amount, currency: terms.currency }
        return {
          provider: provider.name,
          providerOrderId,
          amount: terms.amount,
          currency: terms.currency,
          payableId: id,
          payableNumber: terms.number,
          window: provider.paymentWindow(order),
        }
      }
      // A retry after a failed attempt pays the same provider order, as Razorpay allows.
      const open = await repo.openFor(purpose, id, provider.name)
      if (open && open.amount === terms.amount) {
        if (open.status === 'failed') await repo.update(open.id, { status: 'created' })
        return opened(open.providerOrderId)
      }
      const created = await provider.createOrder({
        amount: terms.amount,
        currency: terms.currency,
        receipt: terms.receipt,
        notes: terms.notes ?? { [`${purpose}Id`]: id },
      })
      await repo.insert({
        purpose,
        ...(purpose === 'order' ? { orderId: id } : { payableId: id }),
        userId,
        provider: provider.name,
        providerOrderId: created.id,
        amount: terms.amount,
        currency: terms.currency,
        method: paymentMethod ?? 'Credit Card',
        status: 'created',
      })
      return opened(created.id)
    },

    /**
     * Checks the checkout's signature against the provider order id stored for this order, in
     * constant time. Success marks the payment captured and the order Paid, and empties the cart.
     */
    async verify(
      userId: string,
      orderId: string,
      result: CheckoutResult,
    ): Promise<{ order: Order; paymentId: string; status: string }> {
      const order = await orders.ownOrderRow(userId, orderId)
      const payment = await repo.byProviderOrderId(result.providerOrderId)
      if (!payment || payment.orderId !== order.id) throw verificationFailed()
      await verifyAndCapture(payment, result)
      const fresh = await orders.getForCustomer(userId, order.id)
      return { order: fresh, paymentId: result.paymentId, status: 'captured' }
    },

    /**
     * The verify call for another module's payable: the payment must be one the caller opened for it;
     * then the same signature check and capture as an order's. Verifying twice changes nothing.
     */
    async confirm(
      userId: string,
      purpose: PaymentPurpose,
      payableId: string,
      result: CheckoutResult,
    ): Promise<{ paymentId: string; status: string }> {
      handlerOf(purpose)
      const payment = await repo.byProviderOrderId(result.providerOrderId)
      if (
        !payment ||
        payment.userId !== userId ||
        payment.purpose !== purpose ||
        payableIdOf(payment) !== payableId
      ) {
        throw verificationFailed()
      }
      await verifyAndCapture(payment, result)
      return { paymentId: result.paymentId, status: 'captured' }
    },

    /**
     * Provider events, authenticated by the provider on the raw bytes and read into the shop's terms. Each
     * event is applied once (kept in payment_events in the same transaction as its effect); a paid order
     * never goes back.
     */
    async webhook(
      rawBody: Buffer | string,
      headers: IncomingHttpHeaders,
    ): Promise<{ applied: boolean; duplicate: boolean }> {
      const event = provider.webhook.read(rawBody, headers)
      const { providerOrderId } = event

      // The event is recorded in the same transaction as its effect: a crash keeps neither, so the
      // provider's redelivery applies it.
      const outcome = await deps.db.transaction(async (tx) => {
        const r = createPaymentsRepo(tx)
        if (!(await r.recordEvent(event.key, event.name, event.payload))) return 'duplicate' as const
        if (!providerOrderId) return null
        if (event.kind === 'captured') {
          const seen = { amount: event.amount, currency: event.currency, method: event.method }
          return { captured: await captureInTx(tx, providerOrderId, event.paymentId, seen) }
        }
        if (event.kind === 'failed') return (await failInTx(tx, providerOrderId)) ? ('failed' as const) : null
        return null
      })
      if (outcome === 'duplicate') return { applied: false, duplicate: true }
      if (outcome === 'failed') return { applied: true, duplicate: false }
      if (!outcome) return { applied: false, duplicate: false }
      await afterCapture(outcome.captured)
      return { applied: outcome.captured !== null && outcome.captured !== 'mismatch', duplicate: false }
    },

    /** Every payment of an order, oldest first, as the console lists them on the order. */
    recordsOf(orderId: string) {
      return repo.forOrder(orderId)
    },

    /**
     * Refunds the captured payment of an order through the provider and records it on the payment. The
     * orders module calls this (it alone decides when an order is refunded and records it on the order).
     */
    async refundCaptured(orderId: string): Promise<{ refundId: string } | null> {
      const payment = await repo.capturedFor('order', orderId)
      if (!payment?.providerPaymentId) return null
      // What returned lines already took back is not refunded twice (decision 138).
      const left = payment.amount - payment.refunded
      const refund = await provider.refund(payment.providerPaymentId, left, { orderId })
      await repo.update(payment.id, { status: 'refunded', refundId: refund.id, refunded: payment.amount })
      return { refundId: refund.id }
    },

    /**
     * Refunds part of an order's captured payment (returned lines, decision 138) through the provider and adds
     * it to what the payment has given back; the payment reads 'refunded' once all of it has. Null when the
     * order has no captured payment; refused when more is asked than is left.
     */
    async refundPart(
      orderId: string,
      amount: number,
      notes: Record<string, string> = {},
    ): Promise<{ refundId: string } | null> {
      const payment = await repo.capturedFor('order', orderId)
      if (!payment?.providerPaymentId) return null
      const left = payment.amount - payment.refunded
      if (amount <= 0 || amount > left) {
        throw new ConflictError(`Only ${formatPaise(left)} of this payment is left to refund.`)
      }
      const refund = await provider.refund(payment.providerPaymentId, amount, { orderId, ...notes })
      await repo.addRefunded(payment.id, amount, refund.id)
      return { refundId: refund.id }
    },

    /** Every payment of another module's payable, oldest first. */
    recordsFor(purpose: PaymentPurpose, payableId: string) {
      return repo.forPayable(purpose, payableId)
    },

    /** Refunds the captured payment of another module's payable (its module decides when, and records it). */
    async refundPayable(purpose: PaymentPurpose, payableId: string): Promise<{ refundId: string } | null> {
      const payment = await repo.capturedFor(purpose, payableId)
      if (!payment?.providerPaymentId) return null
      const refund = await provider.refund(payment.providerPaymentId, payment.amount, {
        [`${purpose}Id`]: payableId,
      })
      await repo.update(payment.id, { status: 'refunded', refundId: refund.id })
      return { refundId: refund.id }
    },

    /**
     * Reconciliation (decision 084): asks the provider about open payments of orders still awaiting
     * payment 15 minutes after they were opened (and up to three days), and applies what it says through
     * the same path as verify and webhooks: a captured payment pays the order (once), an order whose every
     * attempt failed is marked failed. Each payment is claimed with a ten-minute lease, so several
     * instances never ask about the same one at once; one that is still open is asked again after it.
     */
    async reconcile(now = new Date()): Promise<{ reconciledPaid: number; reconciledFailed: number }> {
      const minutes = (n: number) => n * 60_000
      const claimed = await repo.claimUnsettled({
        openOrderIds: orders.idsAwaitingPayment(),
        provider: provider.name,
        from: new Date(now.getTime() - minutes(3 * 24 * 60)),
        until: new Date(now.getTime() - minutes(15)),
        now,
        leaseUntil: new Date(now.getTime() + minutes(10)),
        limit: 20,
      })
      let reconciledPaid = 0
      let reconciledFailed = 0
      for (const payment of claimed) {
        let attempts: Awaited<ReturnType<PaymentProvider['fetchOrderPayments']>>
        try {
          attempts = await provider.fetchOrderPayments(payment.providerOrderId)
        } catch (err) {
          deps.log?.warn(
            { err, purpose: payment.purpose, payableId: payableIdOf(payment) },
            'reconciliation could not reach the provider',
          )
          continue
        }
        const captured = attempts.find((a) => a.status === 'captured')
        if (captured) {
          const result = await capture(payment.providerOrderId, captured.id, captured)
          if (result !== null && result !== 'mismatch' && result.effect.changed) reconciledPaid++
        } else if (attempts.length > 0 && attempts.every((a) => a.status === 'failed')) {
          if (payment.status === 'created') {
            await deps.db.transaction((tx) => failInTx(tx, payment.providerOrderId))
            reconciledFailed++
          }
        }
      }
      return { reconciledPaid, reconciledFailed }
    },

    /** Sandbox checkout 'Pay': the checkout result, plus the events a real provider would send. */
    async sandboxPay(
      userId: string,
      providerOrderId: string,
      choice: DialogChoice = {},
    ): Promise<{ result: CheckoutResult; webhooks: WebhookDelivery[] }> {
      const { dialog, order } = await dialogFor(userId, providerOrderId)
      return dialog.pay(order, choice)
    },

    /** Sandbox checkout 'Fail': the error a real checkout reports, plus the payment.failed event. */
    async sandboxFail(userId: string, providerOrderId: string, choice: DialogChoice = {}) {
      const { dialog, order } = await dialogFor(userId, providerOrderId)
      return dialog.fail(order, choice)
    },
  }
  return service
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
