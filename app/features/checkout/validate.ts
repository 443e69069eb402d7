import { checkoutMessages as m } from './messages.ts'

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

/** Typing rules (spec section 5): postal code digits only up to 6, phone digits only up to 10. */
export function cleanTyping(field: keyof ShippingForm, value: string): string {
  if (field === 'postalCode') return value.replace(/\D/g, '').slice(0, 6)
  if (field === 'phoneNumber') return value.replace(/\D/g, '').slice(0, 10)
  return value
}

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
  if (!/^\d{10}$/.test(f.phoneNumber)) e.phoneNumber = m.phoneRequired
  return e
}

/** A small stable hash, so the same order submitted twice carries the same idempotency key. */
export function hashText(text: string): string {
  let h = 5381
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0
  return (h >>> 0).toString(36)
}
