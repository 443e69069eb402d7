import { formatRupees } from '../../../../contracts/money.ts'
import { type StaffRole, staffRoleLabels } from '../../../../contracts/staff.ts'

/**
 * The audit log in sentences, for staff who are not programmers: who did what to which thing, with names
 * instead of ids and rupees instead of paise ('Meera changed the price of Warli Tarpa Dance Painting from
 * ₹1,650.00 to ₹1,850.00'). Pure: the caller looks up the names (the thing's current one, else the one
 * recorded in the entry).
 */
export type SentenceInput = {
  action: string
  entity: string
  before: unknown
  after: unknown
  /** Who did it: their name (or e-mail); null when the shop itself or the command line did it. */
  actor: string | null
  /** The thing's name now (a product's title, a coupon's code, an order's number), if it still exists. */
  subject?: string | null
}

type Rec = Record<string, unknown>
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {})

/** Paise as the shop writes money in the console: ₹1,650.00. */
const paise = (v: unknown) => (typeof v === 'number' ? formatRupees(v / 100, { paise: 'always' }) : '—')
/** Rupees (refunds and payments record rupees): ₹1,650.00. */
const rupees = (v: unknown) => (typeof v === 'number' ? formatRupees(v, { paise: 'always' }) : '—')

/** What each kind of thing is called in a sentence. */
const entityWords: Record<string, string> = {
  product: 'the product',
  order: 'order',
  user: 'the account of',
  category: 'the category',
  subcategory: 'the subcategory',
  state: 'the state',
  slider: 'the slide',
  banner: 'the banner',
  coupon: 'the coupon',
  faq: 'the question',
  policy: 'the policy section',
  temple: 'the temple',
  synonym: 'the search synonyms for',
  message: 'the message from',
  review: 'the review of',
  contact_message: 'the message from',
  image: 'a picture',
  artisan: 'the artisan',
  cluster: 'the craft cluster',
  seva: 'the seva',
  booking: 'the seva booking',
  settings: 'the settings',
}

/** Field names in words; money fields are in paise, percent fields whole percent. */
const fieldWords: Record<string, string> = {
  title: 'title',
  name: 'name',
  price: 'price',
  cutPrice: 'list price',
  quantity: 'stock',
  discount: 'discount',
  isApproved: 'approval',
  archivedAt: 'archive state',
  categoryId: 'category',
  subcategoryId: 'subcategory',
  stateId: 'state',
  sku: 'SKU',
  shortDescription: 'short description',
  description: 'description',
  youtubeVideoLink: 'video link',
  view360Link: '360° view link',
  position: 'position',
  hsnCode: 'HSN code',
  gstRate: 'GST rate',
  code: 'code',
  status: 'status',
  isPublic: 'visibility',
  endsAt: 'end date',
  usageLimit: 'usage limit',
  perCustomerLimit: 'limit per customer',
  image: 'picture',
  link: 'link',
  question: 'question',
  answer: 'answer',
  content: 'text',
  kind: 'kind',
  slug: 'web name',
  term: 'word',
  expansions: 'synonyms',
  location: 'location',
  notificationEmail: 'notification e-mail',
  lowStockThreshold: 'low-stock threshold',
  codEnabled: 'cash on delivery',
  codMaxTotal: 'largest cash-on-delivery total',
  codFee: 'cash-on-delivery fee',
  // Provenance (decision 098).
  craft: 'craft',
  village: 'village or town',
  district: 'district',
  clusterId: 'cluster',
  story: 'story',
  photos: 'photos',
  videoLink: 'video link',
  makers: 'makers',
  giName: 'GI name',
  giAuthorisedUser: 'GI authorised-user number',
  handloomMark: 'Handloom Mark number',
  silkMark: 'Silk Mark number',
  // Sevas (decision 102).
  templeId: 'temple',
  weekdays: 'days offered',
  dailyLimit: 'daily limit',
  active: 'availability for booking',
  cancelHours: 'hours before the day for a refund',
  policy: 'cancellation policy',
  translations: 'Hindi texts',
  // Temples (decision 099).
  servicesLink: 'services link',
  virtualTourLink: 'Virtual tour link',
  liveAartiLink: 'Live Aarti link',
  orderParshadLink: 'Order Parshad link',
  bookGuideLink: 'Book Guide link',
  // Limits per customer (decision 110).
  maxUnpaidOrders: 'unpaid online orders',
  maxHeldPieces: 'pieces held',
  maxOpenCodOrders: 'open COD orders per account',
  maxOpenCodPerPhone: 'open COD orders per phone',
  codFirstOrder: 'who may pay on delivery first',
  maxUnpaidSevaBookings: 'unpaid seva bookings',
  maxHeldCouponUses: 'coupon uses held',
}

