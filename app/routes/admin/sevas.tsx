import { Link } from 'react-router'
import type { TempleRow } from '../../../contracts/admin-content.ts'
import { type AdminSevaRow, sevaInputSchema } from '../../../contracts/admin-sevas.ts'
import { weekdayNames } from '../../../contracts/seva-text.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { Badge, Loading, LoadProblem } from '../../features/admin/ui.tsx'
import { formatRupees } from '../../lib/format.ts'

export const meta = () => [{ title: 'Sevas | Shop console' }]

// Monday first, as a temple's week is written.
const weekdayOptions = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), label: weekdayNames[d] }))
const daysInWords = (days: number[]) =>
  days.length === 7
    ? 'Every day'
    : [1, 2, 3, 4, 5, 6, 0]
        .filter((d) => days.includes(d))
        .map((d) => weekdayNames[d].slice(0, 3))
        .join(', ')

/** The sevas each temple offers for booking (decision 102). */
export default function SevasScreen() {
  const temples = useAdmin<TempleRow[]>('/temples')
  if (temples.isPending) return <Loading />
  if (temples.isError) return <LoadProblem error={temples.error} retry={() => temples.refetch()} />
  const templeOptions = (temples.data ?? []).map((t) => ({ value: t.id, label: t.name }))
  const config: ResourceConfig<AdminSevaRow> = {
    title: 'Sevas',
    intro:
      'Sevas and poojas devotees book online for a day: each shows on its temple’s page with its price and a Book button. A day takes at most the daily limit of bookings; an unpaid booking holds its place for the reservation time.',
    path: 'sevas',
    noun: 'seva',
    schema: sevaInputSchema,
    fields: [
      {
        name: 'templeId',
        label: 'Temple',
        kind: 'select',
        options: [{ value: '', label: 'Choose…' }, ...templeOptions],
      },
      { name: 'name', label: 'Name', kind: 'text' },
      {
        name: 'nameHi',
        label: 'Name in Hindi (optional)',
        kind: 'text',
        help: 'Shown on Hindi pages; the English name where empty.',
      },
      { name: 'price', label: 'Price (₹)', kind: 'number' },
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'descriptionHi', label: 'Description in Hindi (optional)', kind: 'textarea' },
      {
        name: 'weekdays',
        label: 'Days offered',
        kind: 'checkboxes',
        options: weekdayOptions,
        help: 'Devotees can book these weekdays from tomorrow up to 90 days ahead.',
      },
      { name: 'dailyLimit', label: 'Bookings a day (daily limit)', kind: 'number' },
      {
        name: 'active',
        label: 'Open for booking',
        kind: 'checkbox',
        help: 'Untick to stop new bookings; bookings made stay as they are.',
      },
      {
        name: 'cancelHours',
        label: 'Full refund until this many hours before the day',
        kind: 'number',
        help: 'A devotee who cancels later gets no refund. 48 is the shop’s default.',
      },
      {
        name: 'policy',
        label: 'Cancellation policy in your own words (optional)',
        kind: 'textarea',
        help: 'Shown before payment instead of the shop’s rule; keep it in line with the hours above.',
      },
      { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
    ],
    blank: {
      templeId: templeOptions[0]?.value ?? '',
      name: '',
      nameHi: '',
      price: '',
      description: '',
      descriptionHi: '',
      weekdays: ['0', '1', '2', '3', '4', '5', '6'],
      dailyLimit: '10',
      active: true,
      cancelHours: '48',
      policy: '',
      position: '0',
    },
    toForm: (r) => ({
      templeId: r.templeId,
      name: r.name,
      nameHi: r.nameHi,
      price: String(r.price),
      description: r.description,
      descriptionHi: r.descriptionHi,
      weekdays: r.weekdays.map(String),
      dailyLimit: String(r.dailyLimit),
      active: r.active,
      cancelHours: String(r.cancelHours),
      policy: r.policy,
      position: String(r.position),
    }),
    summary: (r) => ({
      title: r.name,
      lines: [
        `${r.templeName} · ${formatRupees(r.price)}`,
        `${daysInWords(r.weekdays)} · ${r.dailyLimit} a day · refund until ${r.cancelHours} h before`,
        <span key="b" className="flex flex-wrap items-center gap-2">
          <Badge tone={r.active ? 'green' : 'grey'}>{r.active ? 'Open for booking' : 'Closed'}</Badge>
          <span>{r.upcoming === 1 ? '1 upcoming booking' : `${r.upcoming} upcoming bookings`}</span>
          <Link to={`/seva/${r.id}`} className="text-brand-700 underline">
            Its page in the shop
          </Link>
        </span>,
      ],
    }),
  }
  return <ResourceScreen config={config} />
}
