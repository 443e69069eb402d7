import { describe, expect, it } from 'vitest'
import { checkoutMessages as m } from '../../lib/checkout-messages.ts'
import {
  cleanTyping,
  emptyShippingForm,
  firstErrorField,
  hashText,
  nationalPhone,
  validateShipping,
} from './validate.ts'

describe('checkout typing rules', () => {
  it('keeps only digits, up to 6 for the PIN and 10 for the phone', () => {
    expect(cleanTyping('postalCode', '22a6-0012')).toBe('226001')
    expect(cleanTyping('phoneNumber', '98765abc43210999')).toBe('9876543210')
    expect(cleanTyping('city', 'Lucknow 1')).toBe('Lucknow 1')
  })
  it('lets a phone be typed with +91, a leading 0, spaces and dashes, still 10 digits of number', () => {
    expect(cleanTyping('phoneNumber', '+91 98290-12345')).toBe('+91 98290-12345')
    expect(cleanTyping('phoneNumber', '+91 98290-123456789')).toBe('+91 98290-12345')
    expect(cleanTyping('phoneNumber', '098290 123456')).toBe('098290 12345')
    expect(cleanTyping('phoneNumber', '919829012345')).toBe('919829012345')
    expect(cleanTyping('phoneNumber', '98+29(0)12345')).toBe('9829012345')
  })
  it('reads the 10-digit number out of what was typed, or refuses it', () => {
    expect(nationalPhone('+91 98290-12345')).toBe('9829012345')
    expect(nationalPhone('09829012345')).toBe('9829012345')
    expect(nationalPhone('919829012345')).toBe('9829012345')
    expect(nationalPhone('9198290123')).toBe('9198290123')
    expect(nationalPhone(' 98290 12345 ')).toBe('9829012345')
    for (const bad of ['', '98290', '+1 415 555 0100', '+91 98290-1234', '98290123456', '+', '9829o12345']) {
      expect(nationalPhone(bad), bad).toBeNull()
    }
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
    expect(
      validateShipping({ ...form, postalCode: '226001', email: 'a@b.in', phoneNumber: '+91 98765-43210' }),
    ).toEqual({})
  })
  it('names the first field in error in screen order', () => {
    expect(firstErrorField(validateShipping(emptyShippingForm))).toBe('address')
    expect(firstErrorField({ phoneNumber: 'x', postalCode: 'y' })).toBe('postalCode')
    expect(firstErrorField({})).toBeUndefined()
  })
  it('hashes a payload the same way every time', () => {
    expect(hashText('{"a":1}')).toBe(hashText('{"a":1}'))
    expect(hashText('{"a":1}')).not.toBe(hashText('{"a":2}'))
  })
})
