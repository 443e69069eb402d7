import { useState } from 'react'
import type { AdminOrder } from '../../../contracts/admin-orders.ts'
import { api } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'
import { type Envelope, photoTooLarge, problemText } from './admin-api.ts'
import { money } from './format.ts'

type Item = AdminOrder['items'][number]

/**
 * What an order line carries beyond its piece (decision 133): the customer's texts, measurements (or that
 * they are awaited) and paid add-ons, and the photo of the finished piece, which staff add here and the
 * customer is e-mailed.
 */
export function OrderLineExtras({
  orderId,
  item,
  cancelled,
  onChange,
}: {
  orderId: string
  item: Item
  cancelled: boolean
  onChange: () => Promise<unknown>
}) {
  const [busy, setBusy] = useState(false)
  async function upload(file: File) {
    const tooLarge = photoTooLarge([file])
    if (tooLarge) return toast.error(tooLarge)
    setBusy(true)
    try {
      const form = new FormData()
      form.append('image', file)
      const r = await api<Envelope<AdminOrder>>(`/admin/orders/${orderId}/items/${item._id}/photo`, {
        method: 'POST',
        body: form,
        auth: true,
      })
      toast.success(r.message)
      await onChange()
    } catch (err) {
      toast.error(problemText(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="basis-full pl-0 text-sm sm:pl-15">
      {item.personalisation.length ? (
        <ul className="grid gap-0.5" data-testid="order-item-personalisation">
          {item.personalisation.map((l) => (
            <li key={l.id} className="break-words">
              {l.kind === 'addon' ? (
                <>
                  + {l.label} {money(l.price ?? 0)} each
                </>
              ) : (
                <>
                  {l.label}:{' '}
                  {l.value === null ? (
                    <strong className="text-amber-800">awaited from the customer</strong>
                  ) : (
                    <strong>{l.value}</strong>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {item.finishedPhoto ? (
          <a href={item.finishedPhoto} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={item.finishedPhoto.replace(/-800\.webp$/, '-200.webp')}
              alt={`The finished ${item.title}`}
              className="size-16 rounded border border-brand-200 object-cover"
            />
          </a>
        ) : null}
        {cancelled ? null : (
          <label className="grid gap-1">
            <span className="font-semibold">
              {item.finishedPhoto ? 'Replace the photo of the finished piece' : 'Photo of the finished piece'}
            </span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              disabled={busy}
              className="min-h-11 max-w-full text-sm file:mr-2 file:min-h-11 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void upload(file)
                e.target.value = ''
              }}
            />
            <span className="text-xs text-ink/70">
              The customer sees it on their order and is e-mailed it.
            </span>
          </label>
        )}
      </div>
    </div>
  )
}
