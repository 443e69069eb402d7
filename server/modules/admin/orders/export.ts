import type { z } from 'zod'
import type { orderListQuerySchema } from '../../../../contracts/admin.ts'
import type { AdminOrderPage } from '../../../../contracts/admin-orders.ts'
import { codMethod } from '../../../../contracts/cod.ts'
import { paymentStatusLabel } from '../../../../contracts/order-states.ts'
import { withVariant } from '../../../../contracts/product-card.ts'
import { ValidationError } from '../../../http/errors.ts'
import { spreadsheetSafe, writeCsv } from '../../../lib/csv.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { InvoicesService } from '../../invoices/service.ts'
import { type OrdersService, searchCap } from '../../orders/service.ts'

type OrderListQuery = z.output<typeof orderListQuerySchema>

/** An export holds at most this many orders; more and staff are asked to narrow the filters. */
export const orderExportLimit = searchCap

export const orderCsvHeadings = [
  'Order number',
  'Date',
  'Customer',
  'E-mail',
  'Phone',
  'City',
  'State',
  'PIN',
  'Items',
  'Subtotal (₹)',
  'Discount (₹)',
  'COD fee (₹)',
  'Shipping (₹)',
  'Total (₹)',
  'Payment mode',
  'Payment status',
  'Fulfilment status',
  'Tracking link',
  'Invoice number',
] as const

const rupeeText = (paise: number) => (paise / 100).toFixed(2)

/** 2026-03-14 18:05, in India time. */
const indianTime = (d: Date) =>
  new Date(d.getTime() + 5.5 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')

/**
 * The order list as a CSV file (decision 093): the same orders the list shows for the same filters, found
 * through the list itself page by page, then read in full.
 */
export function createOrdersExport(deps: {
  list: (q: OrderListQuery) => Promise<AdminOrderPage>
  /** The orders in full, with their lines. */
  orders: Pick<OrdersService, 'reports'>
  /** Their invoices' numbers. */
  invoices: Pick<InvoicesService, 'numbersOf'>
  /** Their customers' names and addresses. */
  accounts: Pick<AccountsService, 'people'>
}) {
  /** The orders the list found, read in full for the export (read only: the orders module owns them). */
  async function details(ids: string[]) {
    const { rows, items } = await deps.orders.reports.details(ids)
    const [people, docs] = await Promise.all([
      deps.accounts.people(rows.map((o) => o.userId)),
      deps.invoices.numbersOf(ids),
    ])
    return {
      rows: rows.flatMap((order) => {
        const person = people.get(order.userId)
        return person ? [{ order, email: person.email, fullName: person.fullName }] : []
      }),
      items,
      documents: docs.filter((d) => d.kind === 'invoice'),
    }
  }
  return async function exportOrders(q: Omit<OrderListQuery, 'page' | 'pageSize'>): Promise<string> {
    const ids: string[] = []
    for (let page = 1; ; page++) {
      const found = await deps.list({ ...q, page, pageSize: 100 })
      if (found.capped) {
        throw new ValidationError(
          `More than ${orderExportLimit.toLocaleString('en-IN')} orders match this search; an export holds up to ${orderExportLimit.toLocaleString('en-IN')}. Add words to the search, or choose a date range or another filter.`,
        )
      }
      if (found.total > orderExportLimit) {
        throw new ValidationError(
          `${found.total.toLocaleString('en-IN')} orders match; an export holds up to ${orderExportLimit.toLocaleString('en-IN')}. Choose a shorter date range or another filter.`,
        )
      }
      ids.push(...found.items.map((o) => o._id))
      if (page >= found.pages || found.items.length === 0) break
    }
    const { rows, items, documents } = await details(ids)
    const byId = new Map(rows.map((r) => [r.order.id, r]))
    const safe = (v: string | null | undefined) => spreadsheetSafe(v ?? '')
    const lines = ids.flatMap((id) => {
      const r = byId.get(id)
      if (!r) return []
      const o = r.order
      const name = [o.shippingFirstName, o.shippingLastName].filter(Boolean).join(' ') || r.fullName
      const invoice = documents.find((d) => d.orderId === id)
      return [
        [
          safe(o.orderNumber),
          indianTime(o.createdAt),
          safe(name),
          safe(o.shippingEmail || r.email),
          safe(o.shippingPhone),
          safe(o.shippingCity),
          safe(o.shippingState),
          safe(o.shippingPostalCode),
          safe(
            items
              .filter((i) => i.orderId === id)
              .map((i) => `${withVariant(i.title, i.variantTitle)} × ${i.quantity}`)
              .join('; '),
          ),
          rupeeText(o.subtotal),
          rupeeText(o.discountAmount),
          rupeeText(o.codFee),
          rupeeText(o.shippingCharge),
          rupeeText(o.total),
          o.paymentMethod === codMethod ? 'Cash on delivery' : 'Online',
          safe(paymentStatusLabel(o.paymentStatus)),
          safe(o.status),
          safe(o.shippingLink),
          safe(invoice?.number),
        ],
      ]
    })
    return writeCsv([[...orderCsvHeadings], ...lines], { bom: true })
  }
}
