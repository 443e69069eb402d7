import { useState } from 'react'
import { Link } from 'react-router'
import { type DashboardSetup, type SetupItem, setupText } from '../../../contracts/setup.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText } from './admin-api.ts'
import { Button } from './ui.tsx'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What each item says while it is not done, beside its label. */
const todo: Partial<Record<SetupItem['id'], string>> = {
  supplier: 'Printed on every GST invoice.',
  gstin: 'Printed on every GST invoice.',
  foundation: 'Printed on every donation receipt.',
  pan: 'Printed on every donation receipt.',
  registration80g: 'Donors need it to claim 80G.',
  notificationEmail: 'Without it nobody hears of a new order or message.',
}

function Item({ item, onKeepSandbox, busy }: { item: SetupItem; onKeepSandbox: () => void; busy: boolean }) {
  const text = setupText[item.id]
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2">
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${
          item.done ? 'bg-green-100 text-green-800' : 'border-2 border-amber-500 text-amber-700'
        }`}
      >
        {item.done ? '✓' : '!'}
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold text-brand-900">
          {text.label}
          <span className="sr-only">{item.done ? ': done' : ': to do'}</span>
        </span>
        {item.id === 'payments' ? (
          <span className="text-xs text-ink/70">
            {item.value === 'sandbox'
              ? item.done
                ? 'The sandbox is kept on purpose: payments are simulated and no money moves.'
                : 'Payments are simulated (sandbox): no money moves. Put the Razorpay keys on the server (see docs/deploy.md), or keep the sandbox on purpose for a trial.'
              : `Payments go through ${item.value === 'razorpay' ? 'Razorpay' : item.value}.`}
          </span>
        ) : item.done && item.value ? (
          <span className="text-xs break-words text-ink/70">{item.value}</span>
        ) : !item.done && todo[item.id] ? (
          <span className="text-xs text-ink/70">{todo[item.id]}</span>
        ) : null}
      </span>
      {item.done ? null : item.id === 'payments' ? (
        <Button small onClick={onKeepSandbox} disabled={busy}>
          {busy ? 'Saving...' : 'Keep the sandbox on purpose'}
        </Button>
      ) : (
        <Link
          to={text.to}
          className="inline-flex min-h-11 items-center rounded-md border border-brand-200 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          Fill in<span className="sr-only">: {text.label}</span>
        </Link>
      )}
    </li>
  )
}

/** The set-up checklist (decision 123): on the dashboard until every item is done. */
export function SetupChecklist({ setup }: { setup: DashboardSetup }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const done = setup.items.filter((i) => i.done).length
  const keepSandbox = async () => {
    setBusy(true)
    try {
      await adminSend('/settings/sandbox', 'PUT', { chosen: true })
      toast.success('The sandbox is kept on purpose')
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      toast.error(problemText(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50/60 p-3 sm:p-4">
      <p className="text-sm text-ink/80">
        {done} of {setup.items.length} done. Until the legal details are in, no GST invoice or donation
        receipt goes out: the order or gift waits, and its document follows as soon as they are complete.
      </p>
      {setup.invoicesWaiting > 0 || setup.receiptsWaiting > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm font-semibold text-red-800">
          {setup.invoicesWaiting > 0 ? (
            <li>
              {plural(setup.invoicesWaiting, 'paid order waits', 'paid orders wait')} for the GST details: no
              invoice, and no shipping, until they are in.
            </li>
          ) : null}
          {setup.receiptsWaiting > 0 ? (
            <li>
              {plural(setup.receiptsWaiting, 'gift waits', 'gifts wait')} for the foundation's details before
              its receipt can go out.
            </li>
          ) : null}
        </ul>
      ) : null}
      <ul className="mt-2 divide-y divide-amber-200">
        {setup.items.map((item) => (
          <Item key={item.id} item={item} onKeepSandbox={keepSandbox} busy={busy} />
        ))}
      </ul>
    </div>
  )
}
