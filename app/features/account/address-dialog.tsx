import { useEffect, useId, useRef, useState } from 'react'
import { CloseIcon } from '../../components/icons.tsx'
import { useT } from '../../i18n/i18n.tsx'
import type { Address } from '../../lib/account-api.ts'
import { lookupPincode } from '../../lib/checkout-api.ts'
import { checkoutMessages } from '../../lib/checkout-messages.ts'
import { useTypedEarly } from '../../lib/typed-early.ts'
import { addressTypes, DEFAULT_ADDRESS_TYPE, DEFAULT_COUNTRY } from './messages.ts'
import { fieldClass } from './password-field.tsx'

export type AddressForm = {
  fullName: string
  phoneNumber: string
  streetAddress: string
  city: string
  state: string
  postalCode: string
  country: string
  addressType: string
}

export const emptyAddress: AddressForm = {
  fullName: '',
  phoneNumber: '',
  streetAddress: '',
  city: '',
  state: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
  addressType: DEFAULT_ADDRESS_TYPE,
}

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max)

/** The address book's address after an address saved or deleted before the page's code ran: `?address=added`. */
export const addressSavedParam = 'address'
export const addressNotice = {
  added: 'added',
  updated: 'updated',
  deleted: 'deleted',
  notDeleted: 'not-deleted',
} as const

/**
 * An address the server refused when it came as a plain form (decisions 126, 127): why, what was typed, and
 * the address being edited (null for a new one).
 */
export type AddressRefusal = { error: string; typed: AddressForm; editing?: string | null }

/** A saved address as the form shows it. */
export const formOfAddress = (a: Address): AddressForm => ({
  fullName: a.fullName,
  phoneNumber: a.phoneNumber,
  streetAddress: a.streetAddress,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country || DEFAULT_COUNTRY,
  addressType: a.addressType || DEFAULT_ADDRESS_TYPE,
})

