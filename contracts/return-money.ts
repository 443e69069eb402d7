import { apportion } from './gst.ts'
import { isFault, type ReturnReason } from './return-rules.ts'

/**
 * What a return gives back (decision 138), worked out the same way by the request, the refund and its credit
 * note. A line's amount is what the customer paid for its pieces: price and add-ons, less the line's share of
 * the coupon (split over the order's lines exactly as the invoice splits it). Part of a line is counted so
 * that every piece of it, over however many requests, adds up to the line to the paisa.
 */

/** The pieces `now` after `before` of a line of `of` pieces worth `whole`: cumulative rounding, exact in sum. */
export function partOf(whole: number, of: number, before: number, now: number): number {
  if (of <= 0) return 0
  const upTo = (n: number) => Math.floor((2 * whole * n + of) / (2 * of))
  return upTo(before + now) - upTo(before)
}

export type OrderLineMoney = { id: string; price: number; quantity: number; addons: number[] }

/**
 * Each order line's amount after the coupon, by its id: the piece and its add-ons (each add-on's price per
 * piece), in the order the invoice lists them, the coupon split over them in proportion to their value.
 */
export function lineAmounts(items: OrderLineMoney[], discount: number): Map<string, number> {
  const rows = items.flatMap((i) => [
    { id: i.id, gross: i.price * i.quantity },
    ...i.addons.map((a) => ({ id: i.id, gross: a * i.quantity })),
  ])
  const shares = apportion(
    discount,
    rows.map((r) => r.gross),
  )
  const out = new Map<string, number>()
  rows.forEach((r, n) => {
    out.set(r.id, (out.get(r.id) ?? 0) + r.gross - shares[n]!)
  })
  return out
}

export type ReturnMoney = {
  lines: Array<{ itemId: string; amount: number }>
  goodsAmount: number
  restockingFee: number
  chargesRefunded: number
  refundAmount: number
}

/**
 * A request's money: each line's part; the restocking fee of each line's rule when the customer changed
 * their mind or the size did not fit (never for the shop's fault, decision 137); shipping and the COD fee only
 * when the shop was at fault and this request brings back every piece of the order still with the customer.
 */
export function returnMoney(input: {
  order: { items: OrderLineMoney[]; discount: number; shippingCharge: number; codFee: number }
  /** Pieces of each order line already in earlier requests (not rejected), by its id. */
  before: Map<string, number>
  lines: Array<{ itemId: string; quantity: number; restockingFeePercent: number }>
  reason: ReturnReason
}): ReturnMoney {
  const amounts = lineAmounts(input.order.items, input.order.discount)
  const ordered = new Map(input.order.items.map((i) => [i.id, i.quantity]))
  const before = (id: string) => input.before.get(id) ?? 0
  let restockingFee = 0
  const lines = input.lines.map((l) => {
    const amount = partOf(
      amounts.get(l.itemId) ?? 0,
      ordered.get(l.itemId) ?? 0,
      before(l.itemId),
      l.quantity,
    )
    if (!isFault(input.reason)) restockingFee += Math.floor((amount * l.restockingFeePercent) / 100)
    return { itemId: l.itemId, amount }
  })
  const goodsAmount = lines.reduce((a, l) => a + l.amount, 0)
  const now = new Map(input.lines.map((l) => [l.itemId, l.quantity]))
  const everyPieceBack = input.order.items.every((i) => before(i.id) + (now.get(i.id) ?? 0) >= i.quantity)
  const chargesRefunded =
    isFault(input.reason) && everyPieceBack ? input.order.shippingCharge + input.order.codFee : 0
  return {
    lines,
    goodsAmount,
    restockingFee,
    chargesRefunded,
    refundAmount: goodsAmount - restockingFee + chargesRefunded,
  }
}
