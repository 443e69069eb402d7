import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type AppError, UnauthorizedError, ValidationError } from '../../server/http/errors.ts'
import {
  type ParcelBooking,
  type ReturnPickupBooking,
  ShippingProviderError,
} from '../../server/modules/shipping/provider.ts'
import {
  createShiprocketProvider,
  missingShiprocketVariables,
  type ShiprocketSettings,
  shiprocketEnv,
  shiprocketSettings,
  shiprocketStatus,
} from '../../server/modules/shipping/shiprocket.ts'
import { startShiprocketStandIn } from '../../server/modules/shipping/shiprocket-stand-in.ts'

const account = {
  email: 'api-user@shop.example',
  password: 'stand-in-password-7Qx',
  webhookToken: 'stand-in-webhook-token-3Kp',
}
const dayMs = 24 * 3600_000
const istDay = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10)

let standIn: Awaited<ReturnType<typeof startShiprocketStandIn>>
beforeEach(async () => {
  standIn = await startShiprocketStandIn(account)
})
afterEach(async () => {
  await standIn?.stop()
})

/** The adapter as a shop started with the stand-in's variables would build it. */
const shiprocket = (extra: Partial<ShiprocketSettings> = {}) =>
  createShiprocketProvider({ ...shiprocketSettings(z.object(shiprocketEnv).parse(standIn.env)), ...extra })

const callsTo = (path: string) => standIn.calls.filter((c) => c.path.split('?')[0] === path)
const logins = () => callsTo('/v1/external/auth/login')

/** A cash-on-delivery booking whose amounts are awkward in floating point: ₹140.07 in all. */
function booking(reference: string, over: Partial<ParcelBooking> = {}): ParcelBooking {
  return {
    reference,
    orderNumber: 'KS-1001',
    placedAt: new Date('2026-03-01T09:15:00Z'),
    to: {
      firstName: 'Asha',
      lastName: 'Rao',
      address: '12 Temple Street',
      apartment: 'Flat 3',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      phone: '+91 98450 12345',
      email: 'asha@example.com',
    },
    items: [
      { name: 'Silk saree', sku: 'SAR-1', units: 3, price: 33_33 },
      { name: 'Diya', sku: 'DIY-2', units: 1, price: 10 },
    ],
    payment: 'cod',
    total: 140_07,
    shippingCharge: 49_99,
    discount: 10_01,
    parcel: { grams: 750, lengthCm: 30, breadthCm: 20, heightCm: 5 },
    ewayBill: null,
    ...over,
  }
}

/** A reverse pickup of two pieces from the customer, amounts awkward in floating point: ₹100.09 in all. */
function returnPickup(reference: string, over: Partial<ReturnPickupBooking> = {}): ReturnPickupBooking {
  const { to } = booking('x')
  return {
    reference,
    orderNumber: 'KS-1001',
    placedAt: new Date('2026-03-20T04:40:00Z'),
    from: to,
    items: [
      { name: 'Silk saree', sku: 'SAR-1', units: 3, price: 33_33 },
      { name: 'Diya', sku: 'DIY-2', units: 1, price: 10 },
    ],
    total: 100_09,
    parcel: { grams: 1250, lengthCm: 30, breadthCm: 20, heightCm: 5 },
    ...over,
  }
}

/** A booking with a courier assigned: its ids and AWB. */
async function booked(sr: ReturnType<typeof shiprocket>, b: ParcelBooking) {
  const shipment = await sr.createShipment(b)
  const { awb } = await sr.assignCourier(shipment.providerShipmentId)
  return { ...shipment, awb }
}

describe('shiprocket settings', () => {
  it('names the four variables it needs and defaults the API address', () => {
    const env = z.object(shiprocketEnv).parse({})
    expect(env.SHIPROCKET_API_URL).toBe('https://apiv2.shiprocket.in')
    expect(missingShiprocketVariables(env)).toEqual([
      'SHIPROCKET_EMAIL',
      'SHIPROCKET_PASSWORD',
      'SHIPROCKET_WEBHOOK_TOKEN',
      'SHIPROCKET_PICKUP_LOCATION',
    ])
    expect(() => shiprocketSettings(env)).toThrow(/SHIPPING_PROVIDER=shiprocket needs SHIPROCKET_EMAIL/)
    expect(missingShiprocketVariables(z.object(shiprocketEnv).parse(standIn.env))).toEqual([])
  })
})

