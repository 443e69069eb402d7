import { useState } from 'react'
import type { CodPhoneRecord } from '../../../contracts/cod.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors, useAdmin } from './admin-api.ts'
import { when } from './format.ts'
import { Button, Field, inputClass } from './ui.tsx'

/**
 * Cash on delivery to this order's phone (decision 136): how many COD parcels to it came back, and the block
 * staff may set after repeated refusals (online payment stays open to it).
 */
export function CodPhonePanel({ phone }: { phone: string }) {
  const digits = phone.replace(/\D/g, '').slice(-10)
  const path = digits.length === 10 ? `/cod-blocks/${digits}` : null
  const q = useAdmin<CodPhoneRecord>(path)
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  if (!path || !q.data) return null
  const r = q.data

  async function send(method: 'PUT' | 'DELETE') {
    setBusy(true)
    try {
      const res = await adminSend<CodPhoneRecord>(path!, method, method === 'PUT' ? { reason } : undefined)
      toast.success(res.message)
      setErrors({})
      setReason('')
      await queryClient.invalidateQueries({ queryKey: ['admin', path] })
    } catch (err) {
      setErrors(serverFieldErrors(err))
      toast.error(problemText(err), { duration: 10_000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="cod-phone-title"
      className="rounded-lg border border-brand-200 bg-white p-4"
      data-testid="cod-phone"
    >
      <h2 id="cod-phone-title" className="mb-2 text-lg font-bold text-brand-800">
        Cash on delivery to this phone
      </h2>
      <p className="text-sm">
        {r.returnedCod === 0
          ? 'No cash-on-delivery parcel to this phone has come back.'
          : `${r.returnedCod} cash-on-delivery ${r.returnedCod === 1 ? 'parcel' : 'parcels'} to this phone came back undelivered.`}
      </p>
      {r.blocked ? (
        <div className="mt-2 grid gap-2">
          <p className="text-sm font-semibold text-red-800">
            Blocked since {when(r.blocked.since)}: {r.blocked.reason}
          </p>
          <div>
            <Button disabled={busy} onClick={() => send('DELETE')}>
              Offer cash on delivery again
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="mt-2 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void send('PUT')
          }}
        >
          <Field
            label="Why block it"
            error={errors.reason}
            help="Orders to this phone can still be paid online."
          >
            {(p) => (
              <input
                {...p}
                className={inputClass}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              Block cash on delivery
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
