import { mayOpen, type StaffArea, type StaffRole } from './staff.ts'

/** The console's screens, in the order the staff see them, with the part of the console each belongs to. */
export const adminNav: ReadonlyArray<{ to: string; label: string; area: StaffArea; end?: true }> = [
  { to: '/admin', label: 'Overview', area: 'dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', area: 'orders' },
  { to: '/admin/returns', label: 'Returns', area: 'orders' },
  { to: '/admin/remittances', label: 'COD remittances', area: 'orders' },
  { to: '/admin/gst-returns', label: 'GST returns', area: 'orders' },
  { to: '/admin/donations', label: 'Donations', area: 'orders' },
  { to: '/admin/bookings', label: 'Seva bookings', area: 'orders' },
  { to: '/admin/products', label: 'Products', area: 'catalogue' },
  { to: '/admin/reviews', label: 'Reviews', area: 'catalogue' },
  { to: '/admin/artisans', label: 'Artisans', area: 'catalogue' },
  { to: '/admin/clusters', label: 'Craft clusters', area: 'catalogue' },
  { to: '/admin/categories', label: 'Categories', area: 'content' },
  { to: '/admin/states', label: 'States', area: 'content' },
  { to: '/admin/sliders', label: 'Sliders', area: 'content' },
  { to: '/admin/banners', label: 'Banners', area: 'content' },
  { to: '/admin/coupons', label: 'Coupons', area: 'content' },
  { to: '/admin/search-synonyms', label: 'Search synonyms', area: 'content' },
  { to: '/admin/faq', label: 'FAQ', area: 'content' },
  { to: '/admin/policies', label: 'Policies', area: 'content' },
  { to: '/admin/temples', label: 'Temples', area: 'content' },
  { to: '/admin/sevas', label: 'Sevas', area: 'content' },
  { to: '/admin/customers', label: 'Customers', area: 'orders' },
  { to: '/admin/messages', label: 'Messages', area: 'orders' },
  { to: '/admin/outbox', label: 'Outbox', area: 'orders' },
  { to: '/admin/staff', label: 'Staff', area: 'staff' },
  { to: '/admin/settings', label: 'Settings', area: 'settings' },
  { to: '/admin/audit', label: 'Audit log', area: 'audit' },
]

/** The screens a role may open. */
export const navFor = (role: StaffRole | null) => adminNav.filter((item) => mayOpen(role, item.area))

/** The area of a console address (or of its data request): its screen's, found by the longest matching start. */
export function areaOfPath(pathname: string): StaffArea | null {
  // A screen's data fetched on a click in the console (/admin/orders.data) is that screen's.
  const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/'
  let best: (typeof adminNav)[number] | null = null
  for (const item of adminNav) {
    const match = path === item.to || (item.to !== '/admin' && path.startsWith(`${item.to}/`))
    if (match && (!best || item.to.length > best.to.length)) best = item
  }
  return best?.area ?? (path === '/admin' ? 'dashboard' : null)
}
