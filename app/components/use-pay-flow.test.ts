import { act, createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PaymentSession } from '../../contracts/orders.ts'
import { ApiError } from '../lib/api.ts'
import type { CheckoutResult, PaymentError } from '../lib/checkout-api.ts'
import type { Payment } from '../lib/payable-api.ts'
import { PaymentWindowError } from '../lib/payment-checkout.ts'
import { site } from '../lib/site.ts'
import { createTestRoot } from '../lib/test-root.ts'
import { type PayFlowOptions, usePayFlow } from './use-pay-flow.tsx'

type Handlers = {
  handler: (r: CheckoutResult) => void
  modal: { ondismiss: () => void }
  amount: number
  order_id: string
  name: string
  description: string
  prefill?: { name?: string }
}

/** Razorpay's checkout as the browser script defines it; the test plays the customer. */
class FakeRazorpay {
  static last: FakeRazorpay | null = null
  static refuse = false
  readonly options: Handlers
  declined: (r: { error: PaymentError }) => void = () => {}
  constructor(options: Handlers) {
    if (FakeRazorpay.refuse) throw new Error('The payment window could not be loaded.')
    this.options = options
    FakeRazorpay.last = this
  }
  on(_event: 'payment.failed', cb: (r: { error: PaymentError }) => void) {
    this.declined = cb
  }
  open() {}
}

const session: PaymentSession = {
  success: true,
  message: 'Payment order created',
  id: 'order_rzp_1',
  razorpayOrderId: 'order_rzp_1',
  amount: 123_400,
  currency: 'INR',
  key: 'rzp_test_key',
  provider: 'razorpay',
  orderId: 'booking-1',
  orderID: 'SB-0001',
}
const signed: CheckoutResult = {
  razorpay_order_id: 'order_rzp_1',
  razorpay_payment_id: 'pay_1',
  razorpay_signature: 'sig',
}

function stubBrowser() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  vi.stubGlobal('document', document)
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), { document, HTMLIFrameElement: class {}, Razorpay: FakeRazorpay }),
  )
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
}

type Flow = ReturnType<typeof usePayFlow<string, string, string>>

function Probe({ o, seen }: { o: PayFlowOptions<string, string, string>; seen: Flow[] }) {
  seen.push(usePayFlow(o))
  return null
}

async function mount(o: PayFlowOptions<string, string, string>) {
  const seen: Flow[] = []
  const root = createTestRoot()
  await act(async () => root.render(createElement(Probe, { o, seen })))
  return { last: () => seen.at(-1) as Flow, unmount: () => act(async () => root.unmount()) }
}

/** A booking's payment whose server calls the test watches. */
function booking(verify: Payment<string, string>['verify'] = async () => 'pay_1') {
  return {
    payable: 'booking-1',
    description: 'Seva booking SB-0001',
    prefill: { name: 'Asha Verma' },
    open: vi.fn(async () => session),
    verify: vi.fn(verify),
  }
}

/** Starts paying and lets the flow reach the provider's window. */
async function start(flow: Flow, input = 'form') {
  let settled: { value?: unknown; error?: unknown } | null = null
  await act(async () => {
    flow.payAsync(input).then(
      (value) => {
        settled = { value }
      },
      (error) => {
        settled = { error }
      },
    )
  })
  return () => settled as { value?: unknown; error?: unknown } | null
}

describe('usePayFlow', () => {
  beforeEach(() => {
    FakeRazorpay.last = null
    FakeRazorpay.refuse = false
    stubBrowser()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('creates the payable, opens its payment in the window for the server’s amount, verifies, and reports paid', async () => {
    const payment = booking()
    const create = vi.fn(async (_input: string) => payment)
    const onSuccess = vi.fn()
    const page = await mount({ create, onSuccess })
    const settled = await start(page.last())

    expect(create).toHaveBeenCalledWith('form')
    expect(page.last().isPending).toBe(true)
    expect(FakeRazorpay.last?.options).toMatchObject({
      amount: 123_400,
      order_id: 'order_rzp_1',
      name: site.name,
      description: 'Seva booking SB-0001',
      prefill: { name: 'Asha Verma' },
    })
    await act(async () => FakeRazorpay.last?.options.handler(signed))

    const paid = { kind: 'paid', payable: 'booking-1', verified: 'pay_1' }
    expect(payment.verify).toHaveBeenCalledWith(signed)
    expect(settled()).toEqual({ value: paid })
    expect(onSuccess).toHaveBeenCalledWith(paid, 'form')
    expect(page.last().isPending).toBe(false)
    await page.unmount()
  })

  it('reports a decline in the window as failed with its reason, and a closed window as closed', async () => {
    const payment = booking()
    const page = await mount({ create: async () => payment })

    let settled = await start(page.last())
    await act(async () => FakeRazorpay.last?.declined({ error: { description: 'Your bank declined it.' } }))
    expect(settled()).toEqual({
      value: { kind: 'failed', payable: 'booking-1', reason: 'Your bank declined it.' },
    })

    settled = await start(page.last())
    await act(async () => FakeRazorpay.last?.options.modal.ondismiss())
    expect(settled()).toEqual({ value: { kind: 'closed', payable: 'booking-1' } })
    expect(payment.verify).not.toHaveBeenCalled()
    await page.unmount()
  })

  it('reports an answer the server refuses to verify as failed, in the server’s words', async () => {
    const refused = booking(() => Promise.reject(new ApiError(409, 'This booking was cancelled.', null)))
    const page = await mount({ create: async () => refused })
    const settled = await start(page.last())
    await act(async () => FakeRazorpay.last?.options.handler(signed))
    expect(settled()).toEqual({
      value: { kind: 'failed', payable: 'booking-1', reason: 'This booking was cancelled.' },
    })
    await page.unmount()
  })

  it('rejects when the payment cannot be opened: the server’s refusal as it is, a window that did not load as PaymentWindowError', async () => {
    const onError = vi.fn()
    const refusal = new ApiError(409, 'Order cannot be paid', { message: 'Order cannot be paid' })
    const closedOrder = { ...booking(), open: vi.fn(() => Promise.reject(refusal)) }
    let page = await mount({ create: async () => closedOrder, onError })
    let settled = await start(page.last())
    expect(settled()).toEqual({ error: refusal })
    expect(onError).toHaveBeenCalledWith(refusal, 'form')
    expect(FakeRazorpay.last).toBeNull()
    await page.unmount()

    FakeRazorpay.refuse = true
    page = await mount({ create: async () => booking(), onError })
    settled = await start(page.last())
    const error = settled()?.error
    expect(error).toBeInstanceOf(PaymentWindowError)
    expect((error as Error).message).toBe('The payment window could not be loaded.')
    expect(page.last().isPending).toBe(false)
    await page.unmount()
  })

  it('opens nothing when create finds nothing to pay', async () => {
    const onSuccess = vi.fn()
    const page = await mount({ create: async () => null, onSuccess })
    const settled = await start(page.last())
    expect(settled()).toEqual({ value: null })
    expect(onSuccess).toHaveBeenCalledWith(null, 'form')
    expect(FakeRazorpay.last).toBeNull()
    await page.unmount()
  })
})
