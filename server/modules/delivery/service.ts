import type { CodTerms } from '../../../contracts/cod.ts'
import {
  type DeliveryEstimate,
  type DeliverySettings,
  type DeliverySettingsInput,
  defaultDeliverySettings,
  deliveryMessages,
  deliverySettingsBody,
  deliveryWindow,
  type ZoneId,
  zoneIds,
  zoneOf,
} from '../../../contracts/delivery.ts'
import { codAtPinText, notServedText, windowText } from '../../../contracts/delivery-text.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import type { LeadTime } from '../../../contracts/made-to-order.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import type { PincodeService } from '../pincode/service.ts'
import type { SettingsService } from '../settings/service.ts'

/** Stored settings over the defaults, so a zone added later still has days. */
function settingsOf(stored: unknown): DeliverySettings {
  const s = (stored ?? {}) as Partial<DeliverySettings>
  const zones = { ...defaultDeliverySettings.zones }
  for (const id of zoneIds) if (s.zones?.[id]) zones[id] = { ...zones[id], ...s.zones[id] }
  return {
    dispatchDays: s.dispatchDays ?? defaultDeliverySettings.dispatchDays,
    zones,
    blockedPins: s.blockedPins ?? [],
  }
}

/** The delivery promise by PIN (decision 086): staff set zones, customers see dates, orders are checked. */
export function createDeliveryService(deps: {
  db: Db
  /** The shop's settings row: the delivery column, and the legal state the home zone follows. */
  settings: Pick<SettingsService, 'read' | 'save'>
  /** The PIN data: the district and state of a PIN. */
  pincode: Pick<PincodeService, 'places'>
  cod?: { terms(db?: DbOrTx): Promise<CodTerms> }
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  async function settings(db: DbOrTx = deps.db) {
    const row = await deps.settings.read(db)
    return { settings: settingsOf(row?.delivery), homeState: row?.legalState ?? '' }
  }

  return {
    async settings(db: DbOrTx = deps.db) {
      const { settings: s, homeState } = await settings(db)
      return { ...s, homeState }
    },

    async save(actorId: string, input: DeliverySettingsInput) {
      const v = deliverySettingsBody.parse(input)
      return deps.db.transaction(async (tx) => {
        const before = (await settings(tx)).settings
        const after: DeliverySettings = {
          dispatchDays: v.dispatchDays,
          zones: v.zones,
          blockedPins: v.blockedPins,
        }
        await deps.settings.save({ delivery: after }, tx)
        await writeAudit(tx, {
          actorId,
          action: 'settings.delivery',
          entity: 'settings',
          entityId: 'shop',
          before,
          after,
        })
        return { ...after, homeState: (await settings(tx)).homeState }
      })
    },

    /**
     * Whether a PIN is served, when a parcel would arrive and whether COD is offered there; its texts in the
     * asker's language (docs/decisions/097), as the page shows them.
     */
    async estimate(
      pin: string,
      language: Language = defaultLanguage,
      db: DbOrTx = deps.db,
      lead: LeadTime | null = null,
    ): Promise<DeliveryEstimate> {
      const i18n = translatorFor(language)
      const { settings: s, homeState } = await settings(db)
      const places = await deps.pincode.places(pin, db)
      const place = places[0]
      const terms = await deps.cod?.terms(db)
      const zone = place ? zoneOf(place, homeState) : null
      const served = !!zone && s.zones[zone].enabled && !s.blockedPins.includes(pin)
      // The order's value is not known here: only the PIN and state part of the COD rule is judged.
      const codHere = codAtPinText(i18n, terms, { pin, state: place?.state ?? '' })
      const cod = {
        available: served && codHere.available,
        maxTotal: (terms?.maxTotal ?? 0) / 100,
        fee: (terms?.fee ?? 0) / 100,
        text: served ? codHere.text : notServedText(i18n, pin),
      }
      if (!served || !zone || !place)
        return {
          pin,
          served: false,
          zone,
          state: place?.state ?? null,
          district: place?.district ?? null,
          dispatchDate: null,
          from: null,
          to: null,
          text: notServedText(i18n, pin),
          cod,
        }
      const w = deliveryWindow(now(), s.dispatchDays, s.zones[zone], lead)
      return {
        pin,
        served: true,
        zone,
        state: place.state,
        district: place.district,
        dispatchDate: w.dispatch,
        from: w.from,
        to: w.to,
        text: windowText(i18n, w.from, w.to),
        cod,
      }
    },

    /**
     * The zone an address is in and whether the shop delivers there (decision 134 prices shipping by it): a
     * PIN missing from the PIN data is judged by the state given, as `refusal` judges it; with no state
     * either, the zone is not known.
     */
    async zoneFor(
      to: { postalCode: string; state?: string },
      db: DbOrTx = deps.db,
    ): Promise<{ zone: ZoneId | null; served: boolean }> {
      const pin = to.postalCode.trim()
      const { settings: s, homeState } = await settings(db)
      const [place] = await deps.pincode.places(pin, db)
      if (!place && !to.state?.trim()) return { zone: null, served: false }
      const zone = zoneOf(place ?? { state: to.state ?? '', district: '' }, homeState)
      return { zone, served: s.zones[zone].enabled && !s.blockedPins.includes(pin) }
    },

    /**
     * Why an order cannot go to this address, or null; read inside the order's transaction when given one.
     * A PIN missing from the PIN data (new PINs appear before the data has them) is judged by the state the
     * customer chose, so a real address is not turned away for an old data set.
     */
    async refusal(to: { postalCode: string; state: string }, db: DbOrTx = deps.db): Promise<string | null> {
      const pin = to.postalCode.trim()
      const { settings: s, homeState } = await settings(db)
      const [place] = await deps.pincode.places(pin, db)
      const zone = zoneOf(place ?? { state: to.state, district: '' }, homeState)
      if (!s.zones[zone].enabled || s.blockedPins.includes(pin)) return deliveryMessages.orderRefused(pin)
      return null
    },
  }
}
export type DeliveryService = ReturnType<typeof createDeliveryService>
