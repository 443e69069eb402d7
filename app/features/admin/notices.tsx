import {
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'
import type { ExternalToast } from 'sonner'
import { handleToasts, type ToastKind } from '../../lib/toast.tsx'

/**
 * How long the console's notices stay. The shop's 1-second toasts (spec section 9) suit a customer who
 * has just tapped a button; staff must be able to read what happened, often on a phone.
 */
export const noticeRules = {
  /** A success or information stays at least this long, longer for a long message. */
  shortestMs: 6000,
  /** Reading time per character beyond the shortest. */
  perCharacterMs: 60,
  /** At most this many at once; the oldest go first. */
  most: 4,
} as const

/** A message's time on screen: at least 6 s, about 15 characters a second of reading beyond that. */
export const readingTime = (message: string) =>
  Math.max(noticeRules.shortestMs, 2000 + message.length * noticeRules.perCharacterMs)

type Notice = {
  id: number
  kind: ToastKind
  message: string
  action?: { label: ReactNode; onClick: (e: MouseEvent<HTMLButtonElement>) => void }
}

/** Errors and warnings stay until dismissed, and so does anything that offers an action. */
const staysUntilDismissed = (n: Notice) => n.kind === 'error' || n.kind === 'warning' || Boolean(n.action)

const actionOf = (options?: ExternalToast): Notice['action'] => {
  const a = options?.action
  if (!a || typeof a !== 'object' || !('label' in a) || !('onClick' in a)) return undefined
  return { label: a.label, onClick: (e) => a.onClick(e) }
}

// Colours the shop's stylesheet already has, so the console adds next to nothing to every page's CSS.
const tones: Record<ToastKind, { box: string; mark: string; sign: string }> = {
  success: { box: 'border-leaf text-green-900', mark: 'bg-leaf', sign: '✓' },
  info: { box: 'border-brand-600 text-sky-900', mark: 'bg-brand-700', sign: 'i' },
  warning: { box: 'border-amber-300 text-amber-900', mark: 'bg-brand-700', sign: '!' },
  error: { box: 'border-red-300 text-red-800', mark: 'bg-red-700', sign: '!' },
}

/**
 * The console's notices, top right (top of the screen on a phone). Every toast a console screen sends
 * lands here while the console is open, and these rules decide how long it stays (a `duration` passed
 * with it is ignored). A notice waits while the pointer is on it, while it holds the keyboard focus and
 * while the page is hidden.
 */
export function ConsoleNotices() {
  const [notices, setNotices] = useState<Notice[]>([])
  const next = useRef(0)
  useEffect(() => {
    handleToasts((kind, message, options) => {
      next.current += 1
      const notice: Notice = { id: next.current, kind, message, action: actionOf(options) }
      // The same message again replaces the earlier one rather than stacking up.
      setNotices((list) => [...list.filter((n) => n.message !== message), notice].slice(-noticeRules.most))
    })
    return () => handleToasts(null)
  }, [])
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), [])
  const urgent = notices.filter((n) => n.kind === 'error' || n.kind === 'warning')
  const calm = notices.filter((n) => !(n.kind === 'error' || n.kind === 'warning'))
  return (
    <section aria-label="Notices" className="fixed top-2 right-2 left-2 z-40 grid gap-2 sm:left-auto sm:w-96">
      <ol aria-live="assertive" className="grid gap-2 empty:hidden">
        {urgent.map((n) => (
          <NoticeItem key={n.id} notice={n} onDismiss={dismiss} />
        ))}
      </ol>
      <ol aria-live="polite" className="grid gap-2 empty:hidden">
        {calm.map((n) => (
          <NoticeItem key={n.id} notice={n} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  )
}

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  const [pointerOn, setPointerOn] = useState(false)
  const [focusIn, setFocusIn] = useState(false)
  const [pageHidden, setPageHidden] = useState(false)
  const left = useRef(readingTime(notice.message))
  const sticky = staysUntilDismissed(notice)

  useEffect(() => {
    const onVisibility = () => setPageHidden(document.visibilityState === 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  useEffect(() => {
    if (sticky || pointerOn || focusIn || pageHidden) return
    const started = Date.now()
    const timer = setTimeout(() => onDismiss(notice.id), left.current)
    return () => {
      clearTimeout(timer)
      left.current = Math.max(1500, left.current - (Date.now() - started))
    }
  }, [sticky, pointerOn, focusIn, pageHidden, notice.id, onDismiss])

  const tone = tones[notice.kind]
  return (
    <li
      data-notice={notice.kind}
      onPointerEnter={() => setPointerOn(true)}
      onPointerLeave={() => setPointerOn(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(e: FocusEvent<HTMLLIElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIn(false)
      }}
      className={`flex items-start gap-3 rounded-lg border-l-4 bg-white p-3 shadow-lg ring-1 ring-brand-200 ${tone.box}`}
    >
      <span
        aria-hidden="true"
        className={`mt-3 grid size-5 shrink-0 place-items-center rounded-full text-xs font-bold text-white ${tone.mark}`}
      >
        {tone.sign}
      </span>
      <div className="min-w-0 flex-1 py-2.5">
        <p className="text-sm font-semibold break-words">
          {notice.kind === 'error' ? <span className="sr-only">Problem: </span> : null}
          {notice.message}
        </p>
        {notice.action ? (
          <button
            type="button"
            onClick={(e) => {
              notice.action?.onClick(e)
              onDismiss(notice.id)
            }}
            className="mt-2 min-h-11 rounded border border-brand-600 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {notice.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDismiss(notice.id)}
        className="grid size-11 shrink-0 place-items-center rounded text-xl leading-none text-ink/70 hover:bg-brand-50"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  )
}
