/** The console's screens, in the order the staff see them. */
export const adminNav = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/states', label: 'States' },
  { to: '/admin/sliders', label: 'Sliders' },
  { to: '/admin/banners', label: 'Banners' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/search-synonyms', label: 'Search synonyms' },
  { to: '/admin/faq', label: 'FAQ' },
  { to: '/admin/policies', label: 'Policies' },
  { to: '/admin/temples', label: 'Temples' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/outbox', label: 'Outbox' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/audit', label: 'Audit log' },
] as const

export const adminTexts = {
  forbidden: 'This part of the site is for the shop’s staff. Your account is a customer account.',
  signInAgain: 'Please sign in with your staff account to open the shop console.',
} as const
