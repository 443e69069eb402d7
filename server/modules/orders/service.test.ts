import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultCodTerms } from '../../../contracts/cod.ts'
import { defaultHoldLimits } from '../../../contracts/hold-limits.ts'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderOf,
  type Person,
  payOrder,
  stockOf,
} from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { orders } from '../../db/schema.ts'
import { createOrdersService, type OrderPeers } from './service.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  staff = await makeAdmin(app)
})
afterAll(async () => {
  await app?.cleanup()
})

/**
 * Every peer of an orders service built by hand, doing nothing (no coupon is known, COD is off, no e-mail or
 * invoice is written): a test replaces the ones it is about.
 */
const quietPeers = (over: Partial<OrderPeers>): OrderPeers => ({
  delivery: { refusal: async () => null },
  shipping: { chargeFor: async () => ({ charge: 0, grams: 0 }), shipmentsOf: async () => new Map() },
  coupons: {
    check: async () => {
      throw new Error('no coupons in this test')
    },
    holdForOrder: async () => {
      throw new Error('no coupons in this test')
    },
    countUse: async () => {},
  },
  payments: { refundCaptured: async () => null },
  storeCredit: {
    add: async () => 0,
    spend: async () => {
      throw new Error('no store credit in this test')
    },
    trySpend: async () => null,
  },
  cart: { removeOrdered: async () => {} },
  addresses: { rememberFromOrder: async () => false },
  mail: { orderEvent: async () => {}, stockTaken: async () => {}, awaitingPaymentMinutes: () => 0 },
  updates: {
    orderEvent: async () => 0,
    emailOn: async () => true,
    choose: async () => {
      throw new Error('no order updates in this test')
    },
    checkoutPhone: () => null,
  },
  cod: { terms: async () => ({ ...defaultCodTerms, enabled: false }) },
  holds: { limits: async () => defaultHoldLimits },
  invoices: {
    issueInvoice: async () => null,
    issueCreditNote: async () => null,
    numbersOf: async () => [],
    missing: async () => [],
  },
  ...over,
})

const rowOf = async (id: string) => (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('stock reservation', () => {
  it('reserves on placing, keeps on paying, releases once on cancel', async () => {
    const p = await makeProduct(app, { quantity: 3 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, { ...p, count: 2 })
    expect(await stockOf(app, p.id)).toBe(1)
    expect((await rowOf(order._id)).stockHeld).toBe(true)
    await payOrder(app, asha, order._id)
    await app.services.orders.changeStatus(order._id, 'Cancelled', { actorId: staff.id })
    expect(await stockOf(app, p.id)).toBe(3)
    expect((await rowOf(order._id)).stockHeld).toBe(false)
    // A second cancel changes nothing (and gives nothing back twice).
    await app.services.orders.cancelForCustomer(asha.id, order._id)
    expect(await stockOf(app, p.id)).toBe(3)
  })

  it('expires only orders past their reservation, and each once', async () => {
    const p = await makeProduct(app, { quantity: 5 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    const at = new Date(Date.now() + 31 * 60_000)
    expect(await app.services.orders.expireLapsed(at)).toBeGreaterThanOrEqual(1)
    expect(await stockOf(app, p.id)).toBe(5)
    expect(await app.services.orders.expireLapsed(at)).toBe(0)
    expect(await stockOf(app, p.id)).toBe(5)
    expect((await rowOf(order._id)).paymentStatus).toBe('Expired')
  })
})

describe('refunds through a provider that fails', () => {
  it('stays Refund pending, retries later with back-off, and completes when the provider answers', async () => {
    let up = false
    let calls = 0
    const orders_ = createOrdersService({
      db: app.database.db,
      owners: { catalogue: app.services.catalogue, accounts: app.services.accounts },
      peers: () =>
        quietPeers({
          payments: {
            async refundCaptured() {
              calls++
              if (!up) throw new Error('the provider is down')
              return { refundId: 'rfnd_Test000000001' }
            },
          },
        }),
    })
    const p = await makeProduct(app)
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    await payOrder(app, asha, order._id)

    const cancelled = await orders_.changeStatus(order._id, 'Cancelled', { actorId: staff.id })
    expect(cancelled.paymentInfo.status).toBe('Refund pending')
    expect(calls).toBe(1)
    const failed = await rowOf(order._id)
    expect(failed.refundAttempts).toBe(1)
    expect(failed.refundRetryAt!.getTime()).toBeGreaterThan(Date.now())

    // Not yet due: the sweeper leaves it.
    expect(await orders_.retryRefunds(new Date())).toBe(0)
    expect(calls).toBe(1)
    // Due, still failing: a second attempt, a longer wait.
    expect(await orders_.retryRefunds(new Date(Date.now() + 61_000))).toBe(0)
    expect(calls).toBe(2)
    expect((await rowOf(order._id)).refundAttempts).toBe(2)

    up = true
    expect(await orders_.retryRefunds(new Date(Date.now() + 3 * 60_000 + 1000))).toBe(1)
    const done = await rowOf(order._id)
    expect(done.paymentStatus).toBe('Refunded')
    expect(done.refundRetryAt).toBeNull()
  })
})
