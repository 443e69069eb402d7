/**
 * Every action the audit log records, with the kind of thing it is recorded on. `writeAudit` takes only
 * these, so a new action must be added here, and the sentences' test then asks for its sentence
 * (server/modules/admin/audit/sentences.ts).
 */

/** The console's simple lists: each records `<entity>.create`, `.update` and `.delete`. */
const listEntities = [
  'category',
  'subcategory',
  'state',
  'slider',
  'banner',
  'coupon',
  'faq',
  'policy',
  'temple',
  'synonym',
  // Provenance (decision 098).
  'artisan',
  'cluster',
  // Sevas a temple offers for booking (decision 102).
  'seva',
] as const
export type ListEntity = (typeof listEntities)[number]
const listVerbs = ['create', 'update', 'delete'] as const
type ListAction = `${ListEntity}.${(typeof listVerbs)[number]}`

const otherActions = {
  upload: 'image',
  'policy.return.update': 'policy',
  'product.create': 'product',
  'product.update': 'product',
  'product.delete': 'product',
  'product.approve': 'product',
  'product.unapprove': 'product',
  'product.archive': 'product',
  'product.unarchive': 'product',
  'product.images.add': 'product',
  'product.images.remove': 'product',
  'product.images.order': 'product',
  'product.bulk-update': 'product',
  'product.bulk-undo': 'product',
  'product.import-create': 'product',
  'product.import-update': 'product',
  'product.provenance': 'product',
  'product.returns': 'product',
  'review.publish': 'review',
  'review.hide': 'review',
  'review.reply': 'review',
  'review.reply.remove': 'review',
  'order.status': 'order',
  'order.tracking-link': 'order',
  'order.shipment': 'order',
  'order.delivery-details': 'order',
  'order.delivery-action': 'order',
  'order.refund': 'order',
  'order.refund.failed': 'order',
  'order.photo': 'order',
  // Return requests (decision 138), recorded on their order.
  'return.approve': 'order',
  'return.reject': 'order',
  'return.receive': 'order',
  'return.refund': 'order',
  'return.refund.failed': 'order',
  // Exchanges (decision 140): the customer paid the difference; staff sent the replacement.
  'return.exchange-paid': 'order',
  'return.replacement': 'order',
  'return.refund-instead': 'order',
  'payment.amount-mismatch': 'order',
  'booking.performed': 'booking',
  'booking.photo': 'booking',
  'booking.video': 'booking',
  'booking.cancel': 'booking',
  'user.disable': 'user',
  'user.enable': 'user',
  'staff.invite': 'user',
  'staff.invite-again': 'user',
  'staff.promote': 'user',
  'staff.accept': 'user',
  'staff.role': 'user',
  'staff.disable': 'user',
  'staff.enable': 'user',
  'admin.create': 'user',
  'admin.promote': 'user',
  'admin.password': 'user',
  'message.status': 'message',
  'message.reply': 'contact_message',
  'settings.invoices': 'settings',
  'settings.delivery': 'settings',
  'settings.shipping': 'settings',
  'settings.returns': 'settings',
  'settings.mail': 'settings',
  'settings.cod': 'settings',
  'cod.phone-block': 'settings',
  'cod.phone-unblock': 'settings',
  'settings.donations': 'settings',
  'settings.limits': 'settings',
  'settings.setup': 'settings',
  'settings.gst': 'settings',
} as const

export type AuditAction = ListAction | keyof typeof otherActions

/** Each action with the entity it is recorded on. */
export const auditActions: ReadonlyArray<{ action: AuditAction; entity: string }> = [
  ...listEntities.flatMap((entity) =>
    listVerbs.map((verb) => ({ action: `${entity}.${verb}` as ListAction, entity })),
  ),
  ...(Object.entries(otherActions) as Array<[keyof typeof otherActions, string]>).map(([action, entity]) => ({
    action,
    entity,
  })),
]
