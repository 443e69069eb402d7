import { z } from 'zod'
import { type ZoneId, zoneIds } from './delivery.ts'
import { formatPaise } from './money.ts'
import type { ShippingRules, ZoneRates } from './shipping-rules.ts'

/** The shipping API's shapes (decision 134), in rupees as the API speaks; the rules are in shipping-rules.ts. */

export const shippingQuoteSchema = z.object({
  pin: z.string(),
  zone: z
    .enum(zoneIds)
    .nullable()
    .meta({ description: 'The delivery zone of the PIN; null when it is not known' }),
  served: z.boolean().meta({ description: 'Whether the shop delivers to this PIN' }),
  charge: z.number().meta({ description: 'Rupees the order would pay for shipping; 0 when free' }),
  freeAbove: z.number().nullable().meta({
    description: 'Goods worth this many rupees or more (after the coupon) ship free; null for never',
  }),
  chargeableWeightGrams: z
    .number()
    .int()
    .meta({ description: 'The weight a courier bills: the greater of the actual and the volumetric weight' }),
  text: z.string().meta({ description: 'Ready to show, in the request’s language' }),
})
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>

export const shippingQuoteQuery = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be a 6-digit PIN code, for example 110001'),
  state: z.string().trim().max(100).optional().meta({
    description:
      'The state of the address, as typed: judges the zone of a PIN the shop’s PIN data lacks, as the order does',
  }),
  coupon: z.string().trim().max(50).optional().meta({
    description: 'A coupon code the cart applies: the free-shipping threshold is judged after its discount',
  }),
})

const rupees = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what} must be a number of rupees` })
    .min(0, `${what} must be 0 or more`)
    .max(max, `${what} must be at most ${formatPaise(max * 100)}`)
const grams = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number of grams` })
    .int(`${what} must be whole grams`)
    .min(1, `${what} must be at least 1 gram`)
    .max(100_000, `${what} must be at most 100000 grams`)
const centimetres = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number of centimetres` })
    .int(`${what} must be whole centimetres`)
    .min(1, `${what} must be at least 1 cm`)
    .max(300, `${what} must be at most 300 cm`)

const zoneRatesBody = z
  .object({
    slabs: z
      .array(z.object({ upToGrams: grams('A slab’s weight'), charge: rupees('A slab’s charge', 10_000) }))
      .max(10, 'a zone has at most 10 weight slabs'),
    extraPerKg: rupees('The charge per further kilogram', 10_000),
  })
  .refine((z) => z.slabs.every((s, i) => i === 0 || s.upToGrams > z.slabs[i - 1]!.upToGrams), {
    message: 'the weight slabs must go up: each heavier than the one before',
    path: ['slabs'],
  })

export const packagePresetBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'a package needs a name')
    .max(40, 'a package’s name must be at most 40 characters'),
  lengthCm: centimetres('The length'),
  breadthCm: centimetres('The breadth'),
  heightCm: centimetres('The height'),
})

/** The console's shipping rules, in rupees as staff type them. */
export const shippingSettingsBody = z.object({
  zones: z.object(
    Object.fromEntries(zoneIds.map((id) => [id, zoneRatesBody])) as Record<ZoneId, typeof zoneRatesBody>,
  ),
  freeAbove: rupees('The free-shipping threshold', 10_000_000).nullable(),
  minimumCharge: rupees('The minimum charge', 10_000),
  defaultWeightGrams: grams('The default weight'),
  packages: z
    .array(packagePresetBody)
    .max(20, 'keep at most 20 packages')
    .refine((list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length, {
      message: 'two packages have the same name',
    }),
})
export type ShippingSettingsInput = z.input<typeof shippingSettingsBody>

/** The rules as the console's API answers them (rupees). */
export const shippingSettingsSchema = z.object({
  zones: z.object(
    Object.fromEntries(
      zoneIds.map((id) => [
        id,
        z.object({
          slabs: z.array(z.object({ upToGrams: z.number().int(), charge: z.number() })),
          extraPerKg: z.number(),
        }),
      ]),
    ) as Record<
      ZoneId,
      z.ZodObject<{
        slabs: z.ZodArray<z.ZodObject<{ upToGrams: z.ZodNumber; charge: z.ZodNumber }>>
        extraPerKg: z.ZodNumber
      }>
    >,
  ),
  freeAbove: z.number().nullable(),
  minimumCharge: z.number(),
  defaultWeightGrams: z.number().int(),
  packages: z.array(
    z.object({
      name: z.string(),
      lengthCm: z.number().int(),
      breadthCm: z.number().int(),
      heightCm: z.number().int(),
    }),
  ),
})
export type ShippingSettingsView = z.infer<typeof shippingSettingsSchema>

const toPaise = (rupees: number) => Math.round(rupees * 100)
const mapZones = (zones: Record<ZoneId, ZoneRates>, f: (n: number) => number) =>
  Object.fromEntries(
    zoneIds.map((id) => [
      id,
      {
        slabs: zones[id].slabs.map((s) => ({ upToGrams: s.upToGrams, charge: f(s.charge) })),
        extraPerKg: f(zones[id].extraPerKg),
      },
    ]),
  ) as Record<ZoneId, ZoneRates>

export const rulesFromBody = (v: z.output<typeof shippingSettingsBody>): ShippingRules => ({
  zones: mapZones(v.zones, toPaise),
  freeAbove: v.freeAbove === null ? null : toPaise(v.freeAbove),
  minimumCharge: toPaise(v.minimumCharge),
  defaultWeightGrams: v.defaultWeightGrams,
  packages: v.packages,
})
export const viewFromRules = (r: ShippingRules): ShippingSettingsView => ({
  zones: mapZones(r.zones, (p) => p / 100),
  freeAbove: r.freeAbove === null ? null : r.freeAbove / 100,
  minimumCharge: r.minimumCharge / 100,
  defaultWeightGrams: r.defaultWeightGrams,
  packages: r.packages,
})
