import { useState } from 'react'
import { Link } from 'react-router'
import type { MessageThread as Thread } from '../../../contracts/admin-messages.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors, useAdmin } from './admin-api.ts'
import { when } from './format.ts'
import { Badge, Button, inputClass, Loading, LoadProblem } from './ui.tsx'

const mailState: Record<string, string> = {
  sent: 'e-mailed',
  kept: 'kept in the outbox (no mail server)',
  queued: 'waiting to be sent',
  sending: 'being sent',
  failed: 'could not be sent',
}

/**
 * The answers staff sent to one Contact Us message, and a box to send another by e-mail. `onSent`: a reply
 * went (the message is then read).
 */
export function MessageThread({ messageId, onSent }: { messageId: string; onSent?: () => void }) {
  const thread = useAdmin<Thread>(`/messages/${messageId}/thread`)
  const queryClient = useQueryClient()
  const [body, setBody] = useState('')
  const [error, setError] = useState('')
  const [sending, setSending] = useState(false)
  const boxId = `reply-${messageId}`

  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    setError('')
    if (!body.trim()) return setError('Please write your reply.')
    setSending(true)
    try {
      const r = await adminSend(`/messages/${messageId}/replies`, 'POST', { body })
      toast.success(r.message)
      setBody('')
      onSent?.()
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      setError(serverFieldErrors(err).body ?? problemText(err))
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="mt-3 border-t border-brand-100 pt-3">
      {thread.isPending ? <Loading what="Loading the replies" /> : null}
      {thread.isError ? <LoadProblem error={thread.error} retry={() => thread.refetch()} /> : null}
      {thread.data && thread.data.replies.length > 0 ? (
        <ol className="mb-3 grid gap-2" aria-label="Replies sent">
          {thread.data.replies.map((r) => (
            <li key={r._id} className="rounded border border-brand-100 bg-brand-50 p-2 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-ink/75">
                <span className="font-semibold text-ink">{r.author}</span>
                <span>{when(r.createdAt)}</span>
                {r.mailStatus ? (
                  <Badge
                    tone={r.mailStatus === 'failed' ? 'red' : r.mailStatus === 'sent' ? 'green' : 'grey'}
                  >
                    {mailState[r.mailStatus] ?? r.mailStatus}
                  </Badge>
                ) : null}
                {r.outboxId ? (
                  <Link to={`/admin/outbox?open=${r.outboxId}`} className="text-brand-700 underline">
                    See the e-mail
                  </Link>
                ) : null}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={send} noValidate className="grid gap-2">
        <label htmlFor={boxId} className="text-sm font-semibold">
          Reply by e-mail to {thread.data?.email ?? 'the sender'}
        </label>
        <textarea
          id={boxId}
          rows={4}
          className={inputClass}
          value={body}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" tone="primary" small disabled={sending}>
            {sending ? 'Sending...' : 'Send reply'}
          </Button>
        </div>
      </form>
    </div>
  )
}
