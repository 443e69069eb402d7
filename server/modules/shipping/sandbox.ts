import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm'
import PDFDocument from 'pdfkit'
import { z } from 'zod'
import { formatPaise } from '../../../contracts/money.ts'
import {
  finalTrackingStatuses,
  type ShipmentEvent,
  type TrackingStatus,
  trackingStatusLabels,
} from '../../../contracts/shipments.ts'
import type { Db } from '../../db/client.ts'
import { UnauthorizedError, ValidationError } from '../../http/errors.ts'
import { pdfFonts, pdfMargin, startPdf } from '../../lib/pdf.ts'
import {
  type ParcelBooking,
  type ProviderShipment,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingNotice,
} from './provider.ts'
import { sandboxParcels } from './tables.ts'

/** The header the sandbox's callbacks carry, like Shiprocket's. */
const tokenHeader = 'x-api-key'
export const sandboxCourierName = 'Sandbox Express'

/**
 * The scans a parcel passes when the sandbox's clock moves it (`stepMinutes` apart after booking); a
 * failed attempt or a return to origin comes only from the console's button.
 */
const timetable: TrackingStatus[] = ['Picked up', 'In transit', 'Out for delivery', 'Delivered']

/** The sandbox's callback token: derived from the sandbox's stored webhook secret, so nothing new is kept. */
export const sandboxCourierToken = (webhookSecret: string) =>
  createHmac('sha256', webhookSecret).update('sandbox courier').digest('hex')

/** What the console's sandbox buttons do: a courier scan, and the remittance of cash collected. */
export interface SandboxCourier {
  /** Adds a scan to the parcel (now) and answers the callback a courier would send for it. */
  scan(
    awb: string,
    status: TrackingStatus,
    location?: string,
  ): Promise<{ body: string; headers: Record<string, string> }>
  /** Remits every delivered cash-on-delivery parcel not remitted yet, as one remittance; its reference. */
  remit(): Promise<{ reference: string; parcels: number } | null>
}

const istDate = (at: Date) => new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10)
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('')

type ParcelRow = typeof sandboxParcels.$inferSelect

/** One 100 × 150 mm label per parcel, as a courier prints them. */
function renderLabels(rows: ParcelRow[]): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: [283, 425],
    margin: 14,
    autoFirstPage: false,
    info: { Title: 'Labels' },
  })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  for (const row of rows) {
    const b = row.booking as ParcelBooking
    pdf.addPage()
    const w = 255
    pdf.font(pdfFonts.bold).fontSize(13).text(sandboxCourierName, 14, 14, { width: w })
    pdf.font(pdfFonts.regular).fontSize(7).fillColor('#555').text('SANDBOX LABEL: NOT FOR A REAL COURIER')
    pdf.fillColor('#000').moveDown(0.6)
    pdf.font(pdfFonts.regular).fontSize(8).text('AWB')
    pdf
      .font(pdfFonts.bold)
      .fontSize(22)
      .text(row.awb ?? '', { width: w })
    pdf.moveDown(0.4)
    pdf
      .font(pdfFonts.bold)
      .fontSize(11)
      .text(
        row.payment === 'cod'
          ? `COD: collect ${formatPaise(row.codAmount, { paise: 'always', sign: '₹' })}`
          : 'PREPAID',
      )
    pdf.moveDown(0.6)
    pdf.font(pdfFonts.regular).fontSize(8).text('Deliver to')
    pdf.font(pdfFonts.bold).fontSize(11).text(`${b.to.firstName} ${b.to.lastName}`.trim(), { width: w })
    pdf.font(pdfFonts.regular).fontSize(10)
    for (const line of [
      b.to.address,
      b.to.apartment,
      `${b.to.city}, ${b.to.state}`,
      `PIN ${b.to.postalCode}`,
    ]) {
      if (line) pdf.text(line, { width: w })
    }
    pdf.text(`Phone ${b.to.phone}`, { width: w })
    pdf.moveDown(0.6)
    pdf.font(pdfFonts.regular).fontSize(9).text(`Order ${b.orderNumber} · ${b.parcel.grams} g`, { width: w })
    pdf.text(`${b.parcel.lengthCm} × ${b.parcel.breadthCm} × ${b.parcel.heightCm} cm`, { width: w })
    if (b.ewayBill) pdf.text(`E-way bill ${b.ewayBill}`, { width: w })
    pdf.text(`Pickup ${row.pickupOn ?? 'to be scheduled'}`, { width: w })
  }
  pdf.end()
  return done
}

