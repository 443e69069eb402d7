/**
 * Staff roles and the parts of the console each may open (docs/decisions/091). One table read by the
 * API (every console operation names its area) and by the console (its menu and screens).
 */

export const staffRoles = ['owner', 'manager', 'orders', 'catalogue'] as const
export type StaffRole = (typeof staffRoles)[number]

export const staffAreas = [
  /** The dashboard: what to do today, sales. */
  'dashboard',
  /** Orders, customers, messages, the e-mail outbox. */
  'orders',
  /** Products, categories, states, search words. */
  'catalogue',
  /** Slides, banners, coupons, FAQ, policies, temples. */
  'content',
  /** Shop settings: payments on delivery, delivery zones, invoices, notifications. */
  'settings',
  /** The history of changes. */
  'audit',
  /** Staff accounts and their roles. */
  'staff',
] as const
export type StaffArea = (typeof staffAreas)[number]

const areasOf: Record<StaffRole, readonly StaffArea[]> = {
  owner: staffAreas,
  manager: staffAreas.filter((a) => a !== 'staff'),
  orders: ['dashboard', 'orders'],
  catalogue: ['dashboard', 'catalogue', 'content'],
}

export function mayOpen(role: StaffRole | null | undefined, area: StaffArea): boolean {
  return role ? areasOf[role].includes(area) : false
}

export function areasFor(role: StaffRole): readonly StaffArea[] {
  return areasOf[role]
}

export const staffRoleLabels: Record<StaffRole, { name: string; description: string }> = {
  owner: { name: 'Owner', description: 'Everything, including staff accounts and their roles.' },
  manager: { name: 'Manager', description: 'Everything except staff accounts.' },
  orders: { name: 'Orders', description: 'Orders, customers, messages and the e-mails sent to them.' },
  catalogue: {
    name: 'Catalogue',
    description: 'Products, categories, states, and the shop’s pages and offers.',
  },
}

/** Who a request comes from once their sign-in is checked: customers have no staff role. */
export type SignedIn = { id: string; role: 'customer' | 'admin'; staffRole: StaffRole | null }
