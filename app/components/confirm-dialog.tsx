import { useEffect, useId, useRef } from 'react'
import { useT } from '../i18n/i18n.tsx'

/** A native modal <dialog> asking to confirm something that cannot be undone. */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (props.open && !d.open) d.showModal()
    if (!props.open && d.open) d.close()
  }, [props.open])
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={props.onCancel}
      className="m-auto w-[min(92vw,26rem)] rounded-lg p-6 text-center shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        {props.title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-ink/80">
        {props.text}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={props.onConfirm}
          className="rounded bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {props.confirmLabel}
        </button>
        <button
          type="button"
          onClick={props.onCancel}
          className="rounded border border-brand-200 px-5 py-2.5 font-semibold hover:bg-brand-50"
        >
          {t('Cancel')}
        </button>
      </div>
    </dialog>
  )
}