/** The list the courier signs at pickup. */
function renderManifest(rows: ParcelRow[]): Promise<Buffer> {
  const { pdf, finished, width } = startPdf('Manifest')
  pdf
    .font(pdfFonts.bold)
    .fontSize(16)
    .text(`${sandboxCourierName}: pickup manifest`, pdfMargin, pdfMargin, { width })
  pdf
    .font(pdfFonts.regular)
    .fontSize(9)
    .fillColor('#555')
    .text(`${istDate(new Date())} · sandbox, not a real courier`)
  pdf.fillColor('#000').moveDown(1)
  pdf.fontSize(10)
  rows.forEach((row, n) => {
    const b = row.booking as ParcelBooking
    pdf.text(
      `${n + 1}. AWB ${row.awb ?? '—'}  ·  ${b.orderNumber}  ·  PIN ${b.to.postalCode}  ·  ${b.parcel.grams} g  ·  ${row.payment === 'cod' ? `COD ${formatPaise(row.codAmount, { sign: '₹' })}` : 'Prepaid'}`,
      { width },
    )
  })
  pdf
    .moveDown(2)
    .text(`Parcels: ${rows.length}`)
    .moveDown(2)
    .text('Collected by (name, signature): ____________________')
  pdf.end()
  return finished
}

/**
 * The built-in courier, the offline default (decision 135): it books, numbers and labels parcels like a real
 * aggregator, keeps its books in the shop's database (`sandbox_parcels`), moves parcels on its clock
 * (`stepMinutes` after booking, when set) or from the console's buttons, signs its callbacks with a token
 * of its own, and remits the cash it collected.
 */
