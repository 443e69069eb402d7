import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n.tsx'
import { lookupPincode, type SavedAddress } from '../../lib/checkout-api.ts'
import { checkoutMessages as m } from '../../lib/checkout-messages.ts'
import {
  cleanTyping,
  emptyShippingForm,
  firstErrorField,
  formFromAddress,
  nationalPhone,
  type ShippingErrors,
  type ShippingForm,
  shippingFieldOrder,
  validateShipping,
} from './validate.ts'

/** The form as the server rendered it: the address chosen or typed, open or folded, its errors. */
export type ShippingStart = {
  form: ShippingForm
  formOpen: boolean
  selected: string | null
  errors?: ShippingErrors
}

export type ShippingFormState = ReturnType<typeof useShippingForm>

/**
 * The delivery address as typed or chosen from the address book: its errors, whether the form is open, the
 * PIN lookup that fills state and city, and the focus a refused Place Order moves to the first field in error.
 */
export function useShippingForm(initial: ShippingStart | null = null) {
  const t = useT()
  const formId = useId()
  const [form, setForm] = useState<ShippingForm>(initial?.form ?? emptyShippingForm)
  const [errors, setErrors] = useState<ShippingErrors>(initial?.errors ?? {})
  const [formOpen, setFormOpen] = useState(initial?.formOpen ?? false)
  const [selected, setSelected] = useState<string | null>(initial?.selected ?? null)
  // Counts refused submits, so each one moves focus to the first field in error.
  const [refusals, setRefusals] = useState(0)
  const refusedAt = useRef<keyof ShippingForm | undefined>(undefined)
  const lastPin = useRef(initial?.form.postalCode ?? '')

  // A form the server refused (sent before the page's code): the code takes the customer to its first error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the code takes over
  useEffect(() => {
    const first = initial?.errors ? firstErrorField(initial.errors) : undefined
    if (first) {
      refusedAt.current = first
      setRefusals((n) => n + 1)
    }
  }, [])

  const focusField = useCallback(
    (name: keyof ShippingForm) => {
      const input = document.getElementById(`${formId}-${name}`)
      if (!input) return
      input.scrollIntoView({ block: 'center' })
      input.focus({ preventScroll: true })
    },
    [formId],
  )

  // Runs once per refused submit (not when a PIN lookup later clears an error, which would steal focus).
  useEffect(() => {
    // The messages sit above the Place Order button, out of view on a phone: take the customer there.
    if (refusals > 0 && refusedAt.current) focusField(refusedAt.current)
  }, [refusals, focusField])

  const update = (field: keyof ShippingForm, raw: string) => {
    const value = cleanTyping(field, raw)
    setForm((f) => ({ ...f, [field]: value }))
    if (field === 'postalCode' && value.length === 6 && value !== lastPin.current) {
      lastPin.current = value
      void lookupPincode(value).then((answer) => {
        const first = answer?.[0]
        const office = first?.Status === 'Success' ? first.PostOffice?.[0] : undefined
        if (!office) {
          window.alert(t(m.invalidPincode))
          return
        }
        setForm((f) => ({ ...f, state: office.State, city: office.District, country: office.Country }))
        setErrors((e) => ({ ...e, state: undefined, city: undefined }))
      })
    }
    if (field === 'postalCode' && value.length < 6) lastPin.current = ''
  }

  const deliverHere = (a: SavedAddress) => {
    setSelected(a._id)
    lastPin.current = a.postalCode
    setForm((f) => ({ ...formFromAddress(a, f.email), apartment: f.apartment }))
    setErrors({})
    setFormOpen(true)
  }

  // Once the typed phone reads as a number, it shows as the 10 digits the order will carry.
  const showNationalPhone = () => {
    const national = nationalPhone(form.phoneNumber)
    if (national && national !== form.phoneNumber) setForm((f) => ({ ...f, phoneNumber: national }))
  }

  /** A refused Place Order: focus moves to `field`. */
  const refuse = (field: keyof ShippingForm | undefined) => {
    refusedAt.current = field
    setRefusals((n) => n + 1)
  }

  /** Shows the form's errors; a form in error opens and takes the customer to its first field. */
  const validate = (): boolean => {
    const found = validateShipping(form)
    setErrors(found)
    if (Object.keys(found).length === 0) return true
    setFormOpen(true)
    refuse(firstErrorField(found))
    return false
  }

  /** The address as typed for an unpaid order, unless the customer has started typing meanwhile. */
  const fillFromOrder = (typed: ShippingForm) =>
    setForm((f) => {
      if (f.address.trim() || f.postalCode) return f
      lastPin.current = typed.postalCode
      return { ...typed, email: typed.email || f.email }
    })

  const fillEmail = (email: string) => setForm((f) => (f.email ? f : { ...f, email }))

  /** What was typed before the page's code ran (kept by the browser in the server's fields), put in the form. */
  const takeTyped = (typed: Record<string, string>) =>
    setForm((f) => {
      const next = { ...f }
      for (const name of shippingFieldOrder) {
        const value = typed[name]
        if (value !== undefined) next[name] = cleanTyping(name, value)
      }
      return next
    })

  return {
    formId,
    form,
    errors,
    formOpen,
    setFormOpen,
    selected,
    refusals,
    focusField,
    update,
    deliverHere,
    showNationalPhone,
    refuse,
    validate,
    fillFromOrder,
    fillEmail,
    takeTyped,
  }
}