const moneyFields = new Set(['price', 'cutPrice', 'codMaxTotal', 'codFee'])
const percentFields = new Set(['discount', 'gstRate'])
// Changed, but not worth naming: kept by the shop itself.
const quietFields = new Set(['id', '_id', 'createdAt', 'updatedAt', 'searchText', 'soldCount', 'images'])

/** camelCase or snake_case in words, for a field the list above does not know. */
const words = (key: string) =>
  fieldWords[key] ??
  key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()

/** 'price', 'price and stock', 'price, stock and title'. */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields an update changed, in the order the record lists them. */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = rec(before)
  const a = rec(after)
  const changed = Object.keys(a).filter((k) => !quietFields.has(k) && k in b && !same(a[k], b[k]))
  // A product's discount follows from its price and list price: naming it again would say nothing new.
  const priced = changed.includes('price') || changed.includes('cutPrice')
  return priced ? changed.filter((k) => k !== 'discount') : changed
}

/** A value shown in a 'from … to …' sentence, or null when it is too long or not plain. */
function shown(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return 'nothing'
  if (moneyFields.has(field)) return paise(value)
  if (percentFields.has(field) && typeof value === 'number') return `${value}%`
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return new Intl.NumberFormat('en-IN').format(value)
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10)
    if (value.length <= 60 && !value.includes('<') && !/^[0-9a-f]{24}$/.test(value)) return value
  }
  return null
}

/** The recorded name of a thing in the entry, when it no longer exists (or was never looked up). */
export function recordedName(before: unknown, after: unknown): string | null {
  for (const r of [rec(after), rec(before)]) {
    for (const key of [
      'title',
      'name',
      'fullName',
      'code',
      'question',
      'term',
      'orderNumber',
      'bookingNumber',
      'email',
    ]) {
      const v = r[key]
      if (typeof v === 'string' && v.trim()) return v.trim()
    }
  }
  return null
}

const roleName = (role: unknown) =>
  typeof role === 'string' && role in staffRoleLabels ? staffRoleLabels[role as StaffRole].name : 'staff'

const quoted = (entity: string, name: string) => (entity === 'faq' ? `'${name}'` : name)

