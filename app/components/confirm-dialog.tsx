import { useEffect, useId, useRef } from 'react'
import { useT } from '../i18n/i18n.tsx'

/**
 * A native modal <dialog> asking to confirm something that cannot be undone. With `plainForm`, it also works
 * before the page's code has run: the server shows it open, Confirm posts the form's fields to the page, and
 * Cancel goes back to `cancelTo`.
 */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  plainForm?: { fields: Record<string, string>; cancelTo: string; serverOpen: boolean }
}) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const plain = props.plainForm
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (props.open && !d.open) d.showModal()
    if (!props.open && d.open) d.close()
  }, [props.open])
  const buttons = (
    <>
      {plain &&
        Object.entries(plain.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <button
        type={plain ? 'submit' : 'button'}
        onClick={(e) => {
          e.preventDefault()
          props.onConfirm()
        }}
        className="rounded bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {props.confirmLabel}
      </button>
      <button
        type={plain ? 'submit' : 'button'}
        form={plain ? `${id}-cancel` : undefined}
        onClick={(e) => {
          e.preventDefault()
          props.onCancel()
        }}
        className="rounded border border-brand-200 px-5 py-2.5 font-semibold hover:bg-brand-50"
      >
        {t('Cancel')}
      </button>
    </>
  )
  // A form only when it is one: a dialog inside another form must not nest a form.
  const buttonsClass = 'mt-6 flex justify-center gap-3'
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={props.onCancel}
      open={plain?.serverOpen ? true : undefined}
      // Fixed in the middle of the screen when the server shows it open (not modal) as when the code opens it.
      className="fixed inset-0 z-50 m-auto h-fit w-[min(92vw,26rem)] rounded-lg p-6 text-center shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        {props.title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-ink/80">
        {props.text}
      </p>
      {plain ? (
        <form method="post" className={buttonsClass}>
          {buttons}
        </form>
      ) : (
        <div className={buttonsClass}>{buttons}</div>
      )}
      {plain && <form id={`${id}-cancel`} method="get" action={plain.cancelTo} hidden />}
    </dialog>
  )
}