/** The add/edit address modal (spec section 2 and 5): a native <dialog>, country read-only. */
export function AddressDialog(props: {
  /** The dialog's id: the Add button opens it by this before the page's code runs (`commandfor`). */
  id: string
  open: boolean
  editing: Address | null
  saving: boolean
  /** An address the server refused: the dialog shows open with it, and keeps it once the code runs. */
  refused?: AddressRefusal
  /** Opened by the server (an Edit sent before the page's code ran, `?edit=`): shown open with `editing`. */
  serverOpen?: boolean
  onSave: (form: AddressForm) => void
  onClose: () => void
}) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [form, setForm] = useState<AddressForm>(
    props.refused?.typed ?? (props.editing ? formOfAddress(props.editing) : emptyAddress),
  )
  // What the server showed (refused, or an address to edit) stays in the form until the dialog is opened again.
  const keepRefused = useRef(Boolean(props.refused) || Boolean(props.serverOpen))
  const formRef = useRef<HTMLFormElement>(null)
  // Typed into the server's form before the page's code ran: kept.
  useTypedEarly(formRef, (typed) =>
    setForm((f) => {
      const next = { ...f }
      for (const k of Object.keys(f) as Array<keyof AddressForm>)
        if (typed[k] !== undefined) next[k] = typed[k]
      return next
    }),
  )
  const [problem, setProblem] = useState(props.refused?.error ?? '')
  // The PIN last looked up (or the saved one being edited), so each new 6-digit PIN is looked up once.
  const lastPin = useRef('')

  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (props.open) {
      const a = props.editing
      lastPin.current = a?.postalCode ?? ''
      if (keepRefused.current) {
        keepRefused.current = false
        if (!d.open) d.showModal()
        return
      }
      setProblem('')
      setForm(a ? formOfAddress(a) : emptyAddress)
      if (!d.open) d.showModal()
    } else if (d.open) d.close()
  }, [props.open, props.editing])

  /** As at checkout (spec section 5): a full PIN fills city and state; an unknown one alerts 'Invalid Pincode'. */
  const changePin = (raw: string) => {
    const pin = digits(raw, 6)
    setForm((f) => ({ ...f, postalCode: pin }))
    if (pin.length < 6) {
      lastPin.current = ''
      return
    }
    if (pin === lastPin.current) return
    lastPin.current = pin
    void lookupPincode(pin).then((answer) => {
      if (lastPin.current !== pin) return
      const first = answer?.[0]
      const office = first?.Status === 'Success' ? first.PostOffice?.[0] : undefined
      if (!office) {
        window.alert(t(checkoutMessages.invalidPincode))
        return
      }
      setForm((f) => ({ ...f, city: office.District, state: office.State }))
    })
  }

  const field = (
    k: keyof AddressForm,
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <input
        name={k}
        value={form[k]}
        onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
        className={fieldClass}
        {...extra}
      />
    </label>
  )

  return (
    <dialog
      ref={ref}
      id={props.id}
      // Shown by the server after a refused plain form; the page's code opens and closes it otherwise.
      open={props.refused || props.serverOpen ? true : undefined}
      aria-labelledby={titleId}
      onClose={props.onClose}
      className="fixed inset-0 z-50 m-auto h-fit max-h-[92vh] w-[min(94vw,34rem)] overflow-y-auto rounded-lg p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-brand-100 px-5 py-3">
        <h2 id={titleId} className="text-lg font-bold text-brand-800">
          {props.editing ? t('Edit Address') : t('Add New Address')}
        </h2>
        <button
          type="button"
          onClick={props.onClose}
          commandfor={props.id}
          command="close"
          aria-label={t('Close')}
          className="rounded p-1.5 hover:bg-brand-50"
        >
          <CloseIcon />
        </button>
      </div>
      <form
        ref={formRef}
        method="post"
        className="grid gap-3 p-5 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault()
          props.onSave(form)
        }}
      >
        {props.editing && (
          <>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="addressId" value={props.editing._id} />
          </>
        )}
        {field('fullName', t('Full Name'), { required: true, autoComplete: 'name' })}
        <label className="grid gap-1 text-sm font-medium">
          {t('Phone Number')}
          <input
            name="phoneNumber"
            type="tel"
            inputMode="numeric"
            required
            autoComplete="tel-national"
            value={form.phoneNumber}
            onChange={(e) => setForm((f) => ({ ...f, phoneNumber: digits(e.target.value, 10) }))}
            className={fieldClass}
          />
        </label>
        <div className="sm:col-span-2">
          {field('streetAddress', t('Street Address'), { required: true, autoComplete: 'street-address' })}
        </div>
        <label className="grid gap-1 text-sm font-medium">
          {t('Postal Code')}
          <input
            name="postalCode"
            inputMode="numeric"
            required
            autoComplete="postal-code"
            value={form.postalCode}
            onChange={(e) => changePin(e.target.value)}
            className={fieldClass}
          />
        </label>
        {field('city', t('City'), { required: true, autoComplete: 'address-level2' })}
        {field('state', t('State'), { required: true, autoComplete: 'address-level1' })}
        {field('country', t('Country'), { readOnly: true, className: `${fieldClass} bg-brand-50` })}
        <label className="grid gap-1 text-sm font-medium sm:col-span-2">
          {t('Address Type')}
          <select
            name="addressType"
            value={form.addressType}
            onChange={(e) => setForm((f) => ({ ...f, addressType: e.target.value }))}
            className={fieldClass}
          >
            {addressTypes.map((type) => (
              <option key={type} value={type}>
                {t(type)}
              </option>
            ))}
          </select>
        </label>
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-2">
            {problem}
          </p>
        ) : null}
        <div className="flex gap-3 sm:col-span-2">
          <button
            type="submit"
            disabled={props.saving}
            className="rounded bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {props.saving ? t('Saving...') : props.editing ? t('Update Address') : t('Save Address')}
          </button>
          <button
            type="button"
            onClick={props.onClose}
            commandfor={props.id}
            command="close"
            className="rounded border border-brand-200 px-6 py-2.5 font-semibold hover:bg-brand-50"
          >
            {t('Cancel')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
