import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { bookingStaffText } from '../../../contracts/admin-sevas.ts'
import { defaultHoldLimits, type HoldLimits, holdMessages } from '../../../contracts/hold-limits.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import {
  defaultLanguage,
  isLanguage,
  type Language,
  locales,
  translated,
} from '../../../contracts/languages.ts'
import {
  addDays,
  type BookingStatus,
  bookingWindow,
  defaultPolicy,
  indianToday,
  refundDeadline,
  sevaText,
  startOfIndianDay,
  weekdayOf,
} from '../../../contracts/seva-text.ts'
import type { Booking, BookingInput, PublicSeva, SevaDay, SevaWithDays } from '../../../contracts/sevas.ts'
import type { Config } from '../../config.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { idPattern } from '../../db/ids.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../http/errors.ts'
import type { FileStore } from '../../lib/file-store.ts'
import { removeImage, storeImage } from '../../lib/images.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AuditAction } from '../audit/actions.ts'
import { writeAudit } from '../audit/repo.ts'
import type { ContentService } from '../content/service.ts'
import type { BookingFacts } from '../mail/messages.ts'
import { mailTextsIn } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import type { OrderUpdatesService } from '../messaging/order-updates.ts'
import type { CaptureEffect, PayableHandler, PayableTerms } from '../payments/payables.ts'
import type { PaymentRow } from '../payments/repo.ts'
import { sevasAuditNames } from './audit-names.ts'
import { createSevaStore } from './console-repo.ts'
import { type BookingRow, createSevasRepo, type SevaRow, type TempleOfSeva } from './repo.ts'

export type { BookingFilter, SevaValues } from './console-repo.ts'
export type { BookingRow }

const photoUrl = (base: string | null) => (base ? `${base}-800.webp` : null)

/** Minutes until a refund the provider refused is tried again: 1, 2, 4 … at most six hours. */
const refundBackoffMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 360)