describe('shiprocket adapter (against a local stand-in)', () => {
  it('signs in, then books the order with Shiprocket’s fields and the amounts in rupees', async () => {
    const sr = shiprocket()
    const shipment = await sr.createShipment(booking('KS-1001-1', { ewayBill: '123456789012' }))
    const order = standIn.orders[0]!
    expect(shipment).toEqual({
      providerOrderId: String(order.id),
      providerShipmentId: String(order.shipmentId),
      awb: null,
      courier: null,
    })
    const [login, create] = standIn.calls
    expect(login).toEqual({
      method: 'POST',
      path: '/v1/external/auth/login',
      body: { email: account.email, password: account.password },
      authorization: false,
    })
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/external/orders/create/adhoc',
      authorization: true,
    })
    expect(create!.body).toEqual({
      order_id: 'KS-1001-1',
      // 09:15 UTC is 14:45 in India.
      order_date: '2026-03-01 14:45',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_address: '12 Temple Street',
      billing_address_2: 'Flat 3',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9845012345',
      shipping_is_billing: true,
      order_items: [
        { name: 'Silk saree', sku: 'SAR-1', units: 3, selling_price: 33.33 },
        { name: 'Diya', sku: 'DIY-2', units: 1, selling_price: 0.1 },
      ],
      payment_method: 'COD',
      shipping_charges: 49.99,
      transaction_charges: 0,
      total_discount: 10.01,
      sub_total: 100.09,
      length: 30,
      breadth: 20,
      height: 5,
      weight: 0.75,
      ewaybill_no: '123456789012',
    })
    // What the courier collects, by Shiprocket's sum, is the order's total to the paisa.
    const listed = (await (
      await fetch(`${standIn.url}/v1/external/orders?search=KS-1001-1`, {
        headers: { authorization: `Bearer ${await tokenOf()}` },
      })
    ).json()) as { data: Array<{ total: string }> }
    expect(listed.data[0]!.total).toBe('140.07')
  })

  it('puts what else the total holds (a COD fee) in transaction_charges, and books prepaid orders as Prepaid', async () => {
    const sr = shiprocket()
    await sr.createShipment(booking('KS-1002-1', { total: 140_07 + 25_00 }))
    await sr.createShipment(booking('KS-1003-1', { payment: 'prepaid', total: 140_07 - 2_00 }))
    const [cod, prepaid] = callsTo('/v1/external/orders/create/adhoc')
    expect(cod!.body).toMatchObject({ payment_method: 'COD', transaction_charges: 25, total_discount: 10.01 })
    expect(prepaid!.body).toMatchObject({
      payment_method: 'Prepaid',
      transaction_charges: 0,
      total_discount: 12.01,
    })
  })

  it('assigns the courier, asks for the pickup once, and downloads the label and manifest PDFs', async () => {
    const sr = shiprocket()
    const { providerShipmentId: id } = await sr.createShipment(booking('KS-1101-1'))
    const { awb, courier } = await sr.assignCourier(id)
    expect(awb).toBe(standIn.orders[0]!.awb)
    expect(courier).toBe('Delhivery Surface')
    expect(callsTo('/v1/external/courier/assign/awb')[0]!.body).toEqual({ shipment_id: Number(id) })
    // Asked again (a lost answer): the AWB the shipment holds.
    expect(await sr.assignCourier(id)).toEqual({ awb, courier })

    const pickup = await sr.requestPickup([id])
    expect(pickup.pickupOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(callsTo('/v1/external/courier/generate/pickup')[0]!.body).toEqual({ shipment_id: [Number(id)] })
    // Shiprocket refuses a second request for the same parcel ("Already in Pickup Queue."): the pickup stands.
    expect(await sr.requestPickup([id])).toEqual({ pickupOn: null })

    const label = await sr.labels([id])
    expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(label.toString('latin1')).toContain(awb)
    expect(callsTo('/v1/external/courier/generate/label')[0]!.body).toEqual({ shipment_id: [Number(id)] })
    // The file is fetched from where Shiprocket stored it, without the shop's token.
    expect(standIn.calls.find((c) => c.path.startsWith('/files/labels/'))?.authorization).toBe(false)

    const manifest = await sr.manifest([id])
    expect(manifest.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // Shiprocket generates a manifest once; a second copy is printed by its order id.
    const again = await sr.manifest([id])
    expect(again.toString('latin1')).toContain(awb)
    expect(callsTo('/v1/external/manifests/print')[0]!.body).toEqual({ order_ids: [standIn.orders[0]!.id] })
  })

  it('passes on Shiprocket’s own words when it assigns no courier', async () => {
    const sr = shiprocket()
    const { providerShipmentId } = await sr.createShipment(booking('KS-1201-1'))
    standIn.refuseCouriers('Courier not serviceable for pincode 560001')
    const refused = await sr.assignCourier(providerShipmentId).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ShippingProviderError)
    expect((refused as AppError).statusCode).toBe(502)
    expect((refused as Error).message).toBe(
      'Shiprocket could not assign a courier: Courier not serviceable for pincode 560001',
    )
  })

  it('finds the booking made under a reference, and not another whose id merely contains it', async () => {
    const sr = shiprocket()
    const made = await sr.createShipment(booking('KS-2001-12'))
    expect(await sr.findByReference('KS-2001-12')).toEqual(made)
    expect(await sr.findByReference('KS-2001-1')).toBeNull()
    expect(await sr.findByReference('KS-9999-1')).toBeNull()
    expect(callsTo('/v1/external/orders').at(-1)!.path).toContain('search=KS-9999-1')
  })

  it('after a booking timed out, finds the one Shiprocket made, so nothing is booked twice', async () => {
    const sr = shiprocket({ timeoutMs: 300 })
    const b = booking('KS-3001-1')
    standIn.delayNext('/orders/create/adhoc', 2_000)
    const late = await sr.createShipment(b).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(ShippingProviderError)
    expect((late as Error).message).toMatch(/did not answer/)

    // What a caller does before it tries again.
    const found = await sr.findByReference(b.reference)
    expect(found).toMatchObject({
      providerOrderId: String(standIn.orders[0]!.id),
      providerShipmentId: String(standIn.orders[0]!.shipmentId),
    })
    expect(standIn.orders).toHaveLength(1)
    expect(callsTo('/v1/external/orders/create/adhoc')).toHaveLength(1)
    // Even a caller that books again blindly gets Shiprocket's held order back, not a second one.
    expect(await sr.createShipment(b)).toEqual(found)
    expect(standIn.orders).toHaveLength(1)
  })

  it('refuses plainly to book again a reference cancelled in Shiprocket, and does not find it', async () => {
    const sr = shiprocket()
    await sr.createShipment(booking('KS-3101-1'))
    standIn.cancel('KS-3101-1')
    expect(await sr.findByReference('KS-3101-1')).toBeNull()
    await expect(sr.createShipment(booking('KS-3101-1'))).rejects.toThrow(/as cancelled/)
  })

  it('signs in again once when Shiprocket ends a token early, and the call succeeds', async () => {
    const sr = shiprocket()
    const { providerShipmentId } = await sr.createShipment(booking('KS-4001-1'))
    standIn.expireTokens()
    const { awb } = await sr.assignCourier(providerShipmentId)
    expect(awb).toBe(standIn.orders[0]!.awb)
    expect(logins()).toHaveLength(2)
    expect(callsTo('/v1/external/courier/assign/awb')).toHaveLength(2)
  })

  it('renews a token older than nine days before the call (the 10-day token never reaches its end)', async () => {
    let clock = Date.parse('2026-03-01T00:00:00Z')
    const sr = shiprocket({ now: () => clock })
    await sr.findByReference('KS-4101-1')
    clock += 8 * dayMs
    await sr.findByReference('KS-4101-1')
    expect(logins()).toHaveLength(1)
    clock += dayMs + 60_000
    await sr.findByReference('KS-4101-1')
    expect(logins()).toHaveLength(2)
    // Renewed first, not after a refusal: each list call was made once.
    expect(standIn.calls.map((c) => c.path.split('?')[0])).toEqual([
      '/v1/external/auth/login',
      '/v1/external/orders',
      '/v1/external/orders',
      '/v1/external/auth/login',
      '/v1/external/orders',
    ])
  })

  it('signs in once for calls made together', async () => {
    const sr = shiprocket()
    await Promise.all([sr.findByReference('A-1'), sr.findByReference('B-1'), sr.findByReference('C-1')])
    expect(logins()).toHaveLength(1)
  })

  it('says the sign-in was refused, naming the variables and never the password', async () => {
    const sr = shiprocket({ password: 'wrong-password-Zz9' })
    const refused = await sr.findByReference('KS-4201-1').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ShippingProviderError)
    const message = (refused as Error).message
    expect(message).toContain('Invalid email and password combination')
    expect(message).toContain('SHIPROCKET_PASSWORD')
    expect(message).not.toContain('wrong-password-Zz9')
    expect(message).not.toContain(account.password)
  })

  it('passes on Shiprocket’s refusals in its words, and says when it cannot be reached', async () => {
    const wrongPickup = await shiprocket({ pickupLocation: 'Warehouse 9' })
      .createShipment(booking('KS-4301-1'))
      .catch((e: unknown) => e)
    expect(wrongPickup).toBeInstanceOf(ShippingProviderError)
    expect((wrongPickup as Error).message).toBe(
      'Shiprocket refused to book the parcel: Wrong Pickup location entered. Please choose one location from data given.',
    )
    const noEmail = await shiprocket()
      .createShipment(booking('KS-4302-1', { to: { ...booking('x').to, email: null } }))
      .catch((e: unknown) => e)
    expect((noEmail as Error).message).toBe(
      'Shiprocket refused to book the parcel: Oops! Invalid Data. The billing email field is required.',
    )
    const down = await shiprocket({ apiUrl: 'http://127.0.0.1:9' })
      .findByReference('KS-4303-1')
      .catch((e: unknown) => e)
    expect(down).toBeInstanceOf(ShippingProviderError)
    expect((down as Error).message).toBe('Shiprocket could not be reached. Please try again in a minute.')
    expect(standIn.orders).toHaveLength(0)
  })

  it('maps the scans to the shop’s words, oldest first in UTC, through a failed delivery and a return', async () => {
    const sr = shiprocket()
    const { awb } = await booked(sr, booking('KS-5001-1'))
    expect(await sr.track(awb)).toEqual({ status: 'Booked', events: [] })

    standIn.scan(awb, {
      status: 'NA',
      activity: 'Pending Manifest Data Received',
      date: '2026-03-02 08:00:00',
    })
    standIn.scan(awb, { status: 'PICKED UP', date: '2026-03-02 10:00:00', location: 'Bengaluru hub' })
    standIn.scan(awb, { status: 'REACHED AT DESTINATION HUB', date: '2026-03-03 09:30:00' })
    // Reported after the hub scan, though it happened before it.
    standIn.scan(awb, { status: 'IN TRANSIT', date: '2026-03-02 18:45:00' })
    // A code Shiprocket added after its table: read by its label.
    standIn.scan(awb, { status: 99, label: 'IN TRANSIT-AT DESTINATION HUB', date: '2026-03-03 07:00:00' })
    standIn.scan(awb, { status: 98, label: 'SOMETHING NEW', date: '2026-03-03 08:00:00' })
    standIn.scan(awb, { status: 'OUT FOR DELIVERY', date: '2026-03-04 08:10:00' })
    standIn.scan(awb, {
      status: 'UNDELIVERED',
      date: '2026-03-04 19:00:00',
      activity: 'Consignee not available',
    })
    standIn.scan(awb, { status: 'RTO INITIATED', date: '2026-03-06 10:00:00' })
    expect((await sr.track(awb)).status).toBe('Returning to origin')

    standIn.scan(awb, { status: 'RTO DELIVERED', date: '2026-03-09 16:20:00', location: 'Bengaluru' })
    const tracking = await sr.track(awb)
    expect(tracking.status).toBe('Returned to origin')
    expect(tracking.events.map((e) => [e.status, e.at])).toEqual([
      ['Picked up', '2026-03-02T04:30:00.000Z'],
      ['In transit', '2026-03-02T13:15:00.000Z'],
      ['In transit', '2026-03-03T01:30:00.000Z'],
      ['In transit', '2026-03-03T04:00:00.000Z'],
      ['Out for delivery', '2026-03-04T02:40:00.000Z'],
      ['Delivery failed', '2026-03-04T13:30:00.000Z'],
      ['Returning to origin', '2026-03-06T04:30:00.000Z'],
      ['Returned to origin', '2026-03-09T10:50:00.000Z'],
    ])
    expect(tracking.events[0]).toEqual({
      status: 'Picked up',
      at: '2026-03-02T04:30:00.000Z',
      location: 'Bengaluru hub',
      detail: 'Picked up',
    })
    expect(tracking.events[5]!.detail).toBe('Consignee not available')
    expect(sr.trackingUrl(awb)).toBe(`https://shiprocket.co/tracking/${awb}`)
  })

  it('asks Shiprocket for another attempt with the corrected details, or for the parcel back, only after a failed delivery', async () => {
    const sr = shiprocket()
    const { awb } = await booked(sr, booking('KS-5101-1'))
    standIn.scan(awb, { status: 'OUT FOR DELIVERY', date: '2026-03-04 08:10:00' })
    const early = await sr
      .deliveryAction(awb, { kind: 'reattempt', phone: null, address: null, note: null })
      .catch((e: AppError) => e)
    expect(early).toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('Action can only be taken on NDR shipments.'),
    })

    standIn.scan(awb, {
      status: 'UNDELIVERED',
      date: '2026-03-04 19:00:00',
      activity: 'Consignee not available',
    })
    await sr.deliveryAction(awb, {
      kind: 'reattempt',
      phone: '9845012399',
      address: '14 Temple Street, behind the post office',
      note: 'Call before coming',
    })
    await sr.deliveryAction(awb, { kind: 'return', note: null })
    const actions = callsTo(`/v1/external/ndr/${awb}/action`)
    expect(actions.map((c) => c.body)).toEqual([
      // The refused one, before the failed delivery.
      { action: 're-attempt', comments: 'The customer asked for another delivery attempt.' },
      {
        action: 're-attempt',
        comments: 'Call before coming',
        phone: '9845012399',
        address1: '14 Temple Street, behind the post office',
      },
      { action: 'return', comments: 'The shop asked for the parcel back.' },
    ])
    expect(actions.every((c) => c.authorization)).toBe(true)
    expect((await sr.track(awb)).status).toBe('Returning to origin')
  })

  it('reads Shiprocket’s status codes by its tables, and leaves out what the shop has no word for', () => {
    expect(shiprocketStatus('6', 'SHIPPED')).toBe('In transit')
    expect(shiprocketStatus(7, 'DELIVERED')).toBe('Delivered')
    expect(shiprocketStatus('8', 'CANCELED')).toBe('Cancelled')
    expect(shiprocketStatus(14, 'RTO ACKNOWLEDGED')).toBe('Returned to origin')
    expect(shiprocketStatus(17, 'OUT FOR DELIVERY')).toBe('Out for delivery')
    expect(shiprocketStatus(21, 'UNDELIVERED')).toBe('Delivery failed')
    expect(shiprocketStatus(42, 'PICKED UP')).toBe('Picked up')
    expect(shiprocketStatus(46, 'RTO IN INTRANSIT')).toBe('Returning to origin')
    expect(shiprocketStatus(12, 'LOST')).toBeNull()
    expect(shiprocketStatus(23, 'PARTIAL_DELIVERED')).toBeNull()
    expect(shiprocketStatus('NA', 'NA')).toBeNull()
    expect(shiprocketStatus(undefined, 'RTO_OFD')).toBe('Returning to origin')
    expect(shiprocketStatus(undefined, 'Delivered')).toBe('Delivered')
  })

  it('reads a tracking callback only with the token set for the webhook', async () => {
    const sr = shiprocket()
    const { awb } = await booked(sr, booking('KS-6001-1'))
    standIn.scan(awb, { status: 'IN TRANSIT' })
    const body = standIn.webhookBody(awb)
    const refusal = (headers: Record<string, string>) => {
      try {
        sr.webhook.read(body, headers)
      } catch (e) {
        return e
      }
      return null
    }
    const wrong: Record<string, string>[] = [{}, { 'x-api-key': 'not-the-token' }, { 'x-api-key': '' }]
    for (const headers of wrong) {
      const e = refusal(headers)
      expect(e).toBeInstanceOf(UnauthorizedError)
      expect((e as AppError).statusCode).toBe(401)
    }
    const right = { 'x-api-key': account.webhookToken }
    const notice = sr.webhook.read(Buffer.from(body), right)
    expect(notice.awb).toBe(awb)
    expect(notice.payload).toMatchObject({ awb, current_status: 'IN TRANSIT', shipment_status_id: 18 })
    expect(() => sr.webhook.read('{not json', right)).toThrow(ValidationError)
    expect(() => sr.webhook.read('{"current_status":"DELIVERED"}', right)).toThrow(ValidationError)
    expect(sr.webhook.headers.safeParse({ 'x-api-key': 'k'.repeat(201) }).success).toBe(false)
    expect(sr.webhook.description).toContain('x-api-key')
  })

  it('books a reverse pickup: a return order from the customer to the shop’s pickup address, in rupees, then its AWB', async () => {
    const sr = shiprocket()
    const pickup = await sr.bookReturnPickup(returnPickup('RET-2026-00012'))
    const held = standIn.returns[0]!
    expect(pickup).toEqual({
      providerOrderId: String(held.id),
      providerShipmentId: String(held.shipmentId),
      awb: held.awb,
      courier: 'Delhivery Surface',
    })
    expect(pickup.awb).toMatch(/^\d+$/)
    // The shop's address is the one saved in the panel under SHIPROCKET_PICKUP_LOCATION, read from Shiprocket.
    expect(standIn.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/external/auth/login',
      'GET /v1/external/settings/company/pickup',
      'POST /v1/external/orders/create/return',
      'POST /v1/external/courier/assign/awb',
    ])
    const shop = standIn.pickupAddress
    expect(callsTo('/v1/external/orders/create/return')[0]!.body).toEqual({
      order_id: 'RET-2026-00012',
      // 04:40 UTC is 10:10 in India.
      order_date: '2026-03-20 10:10',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Rao',
      pickup_address: '12 Temple Street',
      pickup_address_2: 'Flat 3',
      pickup_city: 'Bengaluru',
      pickup_state: 'Karnataka',
      pickup_country: 'India',
      pickup_pincode: '560001',
      pickup_email: 'asha@example.com',
      pickup_phone: '9845012345',
      shipping_customer_name: shop.name,
      shipping_address: shop.address,
      shipping_address_2: shop.address_2,
      shipping_city: shop.city,
      shipping_state: shop.state,
      shipping_country: shop.country,
      shipping_pincode: shop.pin_code,
      shipping_email: shop.email,
      shipping_phone: shop.phone,
      order_items: [
        { name: 'Silk saree', sku: 'SAR-1', units: 3, selling_price: 33.33, qc_enable: false },
        { name: 'Diya', sku: 'DIY-2', units: 1, selling_price: 0.1, qc_enable: false },
      ],
      payment_method: 'Prepaid',
      sub_total: 100.09,
      length: 30,
      breadth: 20,
      height: 5,
      weight: 1.25,
    })
    expect(callsTo('/v1/external/courier/assign/awb')[0]!.body).toEqual({
      shipment_id: held.shipmentId,
      is_return: 1,
    })
    // A return is no forward booking: the forward order list knows nothing of it.
    expect(standIn.orders).toHaveLength(0)
    expect(sr.trackingUrl(pickup.awb!)).toBe(`https://shiprocket.co/tracking/${pickup.awb}`)
  })

  it('books a reverse pickup once: a retry under the same reference carries on with the return Shiprocket holds', async () => {
    const sr = shiprocket({ timeoutMs: 300 })
    const b = returnPickup('RET-2026-00013')
    // Shiprocket makes the return order but answers too late.
    standIn.delayNext('/orders/create/return', 2_000)
    const late = await sr.bookReturnPickup(b).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(ShippingProviderError)
    expect((late as Error).message).toMatch(/did not answer/)
    expect(standIn.returns).toHaveLength(1)

    // Shiprocket refuses the id it holds; the adapter finds that return in Shiprocket's list and assigns its AWB.
    const again = await sr.bookReturnPickup(b)
    expect(standIn.returns).toHaveLength(1)
    expect(again).toMatchObject({
      providerOrderId: String(standIn.returns[0]!.id),
      providerShipmentId: String(standIn.returns[0]!.shipmentId),
      awb: standIn.returns[0]!.awb,
    })
    expect(callsTo('/v1/external/orders/processing/return')).toHaveLength(1)

    // Once more, after it succeeded: the same pickup, and no second AWB asked for.
    expect(await sr.bookReturnPickup(b)).toEqual(again)
    expect(standIn.returns).toHaveLength(1)
    expect(callsTo('/v1/external/courier/assign/awb')).toHaveLength(1)
  })

  it('passes on Shiprocket’s refusal of a reverse pickup, and says when the shop’s pickup address is missing', async () => {
    const noEmail = await shiprocket()
      .bookReturnPickup(returnPickup('RET-2026-00014', { from: { ...booking('x').to, email: null } }))
      .catch((e: unknown) => e)
    expect(noEmail).toBeInstanceOf(ShippingProviderError)
    expect((noEmail as AppError).statusCode).toBe(502)
    expect((noEmail as Error).message).toBe(
      'Shiprocket refused to book the return pickup: Oops! Invalid Data. The pickup email field is required.',
    )

    const elsewhere = await shiprocket({ pickupLocation: 'Warehouse 9' })
      .bookReturnPickup(returnPickup('RET-2026-00015'))
      .catch((e: unknown) => e)
    expect(elsewhere).toBeInstanceOf(ShippingProviderError)
    expect((elsewhere as Error).message).toContain('no complete pickup address called “Warehouse 9”')

    standIn.refuseCouriers('Reverse pickup not serviceable for pincode 560001')
    const noCourier = await shiprocket()
      .bookReturnPickup(returnPickup('RET-2026-00016'))
      .catch((e: unknown) => e)
    expect((noCourier as Error).message).toBe(
      'Shiprocket could not assign a courier: Reverse pickup not serviceable for pincode 560001',
    )
    expect(standIn.returns.map((r) => r.channelOrderId)).toEqual(['RET-2026-00016'])
    // Tried again once a courier serves it: the return made the first time gets its AWB.
    standIn.refuseCouriers(null)
    const later = await shiprocket().bookReturnPickup(returnPickup('RET-2026-00016'))
    expect(later.awb).toBe(standIn.returns[0]!.awb)
    expect(standIn.returns).toHaveLength(1)
  })

  it('reads COD remittances from each delivered COD order, in paise exactly', async () => {
    const sr = shiprocket()
    const today = istDay(Date.now())
    const placedAt = new Date(Date.now() - 6 * dayMs)
    const one = (price: number) => ({
      placedAt,
      items: [{ name: 'Brass lamp', sku: 'LMP-1', units: 1, price }],
      shippingCharge: 0,
      discount: 0,
      total: price,
    })
    const a = await booked(sr, booking('KS-7001-1', one(1234_56)))
    const b = await booked(sr, booking('KS-7002-1', one(999_99)))
    const prepaid = await booked(sr, booking('KS-7003-1', { ...one(500_00), payment: 'prepaid' }))
    const undelivered = await booked(sr, booking('KS-7004-1', one(700_00)))
    for (const awb of [a.awb, b.awb, prepaid.awb]) standIn.scan(awb, { status: 'DELIVERED' })
    standIn.scan(undelivered.awb, { status: 'IN TRANSIT' })
    standIn.remit([a.awb, b.awb], 'UTR000012345678', today)

    const remittances = await sr.remittances(istDay(Date.now() - 2 * dayMs))
    expect(remittances).toHaveLength(1)
    const [r] = remittances
    expect(r).toMatchObject({ reference: 'UTR000012345678', date: today, total: 2234_55 })
    expect([...r!.parcels].sort((x, y) => x.amount - y.amount)).toEqual([
      { awb: b.awb, amount: 999_99 },
      { awb: a.awb, amount: 1234_56 },
    ])
    // Only the delivered COD orders were opened.
    expect(callsTo('/v1/external/orders').at(-1)!.path).toContain('filter_by=payment_method&filter=cod')
    expect(standIn.calls.filter((c) => c.path.startsWith('/v1/external/orders/show/'))).toHaveLength(2)
    expect(await sr.remittances(istDay(Date.now() + dayMs))).toEqual([])
  })
})

/** A token of the stand-in's own, for reading it directly as a test. */
async function tokenOf(): Promise<string> {
  const res = await fetch(`${standIn.url}/v1/external/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  return ((await res.json()) as { token: string }).token
}
