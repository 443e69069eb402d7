import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { imageAt } from '../../../contracts/images.ts'
import { toast } from '../../lib/toast.tsx'
import { problemText, type UploadFolder, uploadPicture } from './admin-api.ts'

export const inputClass =
  'min-h-11 w-full rounded border border-brand-200 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-600'

/** A list screen's filter: a labelled select whose first, empty choice means 'all'. */
export function FilterSelect({
  label,
  all,
  value,
  onChange,
  options,
}: {
  label: string
  /** The empty choice's words, e.g. 'All statuses'. */
  all: string
  value: string
  onChange: (value: string) => void
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <label className="grid gap-1 text-sm font-semibold">
      {label}
      <select className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

export function PageTitle({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="font-serif text-2xl font-bold text-brand-800">{title}</h1>
        {intro ? <p className="mt-1 max-w-2xl text-sm text-ink/75">{intro}</p> : null}
      </div>
      {action}
    </div>
  )
}

type ButtonProps = {
  children: ReactNode
  onClick?: () => void
  type?: 'button' | 'submit'
  tone?: 'primary' | 'plain' | 'danger'
  disabled?: boolean
  small?: boolean
  label?: string
  ref?: Ref<HTMLButtonElement>
}
export function Button({
  children,
  onClick,
  type = 'button',
  tone = 'plain',
  disabled,
  small,
  label,
  ref,
}: ButtonProps) {
  const tones = {
    primary: 'bg-brand-600 text-white hover:bg-brand-700 border-brand-600',
    plain: 'bg-white text-brand-800 hover:bg-brand-100 border-brand-200',
    danger: 'bg-white text-red-700 hover:bg-red-50 border-red-300',
  }
  return (
    <button
      ref={ref}
      type={type}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border font-semibold disabled:opacity-50 ${small ? 'px-3 py-1.5 text-sm' : 'px-4 py-2'} ${tones[tone]}`}
    >
      {children}
    </button>
  )
}

export function LinkButton({
  to,
  children,
  tone = 'primary',
}: {
  to: string
  children: ReactNode
  tone?: 'primary' | 'plain'
}) {
  const cls =
    tone === 'primary'
      ? 'bg-brand-600 text-white hover:bg-brand-700 border-brand-600'
      : 'bg-white text-brand-800 hover:bg-brand-100 border-brand-200'
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center rounded border px-4 py-2 font-semibold ${cls}`}
    >
      {children}
    </Link>
  )
}

/** A labelled form control with its error message under it (read by screen readers too). */
/** A list of PIN codes typed one per line or with commas (the COD and delivery settings). */
export function PinCodesField(props: {
  label: string
  help: string
  error?: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field label={props.label} error={props.error} help={props.help}>
      {(p) => (
        <textarea
          {...p}
          rows={3}
          inputMode="numeric"
          className={inputClass}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

export function Field({
  label,
  error,
  help,
  children,
  wide,
}: {
  label: string
  error?: string
  help?: string
  wide?: boolean
  /** The second argument names the label, for controls a <label for> cannot reach (the formatting editor). */
  children: (
    props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string },
    names: { labelId: string },
  ) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  const helpId = `${id}-help`
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`grid content-start gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children(
        { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
        { labelId: `${id}-label` },
      )}
      {help ? (
        <p id={helpId} className="text-xs text-ink/70">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function Checkbox({
  label,
  checked,
  onChange,
  help,
}: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  help?: string
}) {
  return (
    <label className="flex min-h-11 items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1 size-5 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-semibold">{label}</span>
        {help ? <span className="block text-xs text-ink/70">{help}</span> : null}
      </span>
    </label>
  )
}

/** Upload one picture (checked and resized by the server); shows it and lets staff remove it. */
export function PictureInput({
  id,
  value,
  onChange,
  folder,
  invalid,
  describedBy,
}: {
  id: string
  value: string
  onChange: (url: string) => void
  folder: UploadFolder
  invalid?: boolean
  describedBy?: string
}) {
  const [busy, setBusy] = useState(false)
  return (
    <div className="flex flex-wrap items-center gap-3">
      {value ? (
        <img
          src={imageAt(value, 200)}
          alt=""
          className="size-16 rounded border border-brand-200 object-cover"
        />
      ) : (
        <span className="grid size-16 place-items-center rounded border border-dashed border-brand-200 text-xs text-ink/75">
          none
        </span>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        disabled={busy}
        className="min-h-11 max-w-full text-sm file:mr-2 file:min-h-11 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          if (!file) return
          setBusy(true)
          try {
            onChange(await uploadPicture(folder, file))
            toast.success('Picture uploaded')
          } catch (err) {
            toast.error(problemText(err))
          } finally {
            setBusy(false)
            e.target.value = ''
          }
        }}
      />
      {value ? (
        <Button small onClick={() => onChange('')}>
          Remove picture
        </Button>
      ) : null}
      {busy ? <span className="text-sm">Uploading…</span> : null}
    </div>
  )
}

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({
  children,
  question,
  detail,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  small = true,
  disabled,
}: {
  children: ReactNode
  question: string
  detail?: string
  confirmLabel: string
  onConfirm: () => void | Promise<void>
  tone?: 'danger' | 'primary' | 'plain'
  small?: boolean
  disabled?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  return (
    <>
      <Button small={small} tone={tone} disabled={disabled} onClick={() => ref.current?.showModal()}>
        {children}
      </Button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-brand-200 p-5 shadow-xl backdrop:bg-black/40"
      >
        <h2 id={titleId} className="text-lg font-bold text-brand-800">
          {question}
        </h2>
        {detail ? <p className="mt-2 text-sm">{detail}</p> : null}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button onClick={() => ref.current?.close()}>Go back</Button>
          <Button
            tone={tone === 'plain' ? 'primary' : tone}
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await onConfirm()
              } finally {
                setBusy(false)
                ref.current?.close()
              }
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  )
}

export function Pager({
  page,
  pages,
  total,
  more = false,
  onPage,
}: {
  page: number
  pages: number
  total: number
  /** More than `total` matched and only the newest `total` are listed (a search too common to count). */
  more?: boolean
  onPage: (p: number) => void
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        {more ? `More than ${total.toLocaleString('en-IN')} found, the newest listed` : `${total} found`} ·
        page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button small disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ← Previous
        </Button>
        <Button small disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next →
        </Button>
      </span>
    </nav>
  )
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p role="status" className="py-8 text-center text-ink/70">
      {what}…
    </p>
  )
}

export function LoadProblem({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div role="alert" className="rounded border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{problemText(error)}</p>
      {retry ? (
        <div className="mt-2">
          <Button small onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export function Badge({
  children,
  tone = 'grey',
}: {
  children: ReactNode
  tone?: 'green' | 'amber' | 'red' | 'grey' | 'blue'
}) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-900',
    grey: 'bg-stone-200 text-stone-900',
    blue: 'bg-sky-100 text-sky-900',
  }
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  )
}

export function statusTone(status: string): 'green' | 'amber' | 'red' | 'grey' | 'blue' {
  if (status === 'Delivered') return 'green'
  if (status === 'Cancelled' || status === 'Returned to origin') return 'red'
  if (status === 'Shipped' || status === 'Out for delivery') return 'blue'
  if (status === 'Processing') return 'amber'
  return 'grey'
}

/** Paid is green; money waiting (to arrive or to go back) amber; failed or expired red. */
export function paymentTone(status: string): 'green' | 'amber' | 'red' | 'grey' | 'blue' {
  if (status === 'Paid') return 'green'
  if (status === 'Pending' || status === 'Refund pending') return 'amber'
  if (status === 'Failed' || status === 'Expired') return 'red'
  return 'grey'
}

/** Keeps a search box from querying on every key press. */
export function useDebounced<T>(value: T, ms = 350): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}
