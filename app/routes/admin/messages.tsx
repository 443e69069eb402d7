import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { AdminMessagePage } from '../../../contracts/admin-messages.ts'

type Message = AdminMessagePage['items'][number]

import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { when } from '../../features/admin/format.ts'
import { MessageThread } from '../../features/admin/message-thread.tsx'
import {
  Badge,
  Button,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
} from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Messages | Shop console' }]

export default function MessagesScreen() {
  const [params, setParams] = useSearchParams()
  const filters = new URLSearchParams()
  for (const k of ['kind', 'status', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AdminMessagePage>(`/messages?${filters}`)
  const queryClient = useQueryClient()
  const [answering, setAnswering] = useState<string | null>(null)
  const set = filterSetter(setParams)
  // The messages staff acted on in this list, as they are now: one marked read, or answered, no longer
  // matches 'New only', yet stays where it was, with its new state, until staff change the filters or page.
  const view = filters.toString()
  const [kept, setKept] = useState<{ view: string; items: Map<string, Message> }>({ view, items: new Map() })
  if (kept.view !== view) setKept({ view, items: new Map() })
  const keep = (m: Message) => setKept((k) => ({ view: k.view, items: new Map(k.items).set(m._id, m) }))
  const fetched = list.data?.items ?? []
  const fetchedIds = new Set(fetched.map((m) => m._id))
  const items = [
    ...fetched,
    ...[...kept.items.values()].filter((m) => !fetchedIds.has(m._id) && kept.view === view),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
  const status = params.get('status')
  return (
    <div>
      <PageTitle
        title="Messages"
        intro="What visitors sent from the Contact Us form, and newsletter sign-ups from the footer."
      />
      <div className="mb-4 flex flex-wrap gap-3">
        <label className="grid gap-1 text-sm font-semibold">
          Kind
          <select
            className={inputClass}
            value={params.get('kind') ?? ''}
            onChange={(e) => set('kind', e.target.value)}
          >
            <option value="">Everything</option>
            <option value="contact">Contact Us messages</option>
            <option value="newsletter">Newsletter sign-ups</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Status
          <select
            className={inputClass}
            value={params.get('status') ?? ''}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">New and read</option>
            <option value="new">New only</option>
            <option value="read">Read only</option>
          </select>
        </label>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No messages.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {items.map((m) => (
          <li
            key={m._id}
            className={`rounded-lg border bg-white p-3 ${m.status === 'new' ? 'border-brand-600' : 'border-brand-200'}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={m.kind === 'contact' ? 'blue' : 'grey'}>
                {m.kind === 'contact' ? 'Contact Us' : 'Newsletter'}
              </Badge>
              {m.status === 'new' ? <Badge tone="amber">New</Badge> : null}
              {m.confirmed === false ? <Badge tone="grey">Not confirmed</Badge> : null}
              {m.confirmed ? <Badge tone="green">Subscribed</Badge> : null}
              <span className="font-semibold">
                {[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email}
              </span>
              <span className="text-sm text-ink/75">{when(m.createdAt)}</span>
            </div>
            {status && m.status !== status ? (
              <p className="mt-1 text-xs text-ink/70" role="status">
                {m.status === 'read' ? 'Now read' : 'Now new'}: kept here until you change the list.
              </p>
            ) : null}
            <p className="mt-1 break-all text-sm">
              <a href={`mailto:${m.email}`} className="text-brand-700 underline">
                {m.email}
              </a>
              {m.phone ? (
                <>
                  {' · '}
                  <a href={`tel:${m.phone}`} className="text-brand-700 underline">
                    {m.phone}
                  </a>
                </>
              ) : null}
            </p>
            {m.message ? <p className="mt-2 whitespace-pre-wrap break-words">{m.message}</p> : null}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                small
                onClick={async () => {
                  try {
                    const next = m.status === 'new' ? 'read' : 'new'
                    await adminSend(`/messages/${m._id}/status`, 'POST', { status: next })
                    keep({ ...m, status: next })
                    await queryClient.invalidateQueries({ queryKey: ['admin'] })
                  } catch (err) {
                    toast.error(problemText(err), { duration: 8000 })
                  }
                }}
              >
                {m.status === 'new' ? 'Mark as read' : 'Mark as new'}
              </Button>
              {m.kind === 'contact' ? (
                <Button
                  small
                  onClick={() => {
                    keep(m)
                    setAnswering(answering === m._id ? null : m._id)
                  }}
                >
                  {answering === m._id ? 'Close replies' : 'Reply'}
                </Button>
              ) : null}
            </div>
            {answering === m._id ? (
              <MessageThread messageId={m._id} onSent={() => keep({ ...m, status: 'read' })} />
            ) : null}
          </li>
        ))}
      </ul>
      {list.data ? (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          onPage={(n) => set('page', String(n))}
        />
      ) : null}
    </div>
  )
}
