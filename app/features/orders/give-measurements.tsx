import { useState } from 'react'
import { Link } from 'react-router'
import type { Order } from '../../../contracts/orders.ts'
import { MeasurementFields, measuredValues } from '../../components/measurement-fields.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useMutation } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

type Line = Order['products'][number]

/**
 * Measurements given after ordering (decision 133): each form of the line still awaited, while the order
 * waits to be processed. Saved, the page shows the order as the shop now has it.
 */
export function GiveMeasurements({
  order,
  line,
  onSaved,
}: {
  order: Order
  line: Line
  onSaved: (order: Order) => void
}) {
  const t = useT()
  const awaited = line.measurements.filter((m) => m.fields.some((f) => f.value === null))
  const [typed, setTyped] = useState<Record<string, Record<string, string>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const saving = useMutation({
    mutationFn: (formId: string) =>
      api<{ data: Order; message: string }>(
        `/order/${encodeURIComponent(order._id)}/items/${encodeURIComponent(line._id)}/measurements`,
        { method: 'PUT', body: { formId, values: measuredValues(typed[formId]) }, auth: true },
      ),
    onSuccess: (res) => {
      setProblem(null)
      toast.success(res.message)
      onSaved(res.data)
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? err.text : t('Something went wrong. Please try again.')),
  })
  if (order.status !== 'Pending' || awaited.length === 0) return null
  return (
    <div className="mt-2 flex flex-col gap-3 rounded border border-saffron/60 bg-saffron/10 p-3">
      {awaited.map((m) => (
        <form
          key={m.id}
          onSubmit={(e) => {
            e.preventDefault()
            saving.mutate(m.id)
          }}
          className="flex flex-col gap-2"
        >
          <MeasurementFields
            form={m}
            idPrefix={`give-${line._id}-${m.id}`}
            values={typed[m.id] ?? {}}
            onChange={(values) => setTyped({ ...typed, [m.id]: values })}
          />
          <Link to={`/Productdetails/${line.product._id}`} className="text-sm text-brand-700 underline">
            {t('Where to measure: see the picture on the product page')}
          </Link>
          {problem ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            aria-busy={saving.isPending}
            className="min-h-11 self-start rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 aria-busy:opacity-70"
          >
            {t('Save measurements')}
          </button>
        </form>
      ))}
    </div>
  )
}
