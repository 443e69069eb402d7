import {
  causeNames,
  type Donation,
  type DonationBody,
  type DonationCauseOption,
  type DonationPage,
  type DonationSettings,
  donationBody,
  type FoundationCause,
  form10bdColumns,
  foundationCauses,
  givingMessages,
  type StaffDonation,
} from '../../../contracts/donations.ts'
import { financialYear } from '../../../contracts/gst.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage, isLanguage, type Language } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { receiptDetailsMissing } from '../../../contracts/setup.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { spreadsheetSafe, writeCsv } from '../../lib/csv.ts'
import { writeAudit } from '../audit/repo.ts'
import type { ContentService } from '../content/service.ts'
import type { InvoicesService } from '../invoices/service.ts'
import { mailAnswers, mailTextsIn } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import type { OrderUpdatesService } from '../messaging/order-updates.ts'
import type { PayableHandler } from '../payments/payables.ts'
import type { SettingsService } from '../settings/service.ts'
import { type Issuer, renderReceiptPdf } from './pdf.ts'
import { createDonationsRepo, type DonationRow } from './repo.ts'

const rupees = (paise: number) => Math.round(paise) / 100
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The receipt series of a financial year, kept in invoice_counters under a name no invoice prefix can take. */
const seriesOf = (fy: string) => `donation-receipt/${fy}`
/** DON/26-27/00001: the year and a serial that runs without gaps from 1 each April. */
export const receiptNumber = (fy: string, serial: number) =>
  `DON/${fy.slice(2)}/${String(serial).padStart(5, '0')}`

/** PAN shown in lists: only its last characters. */
const maskedPan = (pan: string | null) => (pan ? `••••••${pan.slice(6)}` : null)

