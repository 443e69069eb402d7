import type { MessageItem, MessagePage, PhoneChannel } from '../../../contracts/messaging.ts'
import { formatPhone } from '../../../contracts/messaging.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, useAdmin } from './admin-api.ts'
import { when } from './format.ts'
import { Badge, Button, Loading, LoadProblem, Pager } from './ui.tsx'

type Tone = 'green' | 'amber' | 'red' | 'grey' | 'blue'
const statusLabel: Record<MessageItem['status'], { label: string; tone: Tone }> = {
  queued: { label: 'Waiting to send', tone: 'amber' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
}
const deliveryLabel: Record<NonNullable<MessageItem['delivery']>, { label: string; tone: Tone }> = {
  sent: { label: 'On its way', tone: 'blue' },
  delivered: { label: 'Delivered', tone: 'green' },
  read: { label: 'Read', tone: 'green' },
  failed: { label: 'Not delivered', tone: 'red' },
}
export const channelNames: Record<PhoneChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', push: 'Push' }

/**
 * One channel's messages as the customer's phone shows them (decision 141): each in a bubble, with what
 * became of it. With the sandbox provider this list is the phone: nothing left the machine.
 */
export function MessageOutbox({
  channel,
  query,
  onPage,
}: {
  channel: PhoneChannel
  query: URLSearchParams
  onPage: (page: number) => void
}) {
  const params = new URLSearchParams(query)
  params.set('channel', channel)
  const list = useAdmin<MessagePage>(`/outbox?${params}`)
  return (
    <div>
      {list.data?.provider === 'sandbox' ? (
        <p className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {channelNames[channel]} messages go through the sandbox: none leaves the shop. Each is shown here as
          the customer would read it.
        </p>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No {channelNames[channel]} messages.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {(list.data?.items ?? []).map((m) => (
          <MessageCard key={m._id} m={m} />
        ))}
      </ul>
      {list.data ? (
        <Pager page={list.data.page} pages={list.data.pages} total={list.data.total} onPage={onPage} />
      ) : null}
    </div>
  )
}

function MessageCard({ m }: { m: MessageItem }) {
  const queryClient = useQueryClient()
  const mayRetry = m.status === 'failed' || (m.status === 'queued' && m.attempts > 0)
  return (
    <li
      className="rounded-lg border border-brand-200 bg-white p-3"
      aria-label={`Message to ${formatPhone(m.to)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusLabel[m.status].tone}>{statusLabel[m.status].label}</Badge>
        {m.delivery ? (
          <Badge tone={deliveryLabel[m.delivery].tone}>{deliveryLabel[m.delivery].label}</Badge>
        ) : null}
        <span className="text-sm text-ink/75">{when(m.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        To <span className="font-semibold whitespace-nowrap">{formatPhone(m.to)}</span> · {m.kind} ·{' '}
        {m.language === 'hi' ? 'Hindi' : 'English'}
      </p>
      <p
        className={`mt-2 max-w-prose rounded-lg rounded-tl-none px-3 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] ${
          m.channel === 'whatsapp' ? 'bg-emerald-50 text-emerald-950' : 'bg-slate-100 text-slate-900'
        }`}
      >
        {m.text}
      </p>
      {m.accountMessage && !/\d{6}/.test(m.text) ? (
        <p className="mt-1 text-xs text-ink/70">
          The code is hidden: whoever holds it can get into the account.
        </p>
      ) : null}
      {m.lastError ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-red-700">
          Attempt {m.attempts}: {m.lastError}
          {m.status === 'queued' ? ` · next try ${when(m.nextAttemptAt)}` : ''}
        </p>
      ) : null}
      {m.deliveryError ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-red-700">{m.deliveryError}</p>
      ) : null}
      {mayRetry ? (
        <div className="mt-2">
          <Button
            small
            onClick={async () => {
              try {
                const r = await adminSend(`/outbox-messages/${m._id}/retry`, 'POST')
                toast.success(r.message)
                await queryClient.invalidateQueries({ queryKey: ['admin'] })
              } catch (err) {
                toast.error(problemText(err), { duration: 8000 })
              }
            }}
          >
            Try again now
          </Button>
        </div>
      ) : null}
    </li>
  )
}