/** One audit entry as a sentence. */
export function auditSentence(input: SentenceInput): string {
  const { action, entity } = input
  const before = rec(input.before)
  const after = rec(input.after)
  const who = input.actor ?? (action.startsWith('admin.') ? 'The command line' : 'The shop')
  const name = input.subject ?? recordedName(input.before, input.after)
  const kind = entityWords[entity] ?? `the ${words(entity)}`
  // 'the product Warli Tarpa Dance Painting', 'order FS-1024', 'the account of Asha Verma'
  const thing = name
    ? `${kind} ${quoted(entity, name)}`
    : entity === 'order'
      ? 'an order'
      : kind.replace(/ of$| from$| for$/, '')
  const verb = action.split('.').slice(1).join('.')

  switch (action) {
    case 'product.create':
      return `${who} added ${thing}${typeof after.price === 'number' ? ` at ${paise(after.price)}` : ''}`
    case 'product.approve':
      return `${who} approved ${thing}, so customers can see it`
    case 'product.unapprove':
      return `${who} withdrew the approval of ${thing}, so customers no longer see it`
    case 'product.approval':
      return after.isApproved ? `${who} approved ${thing}` : `${who} withdrew the approval of ${thing}`
    case 'product.archive':
      return `${who} archived ${thing}`
    case 'product.unarchive':
      return `${who} brought ${thing} back from the archive`
    case 'product.import-create':
      return `${who} added ${thing}${typeof after.price === 'number' ? ` at ${paise(after.price)}` : ''} from a CSV file`
    case 'product.bulk-update':
    case 'product.bulk-undo':
    case 'product.import-update': {
      const how =
        action === 'product.bulk-update'
          ? 'in a bulk change'
          : action === 'product.bulk-undo'
            ? 'undoing a bulk change'
            : 'from a CSV file'
      const target = name ?? thing
      const fields = changedFields(before, after)
      if (fields.length === 0) return `${who} saved ${target} ${how} without changes`
      const values = fields.map((f) => [f, shown(f, before[f]), shown(f, after[f])] as const)
      if (values.length === 1) {
        const [[field, from, to]] = values
        return from !== null && to !== null
          ? `${who} changed the ${words(field)} of ${target} from ${from} to ${to} ${how}`
          : `${who} changed the ${words(field)} of ${target} ${how}`
      }
      const parts = values.map(([field, from, to]) =>
        from !== null && to !== null ? `the ${words(field)} from ${from} to ${to}` : `the ${words(field)}`,
      )
      return `${who} changed ${target} ${how}: ${listInWords(parts)}`
    }
    case 'product.images.add': {
      const n = Array.isArray(after.images) ? after.images.length : 1
      return `${who} added ${n === 1 ? 'a picture' : `${n} pictures`} to ${thing}`
    }
    case 'product.images.remove':
      return `${who} removed a picture from ${thing}`
    case 'product.images.order':
      return `${who} changed the order of the pictures of ${thing}`
    case 'policy.return.update':
      return `${who} changed the return policy`
    case 'upload': {
      const folder = typeof after.url === 'string' ? after.url.split('/')[2] : undefined
      return `${who} uploaded a picture${folder ? ` for the ${folder}` : ''}`
    }
    case 'order.status': {
      if (after.status === 'Cancelled') {
        const refund = after.paymentStatus === 'Refund pending' ? '; its refund is pending' : ''
        return `${who} cancelled ${thing}${refund}`
      }
      const link =
        after.status === 'Shipped' && typeof after.shippingLink === 'string' ? ' with a tracking link' : ''
      const cash = after.paymentStatus === 'Paid' ? ' (cash collected, so it is paid)' : ''
      return `${who} marked ${thing} as ${String(after.status ?? 'changed')}${link}${cash}`
    }
    case 'order.tracking-link':
      return `${who} changed the tracking link of ${thing}`
    case 'order.shipment':
      return `${who} booked ${thing} with ${typeof after.courier === 'string' ? after.courier : 'the courier'}${typeof after.awb === 'string' ? ` (AWB ${after.awb})` : ''}`
    case 'order.delivery-details':
      return `${who} corrected the delivery details of ${thing} for the courier's next attempt`
    case 'order.delivery-action':
      return after.action === 'return'
        ? `${who} asked the courier to bring back the parcel of ${thing}`
        : `${who} asked the courier for another delivery attempt on ${thing}`
    case 'cod.phone-block':
      return `${who} blocked cash on delivery to the phone ending ${String(after.phoneEnding ?? '')}${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`
    case 'cod.phone-unblock':
      return `${who} offered cash on delivery again to the phone ending ${String(after.phoneEnding ?? '')}`
    case 'order.refund':
      return `${who} refunded ${rupees(after.amount)} on ${thing}`
    case 'return.approve':
      return `${who} approved return ${String(after.number)} of ${thing}: ${after.method === 'pickup' ? 'a courier collects it' : 'the customer sends it back'}`
    case 'return.reject':
      return `${who} did not accept return ${String(after.number)} of ${thing}${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`
    case 'return.receive':
      return `${who} received and inspected return ${String(after.number)} of ${thing}: ${after.resaleable ? 'fit to sell again, back in stock' : 'not fit to sell again'}`
    case 'return.refund':
      return `${who} refunded ${rupees(after.amount)} for return ${String(after.number)} of ${thing}${typeof after.reference === 'string' ? ` (reference ${after.reference})` : ''}`
    case 'return.exchange-paid':
      return `${who} paid ${rupees(after.amount)} for exchange ${String(after.number)} of ${thing}`
    case 'return.refund-instead':
      return `${who} called off the exchange of return ${String(after.number)} of ${thing}, to refund ${rupees(after.amount)} instead${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`
    case 'return.replacement':
      return `${who} sent the replacement for exchange ${String(after.number)} of ${thing}${typeof after.courier === 'string' ? ` with ${after.courier}` : ''}${typeof after.awb === 'string' ? ` (AWB ${after.awb})` : ''}`
    case 'return.refund.failed':
      return `${who} tried to refund return ${String(after.number)} of ${thing}, but the refund failed${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`
    case 'order.photo':
      return `${who} added a photo of the finished ${typeof after.item === 'string' ? after.item : 'piece'} to ${thing}`
    case 'order.refund.failed':
      return `${who} tried to refund ${thing}, but the refund failed${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`
    case 'payment.amount-mismatch':
      return `${who} received a payment of ${rupees(after.amount)} for ${thing}, which expected ${rupees(before.amount)}; it was not accepted`
    case 'user.disable':
      return `${who} disabled ${thing}`
    case 'user.enable':
      return `${who} enabled ${thing} again`
    case 'staff.invite':
      return `${who} invited ${name ?? 'a colleague'} to the console as ${roleName(after.staffRole)}`
    case 'staff.invite-again':
      return `${who} sent ${name ?? 'a colleague'} a new invitation to the console`
    case 'staff.promote':
      return `${who} gave ${name ?? 'a customer'} access to the console as ${roleName(after.staffRole)}`
    case 'staff.accept':
      return `${who} accepted the invitation to the console and joined as ${roleName(after.staffRole)}`
    case 'staff.role':
      return `${who} changed the role of ${name ?? 'a colleague'} from ${roleName(before.staffRole)} to ${roleName(after.staffRole)}`
    case 'staff.disable':
      return `${who} disabled the console account of ${name ?? 'a colleague'}`
    case 'staff.enable':
      return `${who} enabled the console account of ${name ?? 'a colleague'} again`
    case 'admin.create':
      return `${who} created the owner account of ${name ?? 'a colleague'}`
    case 'admin.promote':
      return `${who} made ${name ?? 'an account'} an owner of the console`
    // `admin:create` run again for an existing member of staff: a new password, an account enabled again.
    case 'admin.password': {
      const whom = name ?? 'a colleague'
      if (after.passwordChanged === false) return `${who} enabled the console account of ${whom} again`
      return `${who} set a new password for ${whom}${before.disabledAt ? ' and enabled their account again' : ''}`
    }
    case 'message.status':
      return `${who} marked ${thing} as ${after.status === 'read' ? 'read' : 'new'}`
    case 'message.reply':
      return `${who} replied to ${thing}`
    case 'booking.performed':
      return `${who} marked ${thing} as performed`
    case 'booking.photo':
      return `${who} added a photo to ${thing}`
    case 'booking.video':
      return after.videoUrl
        ? `${who} added a video link to ${thing}`
        : `${who} removed the video link of ${thing}`
    case 'booking.cancel':
      return `${who} cancelled ${thing}${after.refund ? ', refunding its payment' : ''}`
    case 'review.publish':
      return `${who} published ${thing} in the shop`
    case 'review.hide':
      return `${who} hid ${thing}${typeof after.reason === 'string' ? ` because: ${after.reason}` : ''}`
    case 'review.reply':
      return `${who} replied to ${thing}`
    case 'review.reply.remove':
      return `${who} removed the reply to ${thing}`
    case 'product.returns': {
      const target = name ?? 'a product'
      return after.rule
        ? `${who} gave ${target} its own return rule`
        : `${who} put ${target} back under its category's return rule`
    }
    case 'product.provenance': {
      const target = name ?? 'a product'
      const fields = changedFields(before, after)
      if (fields.length === 0) return `${who} saved the makers and marks of ${target} without changes`
      if (fields.length === 1 && fields[0] === 'makers') {
        const makers = Array.isArray(after.makers) ? after.makers.filter((m) => typeof m === 'string') : []
        return makers.length > 0
          ? `${who} named ${listInWords(makers)} as the ${makers.length === 1 ? 'maker' : 'makers'} of ${target}`
          : `${who} removed the makers of ${target}`
      }
      return `${who} changed the ${listInWords(fields.map(words))} of ${target}`
    }
  }

  if (action.startsWith('settings.') || entity === 'settings') {
    const area = words(action.split('.')[1] ?? 'shop')
    const which =
      {
        invoices: 'invoice',
        delivery: 'delivery',
        mail: 'mail',
        cod: 'cash-on-delivery',
        donations: 'donation receipt',
        limits: 'per-customer limit',
        gst: 'GST rate',
        returns: 'return',
      }[area] ?? area
    const fields = changedFields(before, after).map(words)
    return `${who} changed the ${which} settings${fields.length ? ` (${listInWords(fields)})` : ''}`
  }

  // Every list the console edits the same way: <entity>.create / update / delete, products' update too.
  if (verb === 'create') return `${who} added ${thing}`
  if (verb === 'delete') return `${who} deleted ${thing}`
  if (verb === 'update') {
    // A product is named by its title alone ('changed the price of Warli Tarpa Dance Painting').
    const target = entity === 'product' && name ? name : thing
    const fields = changedFields(before, after)
    if (fields.length === 0) return `${who} saved ${target} without changes`
    if (fields.length === 1) {
      const [field] = fields
      const from = shown(field, before[field])
      const to = shown(field, after[field])
      // A renamed thing is named by its old name, the new one being in the sentence.
      const subject =
        field === 'title' || field === 'name' || field === 'code'
          ? `${kind} ${quoted(entity, String(before[field] ?? name))}`
          : target
      if (from !== null && to !== null)
        return `${who} changed the ${words(field)} of ${subject} from ${from} to ${to}`
      return `${who} changed the ${words(field)} of ${subject}`
    }
    return `${who} changed the ${listInWords(fields.map(words))} of ${target}`
  }
  return `${who} made a change (${action}) to ${thing}`
}
