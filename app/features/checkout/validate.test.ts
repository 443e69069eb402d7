import { describe, expect, it } from 'vitest'
import { checkoutMessages as m } from './messages.ts'
import { cleanTyping, emptyShippingForm, hashText, validateShipping } from './validate.ts'

describe('checkout typing rules', () => {
  it('keeps only digits, up to 6 for the PIN and 10 for the phone', () => {
    expect(cleanTyping('postalCode', '22a6-0012')).toBe('226001')
    expect(cleanTyping('phoneNumber', '+91 98765 43210')).toBe('9198765432')
    expect(cleanTyping('city', 'Lucknow 1')).toBe('Lucknow 1')
  })
})

describe('checkout submit rules', () => {
  it('names every missing field', () => {
    expect(validateShipping(emptyShippingForm)).toEqual({
      address: m.addressRequired,
      city: m.cityRequired,
      state: m.stateRequired,
      postalCode: m.postalCodeRequired,
      email: m.emailRequired,
      phoneNumber: m.phoneRequired,
    })
  })
  it('checks the email shape, the PIN length and the phone length; apartment is optional', () => {
    const form = {
      ...emptyShippingForm,
      address: '12 Hazratganj',
      city: 'Lucknow',
      state: 'Uttar Pradesh',
      postalCode: '22600',
      email: 'asha@example',
      phoneNumber: '987654321',
    }
    expect(validateShipping(form)).toEqual({
      postalCode: m.postalCodeDigits,
      email: m.emailInvalid,
      phoneNumber: m.phoneRequired,
    })
    expect(
      validateShipping({ ...form, postalCode: '226001', email: 'a@b.in', phoneNumber: '9876543210' }),
    ).toEqual({})
  })
  it('hashes a payload the same way every time', () => {
    expect(hashText('{"a":1}')).toBe(hashText('{"a":1}'))
    expect(hashText('{"a":1}')).not.toBe(hashText('{"a":2}'))
  })
})