export function createDonationsService(deps: {
  db: Db
  mail: MailService
  /** Receipt numbers: a gap-free series per financial year, kept with the invoices' counters. */
  invoices: Pick<InvoicesService, 'takeSerial'>
  /** The temples a donor may give to. */
  content: Pick<ContentService, 'templeNames'>
  /** The shop's settings row: the foundation's 80G details printed on receipts. */
  settings: Pick<SettingsService, 'read' | 'save'>
  /** Whether the donor's address is confirmed: an 80G receipt waits for it (decision 109). */
  emailConfirmed: (userId: string) => Promise<boolean>
  /** The receipt's WhatsApp, SMS and push update to the channels the donor chose (decision 143). */
  updates?: Pick<OrderUpdatesService, 'notify'>
}) {
  const repo = createDonationsRepo(deps.db)

  const causeName = (
    row: Pick<DonationRow, 'cause' | 'templeName'>,
    language: Language = defaultLanguage,
  ) => {
    const { t } = translatorFor(language)
    return row.cause === 'temple'
      ? (row.templeName ?? t('a temple'))
      : t(causeNames[row.cause as FoundationCause])
  }

  const view = (row: DonationRow): Donation => ({
    _id: row.id,
    cause: row.cause,
    templeName: row.templeName,
    amount: rupees(row.amount),
    donorName: row.donorName,
    wants80g: row.wants80g,
    status: row.status,
    paidAt: iso(row.paidAt),
    receiptNumber: row.receiptNumber,
    createdAt: row.createdAt.toISOString(),
  })

  const staffView = (row: DonationRow): StaffDonation => ({
    ...view(row),
    donorEmail: row.donorEmail,
    donorPhone: row.donorPhone,
    panShown: maskedPan(row.donorPan),
    financialYear: row.financialYear,
  })

  async function own(userId: string, id: string) {
    const row = await repo.byId(id)
    if (!row || row.userId !== userId) throw new NotFoundError(givingMessages.notFound)
    return row
  }

  /** The foundation's 80G details, kept in the shop's settings row. */
  const settingsOf = async (db: DbOrTx = deps.db): Promise<DonationSettings> => {
    const row = await deps.settings.read(db)
    return {
      donationName: row?.donationName ?? '',
      donationAddress: row?.donationAddress ?? '',
      donationPan: row?.donationPan ?? '',
      registration80g: row?.registration80g ?? '',
      registration80gIssued: row?.registration80gIssued ?? '',
      registration80gFrom: row?.registration80gFrom ?? '',
      registration80gUntil: row?.registration80gUntil ?? '',
    }
  }

  /**
   * A paid gift takes the next receipt number of the financial year it was paid in and the foundation's
   * registration as it is now, and its donor the receipt e-mail, in the caller's transaction.
   */
  async function issueReceipt(tx: Tx, row: DonationRow, s: DonationSettings) {
    const r = createDonationsRepo(tx)
    const fy = row.financialYear ?? financialYear(row.paidAt ?? new Date())
    const serial = await deps.invoices.takeSerial(seriesOf(fy), tx)
    const issuer: Issuer = {
      name: s.donationName,
      address: s.donationAddress,
      pan: s.donationPan,
      registration: s.registration80g,
      issued: s.registration80gIssued,
      from: s.registration80gFrom,
      until: s.registration80gUntil,
    }
    const issued = (await r.update(row.id, {
      financialYear: fy,
      receiptSerial: serial,
      receiptNumber: receiptNumber(fy, serial),
      issuer,
    }))!
    const language = isLanguage(row.language) ? row.language : defaultLanguage
    const receiptLink = deps.mail.url(`/donate/thanks/${row.id}`)
    if (deps.updates) {
      await deps.updates.notify(tx, {
        userId: row.userId,
        kind: 'donation.receipt',
        template: 'donation-receipt',
        params: [
          row.donorName.trim().split(/\s+/)[0] ?? row.donorName,
          formatPaise(row.amount),
          issued.receiptNumber!,
          receiptLink,
        ],
        language,
        regarding: `donation:${row.id}`,
        link: receiptLink,
      })
    }
    await deps.mail.send(tx, {
      kind: 'donation.paid',
      to: row.donorEmail,
      content: mailTextsIn(language).donationReceived(
        {
          donorName: row.donorName,
          amount: row.amount,
          cause: causeName(row, language),
          receiptNumber: issued.receiptNumber!,
          for80g: row.wants80g,
        },
        deps.mail.url(`/donate/thanks/${row.id}`),
      ),
    })
  }

  /** How a donation is paid: through the payments module, purpose 'donation' (decision 100). */
  const payable: PayableHandler = {
    async termsFor(userId, id) {
      const row = await own(userId, id)
      if (row.status === 'paid') throw new ConflictError(givingMessages.alreadyPaid)
      const number = `DON-${row.id.slice(-8).toUpperCase()}`
      return {
        id: row.id,
        amount: row.amount,
        currency: 'INR',
        number,
        receipt: number,
        notes: { donationId: row.id },
      }
    },
    /**
     * The gift is paid: it takes the next receipt number of the financial year it was paid in, the
     * foundation's registration as it is now, and its thank-you e-mail, all in the payment's transaction.
     */
    async onCaptured(tx, payment) {
      const r = createDonationsRepo(tx)
      const row = await r.byId(payment.payableId!, true)
      if (!row || row.status === 'paid') return { changed: false }
      const now = new Date()
      const paid = (await r.update(row.id, {
        status: 'paid',
        paidAt: now,
        financialYear: financialYear(now),
        paymentReference: payment.providerPaymentId ?? payment.providerOrderId,
      }))!
      const s = await settingsOf(tx)
      if (receiptDetailsMissing(s).length === 0) await issueReceipt(tx, paid, s)
      else {
        // Never a receipt with the foundation's details missing (decision 123): thanks now, the receipt
        // as soon as staff complete them.
        const language = isLanguage(row.language) ? row.language : defaultLanguage
        await deps.mail.send(tx, {
          kind: 'donation.thanks',
          to: row.donorEmail,
          content: mailTextsIn(language).donationThanksReceiptLater(
            { donorName: row.donorName, amount: row.amount, cause: causeName(row, language) },
            deps.mail.url(`/donate/thanks/${row.id}`),
          ),
        })
      }
      return { changed: true }
    },
    async onFailed(tx, payment) {
      const r = createDonationsRepo(tx)
      const row = await r.byId(payment.payableId!, true)
      if (row?.status === 'pending') await r.update(row.id, { status: 'failed' })
    },
  }

  return {
    payable,

    /** What a donor may give to: the foundation's work, then each temple by its web name. */
    async causes(language: Language = defaultLanguage): Promise<DonationCauseOption[]> {
      const { t } = translatorFor(language)
      const temples = await deps.content.templeNames()
      return [
        ...foundationCauses.map((c) => ({ for: c, name: t(causeNames[c]), temple: false })),
        ...temples.map((tm) => ({ for: tm.slug, name: tm.name, temple: true })),
      ]
    },

    /** A new, unpaid gift of the signed-in donor; the 80G details are kept only when they asked for them. */
    async create(
      userId: string,
      input: DonationBody,
      language: Language = defaultLanguage,
    ): Promise<Donation> {
      const body = donationBody.parse(input)
      if (body.wants80g && !(await deps.emailConfirmed(userId)))
        throw new ForbiddenError(mailAnswers.confirmFor80g)
      let cause: DonationRow['cause']
      let temple: { id: string; name: string } | null = null
      if ((foundationCauses as readonly string[]).includes(body.for)) cause = body.for as FoundationCause
      else {
        temple = (await deps.content.templeNames({ slug: body.for }))[0] ?? null
        if (!temple) throw new ValidationError(givingMessages.causeUnknown)
        cause = 'temple'
      }
      const row = await repo.insert({
        userId,
        cause,
        templeId: temple?.id ?? null,
        templeName: temple?.name ?? null,
        amount: body.amount * 100,
        donorName: body.name,
        donorEmail: body.email,
        donorPhone: body.phone,
        wants80g: body.wants80g,
        donorAddress: body.wants80g ? (body.address ?? null) : null,
        donorPan: body.wants80g ? (body.pan ?? null) : null,
        language,
      })
      return view(row)
    },

    async mine(userId: string, id: string): Promise<Donation> {
      return view(await own(userId, id))
    },

    /** The receipt PDF of the donor's own paid gift; another's, or an unpaid one, has none. */
    async receipt(userId: string | null, id: string): Promise<{ number: string; pdf: Buffer }> {
      const row = userId === null ? await repo.byId(id) : await own(userId, id)
      if (!row) throw new NotFoundError(givingMessages.notFound)
      if (row.status !== 'paid' || !row.receiptNumber) throw new NotFoundError(givingMessages.noReceipt)
      const language =
        userId === null ? defaultLanguage : isLanguage(row.language) ? row.language : defaultLanguage
      return {
        number: row.receiptNumber,
        pdf: await renderReceiptPdf({ ...row, causeName: causeName(row, language) }, language),
      }
    },

    staff: {
      /** Paid gifts whose receipt waits for the foundation's details (decision 123). */
      waiting: (): Promise<number> => repo.awaitingReceiptCount(),

      /** The foundation's details still to fill in before a receipt can be issued; empty when none. */
      missing: async () => receiptDetailsMissing(await settingsOf()),

      async list(q: {
        year?: string
        cause?: DonationRow['cause']
        status?: DonationRow['status']
        page: number
        pageSize: number
      }): Promise<DonationPage> {
        const { rows, total, received } = await repo.page(q, {
          offset: (q.page - 1) * q.pageSize,
          limit: q.pageSize,
        })
        return {
          items: rows.map(staffView),
          total,
          page: q.page,
          pageSize: q.pageSize,
          pages: Math.max(1, Math.ceil(total / q.pageSize)),
          received: rupees(received),
          years: await repo.years(),
          detailsMissing: receiptDetailsMissing(await settingsOf()),
          receiptsWaiting: await repo.awaitingReceiptCount(),
        }
      },

      /**
       * A financial year's receipts in the columns of Form 10BD's Part B, one row per receipt in number
       * order. A donor who gave no PAN has empty ID columns: the portal asks for an ID, so staff decide.
       */
      async form10bd(year: string): Promise<string> {
        const rows = await repo.receiptsOf(year)
        const s = await settingsOf()
        const lines = rows.map((row, i) => [
          String(i + 1),
          '',
          row.donorPan ? '1' : '',
          row.donorPan ?? '',
          'Section 80G',
          row.issuer?.registration || s.registration80g,
          (row.issuer?.issued || s.registration80gIssued).split('-').reverse().join('-'),
          spreadsheetSafe(row.donorName),
          spreadsheetSafe(row.donorAddress ?? ''),
          'Others',
          'Electronic modes including account payee cheque/draft',
          String(Math.round(row.amount / 100)),
        ])
        return writeCsv([[...form10bdColumns], ...lines], { bom: true })
      },

      settings: {
        get: (): Promise<DonationSettings> => settingsOf(),
        /** Saves the foundation's details; once complete, the gifts that waited get their receipts. */
        async save(
          actorId: string,
          values: DonationSettings,
        ): Promise<DonationSettings & { issued: number }> {
          return deps.db.transaction(async (tx) => {
            const before = await settingsOf(tx)
            await deps.settings.save(values, tx)
            await writeAudit(tx, {
              actorId,
              action: 'settings.donations',
              entity: 'settings',
              entityId: 'shop',
              before,
              after: values,
            })
            let issued = 0
            if (receiptDetailsMissing(values).length === 0) {
              for (const row of await createDonationsRepo(tx).awaitingReceipt()) {
                await issueReceipt(tx, row, values)
                issued++
              }
            }
            return { ...values, issued }
          })
        },
      },
    },
  }
}
export type DonationsService = ReturnType<typeof createDonationsService>