/** A booking's day written out in a language ("Friday, 12 June 2026"). */
function dayInWords(day: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

/** The cancellation policy in words: staff's own, or the shop's rule with its hours, in the language. */
function policyIn(language: Language, policy: string, cancelHours: number): string {
  return policy.trim() || translatorFor(language).t(defaultPolicy, { hours: cancelHours })
}

/** Whether the devotee may still cancel: unpaid, or paid and the day not yet begun in India. */
function mayCancel(row: BookingRow, now: Date): boolean {
  if (row.status === 'pending') return true
  return row.status === 'confirmed' && now < startOfIndianDay(row.day)
}

function toBooking(row: BookingRow, temple: TempleOfSeva, now = new Date()): Booking {
  return {
    _id: row.id,
    bookingNumber: row.bookingNumber,
    sevaId: row.sevaId,
    sevaName: row.sevaName,
    templeName: temple.templeName,
    templeSlug: temple.templeSlug,
    date: row.day,
    devoteeName: row.devoteeName,
    gotra: row.gotra,
    nakshatra: row.nakshatra,
    note: row.note,
    amount: row.amount,
    status: row.status as BookingStatus,
    paymentStatus: row.paymentStatus as Booking['paymentStatus'],
    cancelHours: row.cancelHours,
    policy: row.policy.trim() || null,
    refundUntil: refundDeadline(row.day, row.cancelHours).toISOString(),
    reservedUntil: row.status === 'pending' ? (row.reservedUntil?.toISOString() ?? null) : null,
    mayCancel: mayCancel(row, now),
    performedAt: row.performedAt?.toISOString() ?? null,
    photo: photoUrl(row.photo),
    videoUrl: row.videoUrl,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Sevas and pooja bookings (decision 102). A booking takes one place of its day in its own transaction (a
 * conditional update of the day's counter), holds it while unpaid for RESERVATION_MINUTES, becomes
 * confirmed when paid and performed when staff say so. A cancellation within the policy is refunded in
 * full through the payments module; a late one is not.
 */
export function createSevasService(deps: {
  db: Db
  config: Pick<Config, 'RESERVATION_MINUTES'>
  files: FileStore
  mail: Pick<MailService, 'send' | 'url'>
  /** WhatsApp, SMS and push to the channels the devotee chose (decision 143). */
  updates?: Pick<OrderUpdatesService, 'notify'>
  log?: FastifyBaseLogger
  /** What one account may hold at once (decision 110); the defaults without it. */
  holds?: { limits(db?: DbOrTx): Promise<HoldLimits> }
  /** Refunds a booking's captured payment through the payments module; null when none was captured. */
  refund?: (bookingId: string) => Promise<{ refundId: string } | null>
  /** The temples sevas belong to: their names and web names. */
  content: Pick<ContentService, 'templeNames'>
  /** Devotees' accounts: locked while a booking of theirs is judged, named in its e-mails. */
  accounts: Pick<AccountsService, 'holdingAccount' | 'person'>
}) {
  const repo = createSevasRepo(deps.db)

  /** The temple of each of these sevas, by seva id; in the caller's transaction when given one. */
  async function templesOf(sevaIds: string[], db: DbOrTx = deps.db): Promise<Map<string, TempleOfSeva>> {
    const templeIds = await createSevasRepo(db).templeIdsOf(sevaIds)
    const temples = new Map(
      (await deps.content.templeNames({ ids: [...new Set(templeIds.values())] }, db)).map((t) => [t.id, t]),
    )
    const found = new Map<string, TempleOfSeva>()
    for (const [sevaId, templeId] of templeIds) {
      const t = temples.get(templeId)
      if (t) found.set(sevaId, { templeName: t.name, templeSlug: t.slug })
    }
    return found
  }

  /** A seva with its temple's names, or null. */
  async function sevaOf(id: string): Promise<(SevaRow & TempleOfSeva) | null> {
    const seva = await repo.seva(id)
    const [temple] = seva ? await deps.content.templeNames({ ids: [seva.templeId] }) : []
    return seva && temple ? { ...seva, templeName: temple.name, templeSlug: temple.slug } : null
  }
  const holdMs = () => deps.config.RESERVATION_MINUTES * 60_000

  function publicSeva(s: SevaRow & TempleOfSeva, language: Language): PublicSeva {
    return {
      _id: s.id,
      templeId: s.templeId,
      templeName: s.templeName,
      templeSlug: s.templeSlug,
      name: translated(s.name, s.translations, 'name', language),
      description: translated(s.description, s.translations, 'description', language),
      price: s.price,
      weekdays: s.weekdays,
      dailyLimit: s.dailyLimit,
      cancelHours: s.cancelHours,
      policy: s.policy.trim() || null,
    }
  }

  async function activeSeva(id: string) {
    const seva = idPattern.test(id) ? await sevaOf(id) : null
    if (!seva?.active) throw new NotFoundError(sevaText.notFound)
    return seva
  }

  async function answer(row: BookingRow, now = new Date()): Promise<Booking> {
    const temple = (await templesOf([row.sevaId])).get(row.sevaId)
    return toBooking(row, temple ?? { templeName: '', templeSlug: '' }, now)
  }

  async function ownRow(userId: string, id: string): Promise<BookingRow> {
    const row = idPattern.test(id) ? await repo.booking(id) : null
    // Another devotee's booking is not theirs to see: answered as missing.
    if (!row || row.userId !== userId) throw new NotFoundError(sevaText.bookingNotFound)
    return row
  }

  const languageOf = (row: BookingRow): Language =>
    isLanguage(row.language) ? row.language : defaultLanguage

  /**
   * The devotee's e-mail about a booking, read inside the transaction that changes it, and (when booked or
   * first performed) its WhatsApp, SMS and push update to the channels they chose (decision 143).
   */
  async function tell(
    tx: DbOrTx,
    row: BookingRow,
    event: 'confirmed' | 'cancelled' | 'performed',
    extra: { refund?: boolean; again?: boolean } = {},
  ) {
    const devotee = await deps.accounts.person(row.userId, tx)
    const language = languageOf(row)
    if (deps.updates && event !== 'cancelled' && !extra.again) {
      const link = deps.mail.url(`/seva-bookings/${row.id}`)
      await deps.updates.notify(tx, {
        userId: row.userId,
        kind: `booking.${event}`,
        template: event === 'confirmed' ? 'seva-confirmed' : 'seva-performed',
        params: [
          devotee?.fullName.split(/\s+/)[0] ?? row.devoteeName,
          row.sevaName,
          dayInWords(row.day, language),
          link,
        ],
        language,
        regarding: `booking:${row.id}`,
        link,
      })
    }
    // An account made with a mobile number alone has no address to e-mail (decision 141).
    if (!devotee?.email) return
    const to = devotee.email
    const temple = (await templesOf([row.sevaId], tx)).get(row.sevaId)
    const facts: BookingFacts = {
      bookingNumber: row.bookingNumber,
      devoteeName: row.devoteeName,
      sevaName: row.sevaName,
      templeName: temple?.templeName ?? '',
      day: dayInWords(row.day, language),
      amount: row.amount,
    }
    const texts = mailTextsIn(language)
    const link = deps.mail.url(`/seva-bookings/${row.id}`)
    const content =
      event === 'confirmed'
        ? texts.bookingConfirmed(facts, link, policyIn(language, row.policy, row.cancelHours))
        : event === 'cancelled'
          ? texts.bookingCancelled(facts, link, extra.refund ?? false)
          : texts.bookingPerformed(facts, link, {
              photo: row.photo ? deps.mail.url(photoUrl(row.photo)!) : null,
              videoUrl: row.videoUrl,
            })
    await deps.mail.send(tx, { kind: `booking.${event}`, to, content })
  }

  /** Leaves the booking without its place (cancelled or expired); the day's counter gets it back. */
  async function release(tx: Tx, row: BookingRow, values: Partial<BookingRow>): Promise<BookingRow> {
    const r = createSevasRepo(tx)
    if (row.placeHeld) await r.freePlace(row.sevaId, row.day)
    return r.updateBooking(row.id, { ...values, placeHeld: false, reservedUntil: null })
  }

  async function audit(
    tx: DbOrTx,
    actorId: string,
    action: AuditAction,
    before: BookingRow,
    after: BookingRow,
    extra: Record<string, unknown> = {},
  ) {
    await writeAudit(tx, {
      actorId,
      action,
      entity: 'booking',
      entityId: after.id,
      before: { status: before.status, bookingNumber: before.bookingNumber },
      after: { status: after.status, bookingNumber: after.bookingNumber, ...extra },
    })
  }

  const service = {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: sevasAuditNames(deps.db),
    /**
     * The console's sevas and its list of bookings (decision 102), in the caller's transaction when given
     * one; the console audits each change to a seva. Bookings change only through this service's rules.
     */
    store(db: DbOrTx = deps.db) {
      return createSevaStore(db)
    },

    /** The temple of each of these sevas (its name and web name), by seva id. */
    templesOf,

    /** How many sevas (up to 1000) a temple has: the console refuses to delete a temple that has any. */
    sevasOfTemple(templeId: string, db: DbOrTx = deps.db): Promise<number> {
      return createSevasRepo(db).ofTemple(templeId)
    },

    /** A temple's sevas open for booking (by its web name or id), in the page's language. */
    async ofTemple(temple: string, language: Language): Promise<PublicSeva[]> {
      const temples = await deps.content.templeNames({ slugOrId: temple })
      const rows = await repo.activeOfTemples(temples.map((t) => t.id))
      const byId = new Map(temples.map((t) => [t.id, t]))
      return rows.map((s) =>
        publicSeva(
          { ...s, templeName: byId.get(s.templeId)!.name, templeSlug: byId.get(s.templeId)!.slug },
          language,
        ),
      )
    },

    /** One seva with every day it is offered from tomorrow up to 90 days ahead and the places left. */
    async withDays(id: string, language: Language, now = new Date()): Promise<SevaWithDays> {
      const seva = await activeSeva(id)
      const { first, last } = bookingWindow(now)
      const taken = await repo.takenBetween(seva.id, first, last)
      const days: SevaDay[] = []
      for (let d = first; d <= last; d = addDays(d, 1)) {
        if (!seva.weekdays.includes(weekdayOf(d))) continue
        days.push({ date: d, left: Math.max(0, seva.dailyLimit - (taken.get(d) ?? 0)) })
      }
      return { ...publicSeva(seva, language), days }
    },

    /**
     * Books a seva for a day: the day must be offered and within the window, the policy accepted, and a
     * place left (409 when the day is full, however many book it at once). The place is held while the
     * booking awaits payment; one devotee may hold only so many unpaid bookings at once (409, decision 110).
     */
    async book(userId: string, input: BookingInput, language: Language, now = new Date()): Promise<Booking> {
      if (input.acceptPolicy !== true) throw new UnprocessableError(sevaText.policyNotAccepted)
      const seva = await activeSeva(input.sevaId)
      const { first, last } = bookingWindow(now)
      const day = input.date
      const real = new Date(`${day}T00:00:00Z`)
      if (Number.isNaN(real.getTime()) || !real.toISOString().startsWith(day) || day < first || day > last)
        throw new UnprocessableError(sevaText.dayOutOfRange)
      if (!seva.weekdays.includes(weekdayOf(day))) throw new UnprocessableError(sevaText.dayNotOffered)
      const row = await deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        // Under the devotee's lock, so two bookings of theirs at once cannot both slip under the limit.
        await deps.accounts.holdingAccount(userId, { lock: true }, tx)
        const { maxUnpaidSevaBookings } = (await deps.holds?.limits(tx)) ?? defaultHoldLimits
        const unpaid = await r.unpaidOf(userId, now)
        if (unpaid >= maxUnpaidSevaBookings)
          throw new ConflictError(translatorFor(language).t(holdMessages.unpaidBookings, { count: unpaid }))
        if (!(await r.takePlace(seva.id, day))) throw new ConflictError(sevaText.dayFull)
        return r.insertBooking({
          bookingNumber: await r.nextBookingNumber(Number(indianToday(now).slice(0, 4))),
          userId,
          sevaId: seva.id,
          day,
          sevaName: translated(seva.name, seva.translations, 'name', language),
          amount: seva.price,
          devoteeName: input.devoteeName.trim(),
          gotra: input.gotra?.trim() || null,
          nakshatra: input.nakshatra || null,
          note: input.note?.trim() || null,
          status: 'pending',
          paymentStatus: 'pending',
          cancelHours: seva.cancelHours,
          policy: seva.policy,
          policyAcceptedAt: now,
          placeHeld: true,
          reservedUntil: new Date(now.getTime() + holdMs()),
          language,
        })
      })
      return answer(row, now)
    },

    /** The devotee's bookings, latest day first; an unpaid one past its hold reads as expired at once. */
    async mine(userId: string, now = new Date()): Promise<Booking[]> {
      await service.expireLapsed(now, userId)
      const rows = await repo.ofUser(userId)
      const temples = await templesOf(rows.map((r) => r.sevaId))
      return rows.map((r) => toBooking(r, temples.get(r.sevaId) ?? { templeName: '', templeSlug: '' }, now))
    },

    async mineOne(userId: string, id: string, now = new Date()): Promise<Booking> {
      const row = await ownRow(userId, id)
      if (row.status === 'pending' && row.reservedUntil && row.reservedUntil < now) {
        await service.expireLapsed(now, userId)
        return answer(await ownRow(userId, id), now)
      }
      return answer(row, now)
    },

    /** The devotee cancels: unpaid, or paid before the day; refunded in full within the policy's hours. */
    async cancelByDevotee(
      userId: string,
      id: string,
      now = new Date(),
    ): Promise<{ booking: Booking; message: string }> {
      await ownRow(userId, id)
      const outcome = await deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        const row = (await r.booking(id, true))!
        if (row.status === 'confirmed' && !mayCancel(row, now))
          throw new UnprocessableError(sevaText.dayPassed)
        if (!mayCancel(row, now)) throw new UnprocessableError(sevaText.notCancellable)
        const paid = row.paymentStatus === 'paid'
        const refund = paid && now <= refundDeadline(row.day, row.cancelHours)
        const after = await release(tx, row, {
          status: 'cancelled',
          cancelledAt: now,
          paymentStatus: refund ? 'refund_pending' : paid ? 'paid' : 'not_paid',
        })
        if (paid) await tell(tx, after, 'cancelled', { refund })
        const message = !paid
          ? sevaText.cancelled
          : refund
            ? sevaText.cancelledRefund
            : sevaText.cancelledNoRefund
        return { after, refund, message }
      })
      const after = outcome.refund ? await service.refundNow(id, now) : outcome.after
      return { booking: await answer(after, now), message: outcome.message }
    },

    /** Staff cancel a booking (the temple cannot perform it): a paid one is refunded in full. */
    async cancelByStaff(actorId: string, id: string, now = new Date()): Promise<BookingRow> {
      const outcome = await deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        const row = idPattern.test(id) ? await r.booking(id, true) : null
        if (!row) throw new NotFoundError(sevaText.bookingNotFound)
        if (row.status !== 'pending' && row.status !== 'confirmed')
          throw new UnprocessableError('Only a booking awaiting payment or confirmed can be cancelled.')
        const paid = row.paymentStatus === 'paid'
        const after = await release(tx, row, {
          status: 'cancelled',
          cancelledAt: now,
          paymentStatus: paid ? 'refund_pending' : 'not_paid',
        })
        await audit(tx, actorId, 'booking.cancel', row, after, { refund: paid })
        if (paid) await tell(tx, after, 'cancelled', { refund: true })
        return { after, paid }
      })
      return outcome.paid ? service.refundNow(id, now) : outcome.after
    },

    /**
     * Refunds a booking whose refund is due, through the payments module; a refusal is kept as
     * 'refund_pending' and tried again with back-off by the sweeper.
     */
    async refundNow(id: string, now = new Date()): Promise<BookingRow> {
      const row = (await repo.booking(id))!
      if (row.paymentStatus !== 'refund_pending') return row
      try {
        const done = deps.refund ? await deps.refund(id) : null
        if (!done) throw new Error('no captured payment to refund')
        return repo.updateBooking(id, { paymentStatus: 'refunded', refundRetryAt: null })
      } catch (err) {
        const attempts = row.refundAttempts + 1
        deps.log?.warn({ bookingId: id, attempts, reason: (err as Error).message }, 'booking refund not made')
        return repo.updateBooking(id, {
          refundAttempts: attempts,
          refundRetryAt: new Date(now.getTime() + refundBackoffMinutes(attempts) * 60_000),
        })
      }
    },

    /**
     * The booking as a payable of the payments module (decision 100): its terms while it awaits payment
     * within its hold (404 for another devotee's, 409 once it cannot be paid), a capture confirms it, a
     * decline changes nothing (the place stays held until the hold lapses, so the devotee may try again).
     */
    payableHandler: {
      async termsFor(userId: string, payableId: string): Promise<PayableTerms> {
        const now = new Date()
        const row = await ownRow(userId, payableId)
        if (row.status !== 'pending' || (row.reservedUntil && row.reservedUntil < now))
          throw new ConflictError(sevaText.notPayable)
        return {
          amount: row.amount,
          currency: 'INR',
          number: row.bookingNumber,
          receipt: row.bookingNumber,
          notes: { bookingId: row.id },
        }
      },
      async onCaptured(tx: Tx, payment: PaymentRow): Promise<CaptureEffect> {
        const id = payment.payableId ?? ''
        const outcome = await service.recordPayment(tx, id)
        return {
          changed: outcome !== 'unchanged',
          after: outcome === 'refund' ? () => service.afterPayment(id, outcome) : undefined,
        }
      },
      async onFailed() {},
    } satisfies PayableHandler,

    /**
     * Money received for a booking (the payments module calls it inside its capture's transaction): an
     * awaiting booking is confirmed and the devotee e-mailed. A payment that arrives after the hold lapsed
     * takes a place again if one is left; otherwise, or for a cancelled booking, it is marked for a refund
     * ('refund' is returned).
     */
    async recordPayment(tx: Tx, id: string, now = new Date()): Promise<'confirmed' | 'unchanged' | 'refund'> {
      const r = createSevasRepo(tx)
      const row = await r.booking(id, true)
      if (!row || row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') return 'unchanged'
      if (row.paymentStatus === 'refund_pending') return 'unchanged'
      let placeHeld = row.placeHeld
      // Expired unpaid: the place is taken again if one is left. Cancelled by the devotee or staff: the
      // money goes back, whatever the day's places.
      if (!placeHeld && row.status === 'expired') placeHeld = await r.takePlace(row.sevaId, row.day)
      if (!placeHeld) {
        const after = await r.updateBooking(row.id, {
          status: 'cancelled',
          paymentStatus: 'refund_pending',
          cancelledAt: now,
        })
        await tell(tx, after, 'cancelled', { refund: true })
        return 'refund'
      }
      const after = await r.updateBooking(row.id, {
        status: 'confirmed',
        paymentStatus: 'paid',
        placeHeld: true,
        reservedUntil: null,
        cancelledAt: null,
      })
      await tell(tx, after, 'confirmed')
      return 'confirmed'
    },

    /** After the capture's transaction: a refund due goes out. */
    async afterPayment(id: string, outcome: 'confirmed' | 'unchanged' | 'refund') {
      if (outcome === 'refund') await service.refundNow(id)
    },

    /** Unpaid bookings past their hold expire and their places go back to their days. */
    async expireLapsed(now = new Date(), userId?: string): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const rows = await createSevasRepo(tx).lapsed(now, 100, userId)
        for (const row of rows) await release(tx, row, { status: 'expired', paymentStatus: 'not_paid' })
        return rows.length
      })
    },

    async retryRefunds(now = new Date()): Promise<number> {
      let done = 0
      for (const { id } of await repo.refundsDue(now, 20)) {
        if ((await service.refundNow(id, now)).paymentStatus === 'refunded') done++
      }
      return done
    },

    /** The background work: lapsed holds, then refunds due. */
    async sweep(now = new Date()) {
      const bookingsExpired = await service.expireLapsed(now)
      const bookingsRefunded = await service.retryRefunds(now)
      return { bookingsExpired, bookingsRefunded }
    },

    /** Staff: the seva was performed; the devotee is e-mailed with any photo or video already added. */
    async markPerformed(actorId: string, id: string, now = new Date()): Promise<BookingRow> {
      return deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        const row = idPattern.test(id) ? await r.booking(id, true) : null
        if (!row) throw new NotFoundError(sevaText.bookingNotFound)
        if (row.status === 'performed') return row
        if (row.status !== 'confirmed')
          throw new UnprocessableError('Only a confirmed (paid) booking can be marked performed.')
        if (now < startOfIndianDay(row.day))
          throw new UnprocessableError(bookingStaffText.notYetDay(dayInWords(row.day, 'en')))
        const after = await r.updateBooking(row.id, { status: 'performed', performedAt: now })
        await audit(tx, actorId, 'booking.performed', row, after)
        await tell(tx, after, 'performed')
        return after
      })
    },

    /** Staff: a photo of the seva (re-encoded like every upload); a performed booking's devotee is e-mailed. */
    async addPhoto(actorId: string, id: string, file: Buffer): Promise<BookingRow> {
      const row = idPattern.test(id) ? await repo.booking(id) : null
      if (!row) throw new NotFoundError(sevaText.bookingNotFound)
      if (row.status !== 'confirmed' && row.status !== 'performed')
        throw new UnprocessableError('Add a photo or video to a confirmed or performed booking only.')
      // An unguessable name: the photo is meant for its devotee's page and e-mail only.
      const name = `${row.id}-${randomBytes(12).toString('hex')}`
      const stored = await storeImage(file, { files: deps.files, folder: 'sevas', name })
      const after = await deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        const current = (await r.booking(id, true))!
        const updated = await r.updateBooking(id, { photo: stored.url })
        await audit(tx, actorId, 'booking.photo', current, updated)
        if (updated.status === 'performed') await tell(tx, updated, 'performed', { again: true })
        return updated
      })
      if (row.photo) await removeImage(deps.files, row.photo).catch(() => {})
      return after
    },

    /** Staff: a link to a video of the seva (null removes it); a performed booking's devotee is e-mailed. */
    async setVideo(actorId: string, id: string, videoUrl: string | null): Promise<BookingRow> {
      return deps.db.transaction(async (tx) => {
        const r = createSevasRepo(tx)
        const row = idPattern.test(id) ? await r.booking(id, true) : null
        if (!row) throw new NotFoundError(sevaText.bookingNotFound)
        if (row.status !== 'confirmed' && row.status !== 'performed')
          throw new UnprocessableError('Add a photo or video to a confirmed or performed booking only.')
        if (row.videoUrl === videoUrl) return row
        const after = await r.updateBooking(id, { videoUrl })
        await audit(tx, actorId, 'booking.video', row, after, { videoUrl })
        if (after.status === 'performed' && videoUrl) await tell(tx, after, 'performed', { again: true })
        return after
      })
    },
  }
  return service
}
export type SevasService = ReturnType<typeof createSevasService>
