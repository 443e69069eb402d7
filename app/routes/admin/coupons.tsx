import { couponInputSchema } from '../../../contracts/admin.ts'
import type { CouponRow } from '../../../contracts/admin-content.ts'
import { whenShort } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { Badge } from '../../features/admin/ui.tsx'

/** The stored end instant back to the Indian calendar date staff picked. */
const indianDate = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10) : ''

const config: ResourceConfig<CouponRow> = {
  title: 'Coupons',
  intro: shownIn.coupon.form,
  path: 'coupons',
  noun: 'coupon',
  schema: couponInputSchema,
  fields: [
    { name: 'code', label: 'Code', kind: 'text', help: shownIn.coupon.code },
    { name: 'discount', label: 'Discount (percent)', kind: 'number' },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'active', label: 'Active (works)' },
        { value: 'inactive', label: 'Inactive (customers see “expired”)' },
      ],
      help: shownIn.coupon.status,
    },
    {
      name: 'endsAt',
      label: 'Last day (optional)',
      kind: 'date',
      help: `${shownIn.coupon.endsAt} Leave empty for no end date.`,
    },
    {
      name: 'usageLimit',
      label: 'Times it can be used (optional)',
      kind: 'number',
      help: 'Counted when an order with the code is paid; a cancelled order gives its use back. Leave empty for no limit.',
    },
    {
      name: 'perCustomerLimit',
      label: 'Times one customer can use it (optional)',
      kind: 'number',
      help: 'For example 1 for a welcome code. Leave empty for no limit.',
    },
    { name: 'isPublic', label: 'Public', kind: 'checkbox', help: shownIn.coupon.isPublic },
  ],
  blank: {
    code: '',
    discount: '',
    status: 'active',
    endsAt: '',
    usageLimit: '',
    perCustomerLimit: '',
    isPublic: true,
  },
  toForm: (r) => ({
    code: r.code,
    discount: String(r.discount),
    status: r.status,
    endsAt: indianDate(r.endsAt),
    usageLimit: r.usageLimit === null ? '' : String(r.usageLimit),
    perCustomerLimit: r.perCustomerLimit === null ? '' : String(r.perCustomerLimit),
    isPublic: r.isPublic,
  }),
  summary: (r) => ({
    title: `${r.code} — ${r.discount}% off`,
    lines: [
      <span key="b" className="flex flex-wrap gap-1">
        <Badge tone={r.status === 'active' ? 'green' : 'grey'}>
          {r.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
        <Badge tone={r.isPublic ? 'blue' : 'amber'}>{r.isPublic ? 'Public' : 'Private'}</Badge>
      </span>,
      `${r.endsAt ? `Ends ${whenShort(r.endsAt)}` : 'No end date'} · used ${r.usedCount}${r.usageLimit ? ` of ${r.usageLimit}` : ''} times${r.perCustomerLimit ? ` · ${r.perCustomerLimit} per customer` : ''}`,
    ],
  }),
}

export const meta = () => [{ title: 'Coupons | Shop console' }]
export default function CouponsScreen() {
  return <ResourceScreen config={config} />
}
