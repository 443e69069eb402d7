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
  /** Products, their reviews, categories, states, search words. */
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
    description: 'Products and their reviews, categories, states, and the shop’s pages and offers.',
  },
}

/** Who a request comes from once their sign-in is checked: customers have no staff role. */
export type SignedIn = { id: string; role: 'customer' | 'admin'; staffRole: StaffRole | null }

/** How long an invitation's link works (a password reset link works 30 minutes). */
export const invitationDays = 7

/** The staff screen's answers and refusals (docs/decisions/091); the API and the console both show them. */
export const staffAnswers = {
  invited: (email: string) => `Invitation sent to ${email}. The link in it works for ${invitationDays} days.`,
  invitedCustomer: (email: string) =>
    `${email} already has a customer account. We sent an invitation: it becomes a staff account when they follow its link and choose a new password (within ${invitationDays} days).`,
  invitedAgain: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
  roleChanged: (name: string, role: StaffRole) => `${name} is now ${staffRoleLabels[role].name}.`,
  disabled: (name: string) => `${name} is disabled: they are signed out everywhere and cannot sign in.`,
  enabled: (name: string) => `${name} can sign in again.`,
  alreadyStaff: (email: string) => `${email} is already on the staff. Change their role on the list instead.`,
  customerDisabled:
    'The customer account of this e-mail is disabled. Enable it on the Customers screen first, then invite it again.',
  notStaff: 'No such colleague on the staff.',
  yourOwnRole: 'You cannot change your own role: another owner can do it for you.',
  yourOwnAccount: 'You cannot disable your own account.',
  lastOwner: 'The shop needs at least one owner who can sign in. Make another colleague an owner first.',
  seniorOwner: (name: string) =>
    `${name} has been an owner longer than you, so you cannot change their role or disable them.`,
  hasPassword: (name: string) =>
    `${name} has chosen a password already: they sign in with it, or use 'Forgot password' on the sign-in page.`,
  disabledNoInvite: (name: string) => `${name} is disabled: enable them before sending the invitation again.`,
} as const
