import { type PointerEvent, useId, useState } from 'react'
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

const dayFigures = (d: Day) => `${formatRupees(d.rupees)}, ${d.orders} ${d.orders === 1 ? 'order' : 'orders'}`

/**
 * Daily sales as bars, drawn here (no chart library). A tap (or a pointer) on the chart reads out that day's
 * figures under it, today's until then; every day's figures are in a table that opens below (and that
 * screen readers read instead of the picture), which works before the page's code too.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const titleId = useId()
  const top = scaleTop(Math.max(0, ...days.map((d) => d.rupees)))
  const last = days.length - 1
  const [picked, pick] = useState(last)
  const shown = days[Math.min(picked, last)]!
  const pickAt = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    const i = Math.floor(((e.clientX - box.left) / box.width) * days.length)
    pick(Math.max(0, Math.min(last, i)))
  }
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
            className="block h-40 w-full cursor-pointer touch-pan-y border-b border-l border-brand-200 sm:h-48"
            focusable="false"
            onPointerDown={pickAt}
            onPointerMove={(e) => {
              if (e.pointerType === 'mouse' || e.buttons) pickAt(e)
            }}
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
                  className={
                    i === picked ? 'fill-brand-900' : i === last ? 'fill-brand-700' : 'fill-brand-400'
                  }
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
      <p className="mt-2 text-sm tabular-nums" aria-live="polite" data-testid="chart-day">
        <span className="font-semibold">
          {picked === last ? `Today, ${dayLong(shown.date)}` : dayLong(shown.date)}
        </span>
        : {dayFigures(shown)}
      </p>
      <details className="mt-2 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
          Every day's figures
        </summary>
        <table className="w-full">
          <caption className="sr-only">Sales per day, last 30 days, newest first</caption>
          <thead>
            <tr className="text-left text-xs text-ink/70">
              <th scope="col" className="py-1 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Orders
              </th>
              <th scope="col" className="py-1 pl-2 text-right font-semibold">
                Sales
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-brand-100">
            {days
              .map((d, i) => ({ d, i }))
              .reverse()
              .map(({ d, i }) => (
                <tr key={d.date}>
                  <th scope="row" className="py-1 text-left font-medium">
                    {i === last ? `Today, ${dayLong(d.date)}` : dayLong(d.date)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{d.orders}</td>
                  <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">
                    {formatRupees(d.rupees)}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
