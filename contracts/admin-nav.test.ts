import { describe, expect, it } from 'vitest'
import { areaOfPath, navFor } from './admin-nav.ts'

describe('the console screens of each role', () => {
  it('finds the part of the console of an address, and of the data request a click in the console makes', () => {
    expect(areaOfPath('/admin')).toBe('dashboard')
    expect(areaOfPath('/admin.data')).toBe('dashboard')
    expect(areaOfPath('/admin/orders')).toBe('orders')
    expect(areaOfPath('/admin/orders.data')).toBe('orders')
    expect(areaOfPath('/admin/orders/0123456789abcdef01234567.data')).toBe('orders')
    expect(areaOfPath('/admin/products/new')).toBe('catalogue')
    expect(areaOfPath('/admin/staff/')).toBe('staff')
    expect(areaOfPath('/admin/nothing-here')).toBeNull()
  })

  it('shows Orders staff no Products and no Staff in the menu, and owners both', () => {
    const orders = navFor('orders').map((n) => n.label)
    expect(orders).toContain('Orders')
    expect(orders).not.toContain('Products')
    expect(orders).not.toContain('Staff')
    expect(navFor('owner').map((n) => n.label)).toEqual(expect.arrayContaining(['Products', 'Staff']))
    expect(navFor('manager').map((n) => n.label)).not.toContain('Staff')
  })
})
