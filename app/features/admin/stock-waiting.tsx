import type { AdminProduct } from '../../../contracts/admin-products.ts'
import type { Waiting } from '../../../contracts/stock-alerts.ts'
import { useAdmin } from './admin-api.ts'

/**
 * How many customers chose 'Notify me' for a sold-out product, per variant (decision 131): staff see who is
 * waiting before they restock, and that the e-mails go within a minute of the stock being added.
 */
export function StockWaiting({ product }: { product: AdminProduct }) {
  // Read again with each save of the product (its stock moves the count), by the key of its last change.
  const waiting = useAdmin<Waiting>(
    `/products/${product._id}/stock-alerts?at=${encodeURIComponent(product.updatedAt)}`,
  )
  const rows = waiting.data ?? []
  const total = rows.reduce((n, r) => n + r.waiting, 0)
  if (total === 0) return null
  const parts = rows
    .map((r) => {
      const variant = r.variantId ? product.variants.find((v) => v._id === r.variantId) : null
      return { name: variant?.title ?? (r.variantId ? 'a variant no longer sold' : ''), waiting: r.waiting }
    })
    .filter((p) => p.name)
    .sort((a, b) => b.waiting - a.waiting)
  return (
    <section
      aria-label="Customers waiting"
      className="rounded-lg border border-saffron bg-saffron/10 p-4 text-sm"
      data-testid="stock-waiting"
    >
      <p className="font-semibold text-brand-900">
        {total === 1 ? '1 customer is' : `${total} customers are`} waiting for this to be back in stock
        {parts.length > 0 ? ': ' : '.'}
        {parts.map((p) => `${p.name} ${p.waiting}`).join(', ')}
        {parts.length > 0 ? '.' : ''}
      </p>
      <p className="mt-1 text-ink/80">
        They chose ‘Notify me’ on the product page. Each gets one e-mail within a minute of the stock being
        added.
      </p>
    </section>
  )
}
