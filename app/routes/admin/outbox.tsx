import { useSearchParams } from 'react-router'
import type { OutboxItem, OutboxMail, OutboxPage } from '../../../contracts/mail.ts'
import { phoneChannels } from '../../../contracts/messaging.ts'
import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { when } from '../../features/admin/format.ts'
import { MailPreview } from '../../features/admin/mail-preview.tsx'
import { channelNames, MessageOutbox } from '../../features/admin/message-outbox.tsx'
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

const statusLabel: Record<
  OutboxItem['status'],
  { label: string; tone: 'green' | 'amber' | 'red' | 'grey' | 'blue' }
> = {
  queued: { label: 'Waiting to send', tone: 'amber' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  kept: { label: 'Kept (not sent)', tone: 'grey' },
}

export const meta = () => [{ title: 'Outbox | Shop console' }]

export default function OutboxScreen() {
  const [params, setParams] = useSearchParams()
  const open = params.get('open')
  const asked = params.get('channel')
  const channel = phoneChannels.find((c) => c === asked) ?? null
  const filters = new URLSearchParams()
  for (const k of ['status', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<OutboxPage>(channel === null ? `/outbox?${filters}` : null)
  const set = (key: string, value: string) =>
    setParams((old) => {
      const next = new URLSearchParams(old)
      if (value) next.set(key, value)
      else next.delete(key)
      if (key !== 'page' && key !== 'open') next.delete('page')
      // Each channel has its own states.
      if (key === 'channel') next.delete('status')
      return next
    })
  const tabs = (
    <nav aria-label="Channels" className="mb-4 flex gap-2 overflow-x-auto">
      {([null, ...phoneChannels] as const).map((c) => (
        <button
          key={c ?? 'email'}
          type="button"
          aria-current={channel === c ? 'page' : undefined}
          onClick={() => set('channel', c ?? '')}
          className={`rounded-full border px-4 py-1.5 text-sm font-semibold whitespace-nowrap ${
            channel === c
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-brand-200 bg-white text-brand-800'
          }`}
        >
          {c ? channelNames[c] : 'E-mail'}
        </button>
      ))}
    </nav>
  )

  if (open) return <OneMail id={open} back={() => set('open', '')} />
  const title = (
    <PageTitle
      title="Outbox"
      intro="Every e-mail, WhatsApp and SMS message the shop wrote: to customers (orders, replies, and for owners the account messages with their links and codes hidden) and to staff. Open an e-mail to see it as its reader does."
    />
  )
  if (channel)
    return (
      <div>
        {title}
        {tabs}
        <label className="mb-4 grid max-w-xs gap-1 text-sm font-semibold">
          Status
          <select
            className={inputClass}
            value={params.get('status') ?? ''}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">Every message</option>
            <option value="queued">Waiting to send</option>
            <option value="failed">Failed</option>
            <option value="sent">Sent</option>
          </select>
        </label>
        <MessageOutbox channel={channel} query={filters} onPage={(n) => set('page', String(n))} />
      </div>
    )
  return (
    <div>
      {title}
      {tabs}
      {list.data && !list.data.sending ? (
        <p className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          No mail server is configured (SMTP_URL), so no e-mail leaves the shop: they are kept here.
        </p>
      ) : null}
      <label className="mb-4 grid max-w-xs gap-1 text-sm font-semibold">
        Status
        <select
          className={inputClass}
          value={params.get('status') ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">Every e-mail</option>
          <option value="queued">Waiting to send</option>
          <option value="failed">Failed</option>
          <option value="sent">Sent</option>
          <option value="kept">Kept (not sent)</option>
        </select>
      </label>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No e-mails.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {(list.data?.items ?? []).map((m) => (
          <li key={m._id} className="rounded-lg border border-brand-200 bg-white p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={statusLabel[m.status].tone}>{statusLabel[m.status].label}</Badge>
              <span className="text-sm text-ink/75">{when(m.createdAt)}</span>
            </div>
            <button
              type="button"
              onClick={() => set('open', m._id)}
              className="mt-1 block text-left font-semibold text-brand-700 underline"
            >
              {m.subject}
            </button>
            <p className="break-all text-sm">To {m.to}</p>
            {m.lastError ? (
              <p className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">
                Attempt {m.attempts}: {m.lastError}
                {m.status === 'queued' ? ` · next try ${when(m.nextAttemptAt)}` : ''}
              </p>
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

function OneMail({ id, back }: { id: string; back: () => void }) {
  const mail = useAdmin<OutboxMail>(`/outbox/${id}`)
  const queryClient = useQueryClient()
  const m = mail.data
  return (
    <div>
      <div className="mb-3">
        <Button small onClick={back}>
          ← Back to the outbox
        </Button>
      </div>
      {mail.isPending ? <Loading /> : null}
      {mail.isError ? <LoadProblem error={mail.error} retry={() => mail.refetch()} /> : null}
      {m ? (
        <>
          <PageTitle title={m.subject} />
          <dl className="mb-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">To</dt>
            <dd className="break-all">{m.to}</dd>
            {m.replyTo ? (
              <>
                <dt className="font-semibold">Reply-To</dt>
                <dd className="break-all">{m.replyTo}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Status</dt>
            <dd>
              <Badge tone={statusLabel[m.status].tone}>{statusLabel[m.status].label}</Badge>
              {m.sentAt ? ` ${when(m.sentAt)}` : ''}
            </dd>
            <dt className="font-semibold">Written</dt>
            <dd>{when(m.createdAt)}</dd>
            {m.lastError ? (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="text-red-700 [overflow-wrap:anywhere]">
                  {m.lastError} (attempt {m.attempts})
                </dd>
              </>
            ) : null}
            <dt className="font-semibold">Message-ID</dt>
            <dd className="break-all">{m.messageId}</dd>
          </dl>
          {m.status === 'failed' || (m.status === 'queued' && m.attempts > 0) ? (
            <div className="mb-4">
              <Button
                tone="primary"
                small
                onClick={async () => {
                  try {
                    const r = await adminSend(`/outbox/${m._id}/retry`, 'POST')
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
          {m.accountMail ? (
            <p className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
              An account e-mail: its link is hidden here, because whoever holds it can get into the account.
              Only the recipient gets the working link. Only owners see these e-mails.
            </p>
          ) : null}
          <MailPreview html={m.html} text={m.text} title={`The e-mail “${m.subject}”`} />
        </>
      ) : null}
    </div>
  )
}
