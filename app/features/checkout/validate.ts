import type { SavedAddress } from '../../lib/checkout-api.ts'
import { checkoutMessages as m } from '../../lib/checkout-messages.ts'

export type ShippingForm = {
  firstName: string
  lastName: string
  address: string
  apartment: string
  city: string
  state: string
  postalCode: string
  country: string
  email: string
  phoneNumber: string
}

export const emptyShippingForm: ShippingForm = {
  firstName: '',
  lastName: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  email: '',
  phoneNumber: '',
}

export type ShippingErrors = Partial<Record<keyof ShippingForm, string>>

/** A saved address as the delivery form shows it after Deliver Here (the account's e-mail is kept as typed). */
export function formFromAddress(
  a: Pick<SavedAddress, 'fullName' | 'streetAddress' | 'city' | 'state' | 'postalCode' | 'phoneNumber'>,
  email: string,
): ShippingForm {
  const [firstName = '', ...rest] = a.fullName.trim().split(/\s+/)
  return {
    firstName,
    lastName: rest.join(' '),
    address: a.streetAddress,
    apartment: '',
    city: a.city,
    state: a.state,
    postalCode: cleanTyping('postalCode', a.postalCode),
    country: 'India',
    email,
    phoneNumber: cleanTyping('phoneNumber', a.phoneNumber),
  }
}

/** Typing rules (spec section 5): postal code digits only up to 6, phone digits only up to 10. */
export function cleanTyping(field: keyof ShippingForm, value: string): string {
  if (field === 'postalCode') return value.replace(/\D/g, '').slice(0, 6)
  if (field === 'phoneNumber') return cleanPhoneTyping(value)
  return value
}

/**
 * The phone keeps 10 digits of number, but a phone's own keyboard and autofill write '+91 98290-12345'
 * or '098290 12345': '+', spaces and dashes may be typed, and a leading 91 or 0 does not count toward
 * the 10 (the number is read out of it by `nationalPhone`). Anything else is dropped as it is typed.
 */
function cleanPhoneTyping(value: string): string {
  const kept = value.replace(/[^\d+\s-]/g, '').replace(/(?!^)\+/g, '')
  const digits = kept.replace(/\D/g, '')
  const prefix =
    kept.startsWith('+') || (digits.startsWith('91') && digits.length > 10)
      ? 2
      : digits.startsWith('0')
        ? 1
        : 0
  let left = 10 + prefix
  let out = ''
  for (const ch of kept) {
    if (/\d/.test(ch)) {
      if (left === 0) continue
      left--
    }
    out += ch
  }
  return out
}

/** The 10-digit number in what was typed ('+91 98290-12345', '09829012345', '9829012345'), else null. */
export function nationalPhone(typed: string): string | null {
  const text = typed.trim()
  if (!/^\+?[\d\s-]+$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : null
  if (digits.length === 10) return digits
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2)
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1)
  return null
}

/** The form's fields in screen order: the first one in error is where a refused submit takes the customer. */
export const shippingFieldOrder: ReadonlyArray<keyof ShippingForm> = [
  'firstName',
  'lastName',
  'address',
  'apartment',
  'postalCode',
  'city',
  'state',
  'country',
  'email',
  'phoneNumber',
]

export const firstErrorField = (errors: ShippingErrors) => shippingFieldOrder.find((f) => errors[f])

// A name, an @ and a domain part.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Submit rules (spec section 5); any error stops the submit. Apartment is optional. */
export function validateShipping(f: ShippingForm): ShippingErrors {
  const e: ShippingErrors = {}
  if (!f.address.trim()) e.address = m.addressRequired
  if (!f.city.trim()) e.city = m.cityRequired
  if (!f.state.trim()) e.state = m.stateRequired
  if (!f.postalCode.trim()) e.postalCode = m.postalCodeRequired
  else if (!/^\d{6}$/.test(f.postalCode)) e.postalCode = m.postalCodeDigits
  if (!f.email.trim()) e.email = m.emailRequired
  else if (!emailPattern.test(f.email.trim())) e.email = m.emailInvalid
  if (!nationalPhone(f.phoneNumber)) e.phoneNumber = m.phoneRequired
  return e
}

/** A small stable hash, so the same order submitted twice carries the same idempotency key. */
export function hashText(text: string): string {
  let h = 5381
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0
  return (h >>> 0).toString(36)
}
