import type { ZoneId } from '../../../contracts/delivery.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import {
  rulesFromBody,
  type ShippingQuote,
  type ShippingSettingsInput,
  shippingSettingsBody,
  viewFromRules,
} from '../../../contracts/shipping.ts'
import {
  type ParcelPiece,
  parcelWeight,
  rulesOf,
  type ShippingRules,
  shippingCharge,
  shippingText,
} from '../../../contracts/shipping-rules.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import type { SettingsService } from '../settings/service.ts'

type Line = { productId: string; variantId?: string | null; quantity: number }

/** What one parcel to one address costs: the charge (paise), the weight it was judged on and the zone. */
export type ParcelCharge = { charge: number; grams: number; zone: ZoneId | null; served: boolean }

/**
 * Shipping (decision 134): the rules staff set (rates by delivery zone and weight slab, a free-shipping
 * threshold, a minimum, packages), and what a parcel costs, judged the same for the product page, the cart,
 * the checkout and the order, which charges it inside its own transaction.
 */
export function createShippingService(deps: {
  db: Db
  /** The shop's settings row: the shipping column. */
  settings: Pick<SettingsService, 'read' | 'save'>
  /** The zone of a delivery address and whether it is served (the delivery module's zones). */
  delivery: {
    zoneFor(
      to: { postalCode: string; state?: string },
      db?: DbOrTx,
    ): Promise<{ zone: ZoneId | null; served: boolean }>
  }
  /** The pieces' weights and boxes. */
  catalogue: {
    parcelPieces(lines: Line[], db?: DbOrTx): Promise<ParcelPiece[]>
    sellable(
      ids: string[],
    ): Promise<Array<{ id: string; price: number; variants: Array<{ id: string; price: number }> }>>
  }
  /** The customer's cart, for a quote before the order. */
  cart: {
    itemsFor(
      userId: string,
    ): Promise<Array<{ productId: string; variantId?: string; price: number; quantity: number }>>
  }
  /** A coupon's percent, for the threshold judged after it. */
  coupons: { check(code: string): Promise<{ discount: number }> }
}) {
  async function rules(db: DbOrTx = deps.db): Promise<ShippingRules> {
    return rulesOf((await deps.settings.read(db))?.shipping)
  }

  /** The charge for these lines to this address with goods worth `goods` (paise, after the coupon). */
  async function chargeFor(
    to: { postalCode: string; state?: string },
    lines: Line[],
    goods: number,
    db: DbOrTx = deps.db,
  ): Promise<ParcelCharge> {
    const [r, place, pieces] = await Promise.all([
      rules(db),
      deps.delivery.zoneFor(to, db),
      deps.catalogue.parcelPieces(lines, db),
    ])
    const grams = parcelWeight(pieces, r.defaultWeightGrams).chargeableGrams
    const charge = place.zone ? shippingCharge(r, place.zone, grams, goods) : 0
    return { charge, grams, zone: place.zone, served: place.served }
  }

  function quoteOf(pin: string, c: ParcelCharge, r: ShippingRules, language: Language): ShippingQuote {
    const view = { charge: c.charge / 100, freeAbove: r.freeAbove === null ? null : r.freeAbove / 100 }
    return {
      pin,
      zone: c.zone,
      served: c.served,
      ...view,
      chargeableWeightGrams: c.grams,
      text: shippingText(translatorFor(language).t, view),
    }
  }

  return {
    rules,
    chargeFor,

    async settings() {
      return viewFromRules(await rules())
    },

    async save(actorId: string, input: ShippingSettingsInput) {
      const v = shippingSettingsBody.parse(input)
      return deps.db.transaction(async (tx) => {
        const before = await rules(tx)
        const after = rulesFromBody(v)
        await deps.settings.save({ shipping: after }, tx)
        await writeAudit(tx, {
          actorId,
          action: 'settings.shipping',
          entity: 'settings',
          entityId: 'shop',
          before,
          after,
        })
        return viewFromRules(after)
      })
    },

    /** What the caller's cart would pay to ship to a PIN, the coupon's discount taken first when given. */
    async quoteCart(
      userId: string,
      to: { postalCode: string; state?: string },
      coupon?: string,
      language: Language = defaultLanguage,
    ): Promise<ShippingQuote> {
      const items = await deps.cart.itemsFor(userId)
      const subtotal = items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0)
      // A code the order would refuse is told at the order; the quote judges the threshold without it.
      const percent = coupon ? ((await deps.coupons.check(coupon).catch(() => null))?.discount ?? 0) : 0
      const goods = subtotal - Math.round((subtotal * percent) / 100)
      const lines = items.map((i) => ({
        productId: i.productId,
        variantId: i.variantId,
        quantity: i.quantity,
      }))
      const [c, r] = await Promise.all([chargeFor(to, lines, goods), rules()])
      return quoteOf(to.postalCode, items.length ? c : { ...c, charge: 0, grams: 0 }, r, language)
    },

    /**
     * What one piece would pay to ship to a PIN (the product page's delivery line): the variant's own price
     * and weight where it is named, else the product's default; null for a product not on sale.
     */
    async quotePiece(
      piece: { productId: string; variantId?: string },
      pin: string,
      language: Language = defaultLanguage,
    ): Promise<ShippingQuote | null> {
      const [product] = await deps.catalogue.sellable([piece.productId])
      if (!product) return null
      const variant = piece.variantId
        ? product.variants.find((v) => v.id === piece.variantId)
        : product.variants[0]
      if (piece.variantId && !variant) return null
      const line = { productId: product.id, variantId: variant?.id ?? null, quantity: 1 }
      const [c, r] = await Promise.all([
        chargeFor({ postalCode: pin }, [line], variant?.price ?? product.price),
        rules(),
      ])
      return quoteOf(pin, c, r, language)
    },
  }
}
export type ShippingService = ReturnType<typeof createShippingService>
