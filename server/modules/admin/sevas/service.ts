import type { z } from 'zod'
import type {
  AdminBooking,
  AdminSevaRow,
  BookingListQuery,
  sevaInputSchema,
} from '../../../../contracts/admin-sevas.ts'
import { indianToday } from '../../../../contracts/seva-text.ts'
import type { Db } from '../../../db/client.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { AccountsService } from '../../accounts/service.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { ContentService } from '../../content/service.ts'
import type { BookingFilter, BookingRow, SevasService, SevaValues } from '../../sevas/service.ts'
import { type Actor, mustId, page, pageWindow, paise, rupees } from '../kit.ts'

type SevaInput = z.output<typeof sevaInputSchema>

type SevaStored = NonNullable<Awaited<ReturnType<ReturnType<SevasService['store']>['seva']>>>

const toRow = (s: SevaStored, templeName: string, upcoming: number): AdminSevaRow => ({
  id: s.id,
  templeId: s.templeId,
  templeName,
  name: s.name,
  description: s.description,
  nameHi: s.translations.hi?.name ?? '',
  descriptionHi: s.translations.hi?.description ?? '',
  price: rupees(s.price),
  weekdays: s.weekdays,
  dailyLimit: s.dailyLimit,
  active: s.active,
  cancelHours: s.cancelHours,
  policy: s.policy,
  position: s.position,
  upcoming,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
})

const values = (i: SevaInput): SevaValues => ({
  templeId: i.templeId,
  name: i.name,
  description: i.description,
  price: paise(i.price),
  weekdays: i.weekdays,
  dailyLimit: i.dailyLimit,
  active: i.active,
  cancelHours: i.cancelHours,
  policy: i.policy,
  translations:
    i.nameHi || i.descriptionHi
      ? { hi: { name: i.nameHi || undefined, description: i.descriptionHi || undefined } }
      : {},
  position: i.position ?? 0,
})

/** What the audit log keeps of a seva: its fields as staff read them. */
const auditView = (s: SevaStored) => ({
  name: s.name,
  templeId: s.templeId,
  price: s.price,
  weekdays: s.weekdays,
  dailyLimit: s.dailyLimit,
  active: s.active,
  cancelHours: s.cancelHours,
  policy: s.policy,
  translations: s.translations,
  position: s.position,
})

type Listed = { booking: BookingRow; templeName: string; customerName: string; customerEmail: string }

const toAdminBooking = ({ booking: b, templeName, customerName, customerEmail }: Listed): AdminBooking => ({
  _id: b.id,
  bookingNumber: b.bookingNumber,
  sevaId: b.sevaId,
  sevaName: b.sevaName,
  templeName,
  date: b.day,
  devoteeName: b.devoteeName,
  gotra: b.gotra,
  nakshatra: b.nakshatra,
  note: b.note,
  customerName,
  customerEmail,
  amount: rupees(b.amount),
  status: b.status as AdminBooking['status'],
  paymentStatus: b.paymentStatus as AdminBooking['paymentStatus'],
  performedAt: b.performedAt?.toISOString() ?? null,
  photo: b.photo ? `${b.photo}-800.webp` : null,
  videoUrl: b.videoUrl,
  createdAt: b.createdAt.toISOString(),
})

/**
 * Sevas in the console (the content part, beside the temples) and their bookings (the orders part),
 * decision 102. The sevas module keeps the bookings' rules; this keeps the sevas and the lists.
 */