export function createSandboxCourier(settings: {
  db: Db
  webhookSecret: string
  /** Minutes between the scans its clock makes; 0 leaves every scan to the console's buttons. */
  stepMinutes: number
  now?: () => Date
}): ShippingProvider & { sandbox: SandboxCourier } {
  const { db } = settings
  const now = settings.now ?? (() => new Date())
  const token = sandboxCourierToken(settings.webhookSecret)

  const toShipment = (row: ParcelRow): ProviderShipment => ({
    providerOrderId: row.orderId,
    providerShipmentId: row.shipmentId,
    awb: row.awb,
    courier: row.awb ? sandboxCourierName : null,
  })

  async function parcelsOf(shipmentIds: string[]): Promise<ParcelRow[]> {
    const rows = await db.select().from(sandboxParcels).where(inArray(sandboxParcels.shipmentId, shipmentIds))
    const missing = shipmentIds.filter((id) => !rows.some((r) => r.shipmentId === id))
    if (missing.length) throw new ShippingProviderError(`The sandbox courier has no shipment ${missing[0]}.`)
    return shipmentIds.map((id) => rows.find((r) => r.shipmentId === id)!)
  }

  async function byAwb(awb: string): Promise<ParcelRow> {
    const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb))
    if (!row) throw new ShippingProviderError(`The sandbox courier has no parcel with AWB ${awb}.`)
    return row
  }

  /** The scans its clock has made by now, added to its books. */
  async function clockScans(row: ParcelRow): Promise<ShipmentEvent[]> {
    if (settings.stepMinutes <= 0 || !row.awb) return row.events
    const last = row.events.at(-1)?.status
    // On its way back, the parcel is no longer delivered by the clock: its return is scanned from the console.
    if (last && (finalTrackingStatuses.has(last) || last === 'Returning to origin')) return row.events
    const seen = new Set(row.events.map((e) => e.status))
    const due = timetable.flatMap((status, n) => {
      const at = new Date(row.bookedAt.getTime() + (n + 1) * settings.stepMinutes * 60_000)
      return at <= now() && !seen.has(status)
        ? [{ status, at: at.toISOString(), location: 'Sandbox hub', detail: null }]
        : []
    })
    if (due.length === 0) return row.events
    const events = [...row.events, ...due]
    await db.update(sandboxParcels).set({ events }).where(eq(sandboxParcels.reference, row.reference))
    return events
  }

  const callback = (awb: string) => {
    const body = JSON.stringify({ awb, current_timestamp: now().toISOString() })
    return { body, headers: { [tokenHeader]: token } }
  }

  return {
    name: 'sandbox',

    async findByReference(reference) {
      const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.reference, reference))
      return row ? toShipment(row) : null
    },

    async createShipment(booking) {
      const [row] = await db
        .insert(sandboxParcels)
        .values({
          reference: booking.reference,
          orderId: `SBX-O-${digits(9)}`,
          shipmentId: `SBX-S-${digits(9)}`,
          booking: booking as unknown as Record<string, unknown>,
          payment: booking.payment,
          codAmount: booking.payment === 'cod' ? booking.total : 0,
          bookedAt: now(),
        })
        .onConflictDoNothing()
        .returning()
      // Like an aggregator, it refuses an order id it already holds.
      if (!row)
        throw new ShippingProviderError(`The sandbox courier already has an order ${booking.reference}.`)
      return toShipment(row)
    },

    async bookReturnPickup(booking) {
      const held = async () =>
        (await db.select().from(sandboxParcels).where(eq(sandboxParcels.reference, booking.reference)))[0]
      // Asked again under the same reference (a retry), it answers the pickup it holds, as booked.
      let row = await held()
      if (!row) {
        await db
          .insert(sandboxParcels)
          .values({
            reference: booking.reference,
            orderId: `SBX-O-${digits(9)}`,
            shipmentId: `SBX-S-${digits(9)}`,
            booking: { kind: 'return', ...booking } as unknown as Record<string, unknown>,
            payment: 'prepaid',
            codAmount: 0,
            bookedAt: now(),
          })
          .onConflictDoNothing()
        row = (await held())!
      }
      if (!row.awb) {
        // Only the first of two calls at once numbers it; the other reads that number.
        await db
          .update(sandboxParcels)
          .set({ awb: `SBX${digits(10)}`, bookedAt: now() })
          .where(and(eq(sandboxParcels.reference, booking.reference), isNull(sandboxParcels.awb)))
        row = (await held())!
      }
      return toShipment(row)
    },

    async assignCourier(providerShipmentId) {
      const [row] = await parcelsOf([providerShipmentId])
      if (row!.awb) return { awb: row!.awb, courier: sandboxCourierName }
      const awb = `SBX${digits(10)}`
      await db
        .update(sandboxParcels)
        .set({ awb, bookedAt: now() })
        .where(eq(sandboxParcels.shipmentId, providerShipmentId))
      return { awb, courier: sandboxCourierName }
    },

    async requestPickup(providerShipmentIds) {
      await parcelsOf(providerShipmentIds)
      const pickupOn = istDate(new Date(now().getTime() + 24 * 3600_000))
      await db
        .update(sandboxParcels)
        .set({ pickupOn })
        .where(inArray(sandboxParcels.shipmentId, providerShipmentIds))
      return { pickupOn }
    },

    async labels(providerShipmentIds) {
      return renderLabels(await parcelsOf(providerShipmentIds))
    },

    async manifest(providerShipmentIds) {
      return renderManifest(await parcelsOf(providerShipmentIds))
    },

    async track(awb) {
      const row = await byAwb(awb)
      const events = [...(await clockScans(row))].sort((a, b) => a.at.localeCompare(b.at))
      return { status: events.at(-1)?.status ?? 'Booked', events }
    },

    async deliveryAction(awb, action) {
      const row = await byAwb(awb)
      const last = row.events.at(-1)?.status
      if (last !== 'Delivery failed') {
        throw new ShippingProviderError(
          'The sandbox courier has no failed delivery to act on for this parcel.',
        )
      }
      const booking = { ...row.booking }
      const events = [...row.events]
      if (action.kind === 'reattempt') {
        // Like a courier's delivery instructions: the corrected details go on the parcel's record.
        if (action.phone) booking.to = { ...(booking.to as object), phone: action.phone }
        if (action.address) booking.to = { ...(booking.to as object), address: action.address }
        booking.instructions = action.note
      } else {
        events.push({
          status: 'Returning to origin',
          at: now().toISOString(),
          location: 'Sandbox hub',
          detail: action.note,
        })
      }
      await db
        .update(sandboxParcels)
        .set({ booking, events })
        .where(eq(sandboxParcels.reference, row.reference))
    },

    async remittances(since) {
      const rows = await db
        .select()
        .from(sandboxParcels)
        .where(and(isNotNull(sandboxParcels.remittanceReference), gte(sandboxParcels.remittedOn, since)))
        .orderBy(asc(sandboxParcels.remittedOn))
      const byReference = new Map<string, { date: string; parcels: { awb: string; amount: number }[] }>()
      for (const r of rows) {
        const entry = byReference.get(r.remittanceReference!) ?? { date: r.remittedOn!, parcels: [] }
        entry.parcels.push({ awb: r.awb!, amount: r.codAmount })
        byReference.set(r.remittanceReference!, entry)
      }
      return [...byReference].map(([reference, e]) => ({
        reference,
        date: e.date,
        total: e.parcels.reduce((sum, p) => sum + p.amount, 0),
        parcels: e.parcels,
      }))
    },

    trackingUrl: () => null,

    webhook: {
      headers: z.object({ [tokenHeader]: z.string().max(200).optional() }).loose(),
      description:
        'The courier’s tracking callbacks. The token the shop gave the courier comes in the `x-api-key` header; a callback without it, or with another, is refused. The callback names the parcel by its AWB; the shop then asks the courier for the parcel’s state and believes only that.',
      read(rawBody, headers): TrackingNotice {
        const given = headers[tokenHeader]
        const a = Buffer.from(typeof given === 'string' ? given : '')
        const b = Buffer.from(token)
        if (a.length !== b.length || !timingSafeEqual(a, b)) {
          throw new UnauthorizedError('This callback does not carry the courier token the shop gave.')
        }
        let body: { awb?: unknown }
        try {
          body = JSON.parse(rawBody.toString())
        } catch {
          throw new ValidationError('The callback body is not valid JSON.')
        }
        if (!body || typeof body.awb !== 'string' || !body.awb) {
          throw new ValidationError('The callback does not name a parcel (awb).')
        }
        return { awb: body.awb, payload: body }
      },
    },

    sandbox: {
      async scan(awb, status, location) {
        const row = await byAwb(awb)
        const events = [...(await clockScans(row))]
        const last = events.at(-1)?.status
        if (last && finalTrackingStatuses.has(last)) {
          throw new ValidationError(`This parcel is already ${trackingStatusLabels[last].toLowerCase()}.`)
        }
        // A failed attempt says why, as a courier's does.
        const detail = status === 'Delivery failed' ? 'Customer not reachable on the phone given' : null
        events.push({ status, at: now().toISOString(), location: location ?? 'Sandbox hub', detail })
        await db.update(sandboxParcels).set({ events }).where(eq(sandboxParcels.reference, row.reference))
        return callback(awb)
      },

      async remit() {
        const rows = await db
          .select()
          .from(sandboxParcels)
          .where(and(eq(sandboxParcels.payment, 'cod'), isNull(sandboxParcels.remittanceReference)))
        const delivered = rows.filter((r) => r.events.at(-1)?.status === 'Delivered')
        if (delivered.length === 0) return null
        const reference = `SBXUTR${digits(10)}`
        await db
          .update(sandboxParcels)
          .set({ remittanceReference: reference, remittedOn: istDate(now()) })
          .where(
            inArray(
              sandboxParcels.reference,
              delivered.map((r) => r.reference),
            ),
          )
        return { reference, parcels: delivered.length }
      },
    },
  }
}
