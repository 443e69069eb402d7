import { useId } from 'react'
import type { DashboardSales } from '../../../contracts/admin-dashboard.ts'
import { formatRupees } from '../../../contracts/money.ts'

type Day = DashboardSales['days'][number]

// The dates are calendar days already (India time): read them as UTC so no zone moves them.
const short = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const long = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const asDate = (day: string) => new Date(`${day}T00:00:00Z`)
export const dayShort = (day: string) => short.format(asDate(day))
export const dayLong = (day: string) => long.format(asDate(day))

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the largest day. */
function scaleTop(max: number) {
  if (max <= 0) return 1000
  const power = 10 ** Math.floor(Math.log10(max))
  return ([1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power) as number
}

const BAR = 10
const HEIGHT = 100

/**
 * Daily sales as bars, drawn here (no chart library). The picture is for the eye; the same figures are
 * in a table that screen readers read instead.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const titleId = useId()
  const top = scaleTop(Math.max(0, ...days.map((d) => d.rupees)))
  const last = days.length - 1
  return (
    <figure aria-labelledby={titleId} className="rounded-lg border border-brand-200 bg-white p-3 sm:p-4">
      <figcaption id={titleId} className="mb-2 font-semibold text-brand-800">
        Sales per day, last 30 days
      </figcaption>
      <div aria-hidden="true" className="flex gap-2">
        <div className="flex w-16 shrink-0 flex-col justify-between text-right text-xs text-ink/70">
          <span>{formatRupees(top)}</span>
          <span>{formatRupees(top / 2)}</span>
          <span>₹0</span>
        </div>
        {/* A width in percent keeps the picture from widening the page to its own proportions on a phone. */}
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-40 w-full border-b border-l border-brand-200 sm:h-48"
            focusable="false"
          >
            {[0.5, 0].map((f) => (
              <line
                key={f}
                x1={0}
                x2={days.length * BAR}
                y1={HEIGHT * f}
                y2={HEIGHT * f}
                className="stroke-brand-100"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((d, i) => {
              const h = (d.rupees / top) * HEIGHT
              return (
                <rect
                  key={d.date}
                  x={i * BAR + 1.5}
                  width={BAR - 3}
                  y={HEIGHT - h}
                  height={h}
                  className={i === last ? 'fill-brand-800' : 'fill-brand-500'}
                >
                  <title>{`${dayLong(d.date)}: ${formatRupees(d.rupees)}, ${d.orders} ${d.orders === 1 ? 'order' : 'orders'}`}</title>
                </rect>
              )
            })}
          </svg>
        </div>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-18 text-xs text-ink/70">
        <span>{dayShort(days[0]!.date)}</span>
        <span>{dayShort(days[Math.floor(last / 2)]!.date)}</span>
        <span>Today</span>
      </div>
      <table className="sr-only">
        <caption>Sales per day, last 30 days, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.date}>
              <th scope="row">{i === last ? `Today, ${dayLong(d.date)}` : dayLong(d.date)}</th>
              <td>{d.orders}</td>
              <td>{formatRupees(d.rupees)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