export function createAdminSevasService(deps: {
  db: Db
  /** The temple pages list the sevas: every change drops the cached pages. */
  cache: CatalogueCache
  sevas: Pick<
    SevasService,
    'markPerformed' | 'addPhoto' | 'setVideo' | 'cancelByStaff' | 'store' | 'templesOf'
  >
  /** The temples sevas belong to. */
  content: Pick<ContentService, 'templeNames'>
  /** The devotees' accounts: their names, and a search by them. */
  accounts: Pick<AccountsService, 'people' | 'idsMatching'>
}) {
  const { sevas, content, accounts } = deps
  const repo = sevas.store()

  /** Every seva with its temple's name, in the temples' order, then the staff's order within a temple. */
  async function listed() {
    const [rows, temples] = await Promise.all([repo.list(indianToday()), content.templeNames()])
    const rank = new Map(temples.map((t, i) => [t.id, { i, name: t.name }]))
    return rows
      .filter((r) => rank.has(r.seva.templeId))
      .sort((a, b) => rank.get(a.seva.templeId)!.i - rank.get(b.seva.templeId)!.i)
      .map((r) => ({ ...r, templeName: rank.get(r.seva.templeId)!.name }))
  }

  async function one(id: string): Promise<AdminSevaRow> {
    const row = (await listed()).find((r) => r.seva.id === id)
    if (!row) throw new NotFoundError('No such seva.')
    return toRow(row.seva, row.templeName, row.upcoming)
  }

  async function checkTemple(templeId: string) {
    if ((await content.templeNames({ ids: [templeId] })).length === 0)
      throw new ValidationError('Choose the temple from the list.', {
        templeId: 'Choose the temple from the list.',
      })
  }

  /** A page of bookings with their temples' and customers' names; a search finds them by customer too. */
  async function bookingPage(f: BookingFilter & { offset: number; limit: number }) {
    const { rows, total } = await repo.bookingPage(f, (pattern) => accounts.idsMatching(pattern))
    const [temples, people] = await Promise.all([
      sevas.templesOf(rows.map((b) => b.sevaId)),
      accounts.people(rows.map((b) => b.userId)),
    ])
    const listed = rows.flatMap((b) => {
      const temple = temples.get(b.sevaId)
      const person = people.get(b.userId)
      if (!temple || !person) return []
      return [
        {
          booking: b,
          templeName: temple.templeName,
          customerName: person.fullName,
          customerEmail: person.email ?? '',
        },
      ]
    })
    return { rows: listed, total }
  }

  async function booking(id: string): Promise<AdminBooking> {
    const { rows } = await bookingPage({ id, offset: 0, limit: 1 })
    if (!rows[0]) throw new NotFoundError('No such booking.')
    return toAdminBooking(rows[0])
  }

  return {
    async list(): Promise<AdminSevaRow[]> {
      return (await listed()).map((r) => toRow(r.seva, r.templeName, r.upcoming))
    },

    async create(actor: Actor, input: SevaInput): Promise<AdminSevaRow> {
      await checkTemple(input.templeId)
      const row = await deps.db.transaction(async (tx) => {
        const created = await sevas.store(tx).insert(values(input))
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'seva.create',
          entity: 'seva',
          entityId: created.id,
          before: null,
          after: auditView(created),
        })
        return created
      })
      deps.cache.invalidate()
      return one(row.id)
    },

    async update(actor: Actor, id: string, input: SevaInput): Promise<AdminSevaRow> {
      mustId(id, 'seva')
      await checkTemple(input.templeId)
      await deps.db.transaction(async (tx) => {
        const r = sevas.store(tx)
        const before = await r.seva(id)
        if (!before) throw new NotFoundError('No such seva.')
        const after = await r.update(id, values(input))
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'seva.update',
          entity: 'seva',
          entityId: id,
          before: auditView(before),
          after: auditView(after),
        })
      })
      deps.cache.invalidate()
      return one(id)
    },

    /** A seva no booking ever held is deleted; one with bookings is kept for them (set it inactive instead). */
    async remove(actor: Actor, id: string): Promise<void> {
      mustId(id, 'seva')
      await deps.db.transaction(async (tx) => {
        const r = sevas.store(tx)
        const before = await r.seva(id)
        if (!before) throw new NotFoundError('No such seva.')
        const n = await r.bookingCount(id)
        if (n > 0)
          throw new ConflictError(
            `This seva has ${n === 1 ? '1 booking' : `${n} bookings`}, so it is kept for them. Untick 'Open for booking' to stop new bookings instead.`,
          )
        await r.remove(id)
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'seva.delete',
          entity: 'seva',
          entityId: id,
          before: auditView(before),
          after: null,
        })
      })
      deps.cache.invalidate()
    },

    bookings: {
      async list(q: BookingListQuery) {
        const { rows, total } = await bookingPage({ ...q, ...pageWindow(q) })
        return page(rows.map(toAdminBooking), total, q)
      },
      get: (id: string) => {
        mustId(id, 'booking')
        return booking(id)
      },
      async performed(actor: Actor, id: string) {
        mustId(id, 'booking')
        await deps.sevas.markPerformed(actor.id, id)
        return booking(id)
      },
      async photo(actor: Actor, id: string, file: Buffer) {
        mustId(id, 'booking')
        await deps.sevas.addPhoto(actor.id, id, file)
        return booking(id)
      },
      async video(actor: Actor, id: string, videoUrl: string | null) {
        mustId(id, 'booking')
        await deps.sevas.setVideo(actor.id, id, videoUrl)
        return booking(id)
      },
      async cancel(actor: Actor, id: string) {
        mustId(id, 'booking')
        await deps.sevas.cancelByStaff(actor.id, id)
        return booking(id)
      },
    },
  }
}
export type AdminSevasService = ReturnType<typeof createAdminSevasService>
