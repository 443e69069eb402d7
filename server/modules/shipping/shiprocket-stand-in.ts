import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import PDFDocument from 'pdfkit'

/** One call the shop made, as the stand-in received it: whether it carried a bearer token, never the token. */
export type ShiprocketStandInCall = {
  method: string
  path: string
  body: Record<string, unknown>
  authorization: boolean
}

/** One courier scan of a parcel, as Shiprocket's tracking lists it. */
export type ShiprocketStandInScan = {
  /** Indian time, "YYYY-MM-DD HH:mm:ss". */
  date: string
  code: number | null
  label: string
  activity: string
  location: string
}

/** A booking the stand-in holds, in Shiprocket's terms. */
export type ShiprocketStandInOrder = {
  /** A forward order (`orders/create/adhoc`) or a return order (`orders/create/return`). */
  kind: 'forward' | 'return'
  id: number
  channelOrderId: string
  shipmentId: number
  /** The create call's body, as sent. */
  request: Record<string, unknown>
  awb: string | null
  courier: string | null
  pickupScheduledDate: string | null
  manifested: boolean
  cancelled: boolean
  scans: ShiprocketStandInScan[]
  remittance: { utr: string; date: string } | null
}

/** Shiprocket's shipment status codes and labels (its Tracking table), for the scans a test adds. */
const statusLabels: Record<number, string> = {
  1: 'AWB ASSIGNED',
  3: 'PICKUP SCHEDULED',
  5: 'MANIFEST GENERATED',
  6: 'SHIPPED',
  7: 'DELIVERED',
  8: 'CANCELED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  12: 'LOST',
  14: 'RTO ACKNOWLEDGED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  21: 'UNDELIVERED',
  22: 'DELAYED',
  38: 'REACHED AT DESTINATION HUB',
  42: 'PICKED UP',
  46: 'RTO IN INTRANSIT',
}
const courierName = 'Delhivery Surface'
const pickupLocation = 'Primary'
/** The pickup address saved in the panel under that nickname (Get All Pickup Locations). */
const pickupAddress = {
  id: 4984500,
  pickup_location: pickupLocation,
  address_type: null,
  address: '7 Weavers Lane, Chickpet',
  address_2: 'First floor',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pin_code: '560053',
  email: 'dispatch@shop.example',
  phone: '9845000001',
  name: 'Kalaa Shop Dispatch',
  company_id: 25149,
  status: 2,
  phone_verified: 1,
  is_primary_location: 1,
}
/** The return order's required fields (Create a Return Order). */
const returnRequiredFields = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_email',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
]
/** The create call's required fields (Create Custom Order). */
const requiredFields = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
]

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const istNow = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)
const byDate = (a: ShiprocketStandInScan, b: ShiprocketStandInScan) => a.date.localeCompare(b.date)

/** A one-page PDF naming what it is for (uncompressed, so a test can read the words in its bytes). */
function tinyPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A6', margin: 20, compress: false, info: { Title: title } })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  pdf.fontSize(14).text(title)
  pdf.fontSize(10)
  for (const line of lines) pdf.text(line)
  pdf.end()
  return done
}

/**
 * A local copy of the part of Shiprocket's API the shop calls, for the tests (decision 116): sign-in for a
 * bearer token (and a 401 for any other or expired token), custom orders with Shiprocket's required fields
 * and its answer to an order id it already holds (the order it has, unchanged: it never books one twice), the
 * order list and its search, an order's page with its COD remittance, AWB assignment, pickups (one shipment a
 * call, "Already in Pickup Queue." the second time), labels and manifests as PDF files on itself, tracking by
 * AWB, return orders for reverse pickups (their required fields, "The order id has already been taken." for an
 * id it holds, and their list), the pickup address saved under its nickname, and errors in Shiprocket's shapes. It listens on a free port of 127.0.0.1; a test adds scans
 * (`scan`), remittances (`remit`), slow answers (`delayNext`) and expired tokens (`expireTokens`), and reads
 * what the shop asked (`calls`) and what it holds (`orders`, `returns`).
 */
export function startShiprocketStandIn(account: { email: string; password: string; webhookToken: string }) {
  const calls: ShiprocketStandInCall[] = []
  const orders: ShiprocketStandInOrder[] = []
  const returns: ShiprocketStandInOrder[] = []
  const tokens = new Map<string, { expired: boolean }>()
  const delays: Array<{ fragment: string; ms: number }> = []
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const files = new Map<string, { title: string; lines: string[] }>()
  let courierRefusal: string | null = null
  let serial = 0
  let url = ''

  // Forward and return shipments share Shiprocket's shipment ids, AWBs and tracking.
  const byShipment = (id: unknown) => [...orders, ...returns].find((o) => o.shipmentId === Number(id))
  const byAwb = (awb: string) => [...orders, ...returns].find((o) => o.awb === awb)
  const latest = (o: ShiprocketStandInOrder) => [...o.scans].sort(byDate).at(-1) ?? null
  const orderStatus = (o: ShiprocketStandInOrder) =>
    o.cancelled
      ? { status: 'CANCELED', status_code: 5 }
      : latest(o)
        ? { status: latest(o)!.label, status_code: latest(o)!.code ?? 0 }
        : o.awb
          ? { status: 'READY TO SHIP', status_code: 3 }
          : { status: 'NEW', status_code: 1 }
  const deliveredOn = (o: ShiprocketStandInOrder) =>
    [...o.scans].sort(byDate).find((s) => s.code === 7 || s.label === 'DELIVERED')?.date ?? null
  // Shiprocket's order total (what a COD courier collects): sub_total and the charges, less the discount.
  const paise = (v: unknown) => Math.round(Number(v ?? 0) * 100)
  const amountOf = (o: ShiprocketStandInOrder) =>
    (paise(o.request.sub_total) +
      paise(o.request.shipping_charges) +
      paise(o.request.transaction_charges) +
      paise(o.request.giftwrap_charges) -
      paise(o.request.total_discount)) /
    100
  const isCod = (o: ShiprocketStandInOrder) => String(o.request.payment_method).toUpperCase() === 'COD'

  function fileUrl(kind: 'labels' | 'manifests', title: string, lines: string[]) {
    const name = `${kind}/${++serial}-${randomBytes(4).toString('hex')}.pdf`
    files.set(name, { title, lines })
    return `${url}/files/${name}`
  }

  function listed(o: ShiprocketStandInOrder) {
    return {
      id: o.id,
      channel_id: 76893,
      channel_name: 'CUSTOM',
      base_channel_code: 'CS',
      channel_order_id: o.channelOrderId,
      customer_name: `${o.request.billing_customer_name} ${o.request.billing_last_name ?? ''}`.trim(),
      pickup_location: o.request.pickup_location,
      total: amountOf(o).toFixed(2),
      ...orderStatus(o),
      payment_method: isCod(o) ? 'cod' : 'prepaid',
      created_at: String(o.request.order_date),
      shipments: [
        {
          id: o.shipmentId,
          courier: o.courier ?? '',
          awb: o.awb ?? '',
          pickup_scheduled_date: o.pickupScheduledDate,
          delivered_date: deliveredOn(o),
        },
      ],
    }
  }

  /** The answer to one request: status and JSON body, or a file. */
  async function answer(
    req: IncomingMessage,
    body: Record<string, unknown>,
  ): Promise<{ status: number; json?: unknown; pdf?: Buffer }> {
    const { pathname, searchParams } = new URL(req.url!, 'http://stand-in')
    const method = req.method!
    const refuse = (status: number, message: string, extra: Record<string, unknown> = {}) => ({
      status,
      json: { message, ...extra, status_code: status },
    })
    /** Shiprocket's 422 naming each required field left out or empty, or null when none is. */
    const missingOf = (given: Record<string, unknown>, required: string[]) => {
      const missing = required.filter((f) => given[f] === undefined || given[f] === '' || given[f] === null)
      return missing.length === 0
        ? null
        : refuse(422, 'Oops! Invalid Data.', {
            errors: Object.fromEntries(
              missing.map((f) => [f, [`The ${f.replace(/_/g, ' ')} field is required.`]]),
            ),
          })
    }

    const file = pathname.match(/^\/files\/(.+)$/)
    if (method === 'GET' && file) {
      const doc = files.get(file[1]!)
      return doc
        ? { status: 200, pdf: await tinyPdf(doc.title, doc.lines) }
        : { status: 404, json: { message: 'NoSuchKey' } }
    }

    if (method === 'POST' && pathname === '/v1/external/auth/login') {
      if (body.email !== account.email || body.password !== account.password) {
        return refuse(400, 'Invalid email and password combination')
      }
      const token = randomBytes(24).toString('base64url')
      tokens.set(token, { expired: false })
      return {
        status: 200,
        json: {
          id: 1,
          first_name: 'API',
          email: account.email,
          company_id: 25149,
          created_at: istNow(),
          token,
        },
      }
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !tokens.has(bearer) || tokens.get(bearer)!.expired) return refuse(401, 'Unauthenticated.')

    if (method === 'POST' && pathname === '/v1/external/orders/create/adhoc') {
      const missing = missingOf(body, requiredFields)
      if (missing) return missing
      if (body.pickup_location !== pickupLocation) {
        return refuse(422, 'Wrong Pickup location entered. Please choose one location from data given')
      }
      // An order id Shiprocket holds answers that order, unchanged ("does not change or affect the existing order").
      const held = orders.find((o) => o.channelOrderId === String(body.order_id))
      const order =
        held ??
        (() => {
          const n = orders.length + 1
          const created: ShiprocketStandInOrder = {
            kind: 'forward',
            id: 500_000_000 + n,
            channelOrderId: String(body.order_id),
            shipmentId: 600_000_000 + n,
            request: body,
            awb: null,
            courier: null,
            pickupScheduledDate: null,
            manifested: false,
            cancelled: false,
            scans: [],
            remittance: null,
          }
          orders.push(created)
          return created
        })()
      return {
        status: 200,
        json: {
          order_id: order.id,
          shipment_id: order.shipmentId,
          ...orderStatus(order),
          onboarding_completed_now: 0,
          awb_code: order.awb ?? '',
          courier_company_id: order.awb ? 43 : '',
          courier_name: order.courier ?? '',
        },
      }
    }

    if (method === 'GET' && pathname === '/v1/external/settings/company/pickup') {
      return {
        status: 200,
        json: {
          data: {
            shipping_address: [pickupAddress],
            allow_more: 'true',
            is_blackbox_seller: false,
            company_name: 'Kalaa Shop',
            recent_addresses: [],
          },
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/orders/create/return') {
      const missing = missingOf(body, returnRequiredFields)
      if (missing) return missing
      const items = Array.isArray(body.order_items) ? body.order_items : []
      const itemFields = ['name', 'sku', 'units', 'selling_price']
      const badItem = items.length === 0 || items.some((i) => missingOf(record(i), itemFields))
      if (badItem) {
        return refuse(422, 'Oops! Invalid Data.', {
          errors: { order_items: ['Each order item needs its name, sku, units and selling price.'] },
        })
      }
      if (String(body.payment_method).toLowerCase() !== 'prepaid') {
        return refuse(422, 'Oops! Invalid Data.', {
          errors: { payment_method: ['The payment method of a return order must be prepaid.'] },
        })
      }
      // Unlike a custom order, a return order id Shiprocket holds is refused, not answered with the one it has.
      if (returns.some((o) => o.channelOrderId === String(body.order_id))) {
        return refuse(422, 'Oops! Invalid Data.', {
          errors: { order_id: ['The order id has already been taken.'] },
        })
      }
      const n = returns.length + 1
      const created: ShiprocketStandInOrder = {
        kind: 'return',
        id: 700_000_000 + n,
        channelOrderId: String(body.order_id),
        shipmentId: 800_000_000 + n,
        request: body,
        awb: null,
        courier: null,
        pickupScheduledDate: null,
        manifested: false,
        cancelled: false,
        scans: [],
        remittance: null,
      }
      returns.push(created)
      return {
        status: 200,
        json: {
          order_id: created.id,
          shipment_id: created.shipmentId,
          status: 'RETURN PENDING',
          status_code: 21,
          company_name: 'Kalaa Shop',
        },
      }
    }

    if (method === 'GET' && pathname === '/v1/external/orders/processing/return') {
      const perPage = Math.max(1, Number(searchParams.get('per_page') ?? 15))
      const page = Math.max(1, Number(searchParams.get('page') ?? 1))
      const newestFirst = [...returns].sort((a, b) => b.id - a.id)
      const totalPages = Math.max(1, Math.ceil(newestFirst.length / perPage))
      return {
        status: 200,
        json: {
          data: newestFirst.slice((page - 1) * perPage, page * perPage).map((o) => ({
            id: o.id,
            channel_id: 76893,
            channel_name: 'CUSTOM',
            base_channel_code: 'CS',
            channel_order_id: o.channelOrderId,
            customer_name: `${o.request.pickup_customer_name} ${o.request.pickup_last_name ?? ''}`.trim(),
            customer_pincode: String(o.request.pickup_pincode),
            total: Number(o.request.sub_total).toFixed(2),
            status: o.cancelled ? 'RETURN CANCELLED' : 'RETURN PENDING',
            status_code: o.cancelled ? 5 : 21,
            payment_method: 'prepaid',
            cod: 0,
            shipment_id: o.shipmentId,
            shipments: [{ isd_code: '+91', courier: o.courier ?? '', awb: o.awb ?? '' }],
          })),
          meta: {
            pagination: {
              total: newestFirst.length,
              per_page: perPage,
              current_page: page,
              total_pages: totalPages,
            },
          },
        },
      }
    }

    if (method === 'GET' && pathname === '/v1/external/orders') {
      const search = searchParams.get('search')
      const filterBy = searchParams.get('filter_by')
      const filter = (searchParams.get('filter') ?? '').toLowerCase()
      const from = searchParams.get('from')
      const to = searchParams.get('to')
      const perPage = Math.max(1, Number(searchParams.get('per_page') ?? 15))
      const page = Math.max(1, Number(searchParams.get('page') ?? 1))
      const matching = orders
        .filter((o) => !search || o.channelOrderId.includes(search) || o.awb === search)
        .filter((o) => {
          if (filterBy === 'payment_method') return (isCod(o) ? 'cod' : 'prepaid') === filter
          if (filterBy === 'status') return orderStatus(o).status.toLowerCase() === filter
          if (filterBy === 'channel_order_id') return o.channelOrderId.toLowerCase() === filter
          return true
        })
        .filter((o) => {
          const day = String(o.request.order_date).slice(0, 10)
          return (!from || day >= from) && (!to || day <= to)
        })
        .sort((a, b) => b.id - a.id)
      const totalPages = Math.max(1, Math.ceil(matching.length / perPage))
      return {
        status: 200,
        json: {
          data: matching.slice((page - 1) * perPage, page * perPage).map(listed),
          meta: {
            pagination: {
              total: matching.length,
              count: Math.min(perPage, Math.max(0, matching.length - (page - 1) * perPage)),
              per_page: perPage,
              current_page: page,
              total_pages: totalPages,
              links: page < totalPages ? { next: `${url}/v1/external/orders?page=${page + 1}` } : {},
            },
          },
        },
      }
    }

    const shown = pathname.match(/^\/v1\/external\/orders\/show\/(\d+)$/)
    if (method === 'GET' && shown) {
      const o = orders.find((x) => x.id === Number(shown[1]))
      if (!o) return refuse(400, 'Order ID not found')
      const amount = amountOf(o)
      return {
        status: 200,
        json: {
          data: {
            ...listed(o),
            total: amount,
            net_total: amount.toFixed(2),
            cod: isCod(o) ? 1 : 0,
            shipments: { id: o.shipmentId, order_id: o.id, awb: o.awb, courier: o.courier ?? '' },
            awb_data: { awb: o.awb ?? '' },
            delivered_date: deliveredOn(o),
            remittance_date: o.remittance?.date ?? '',
            remittance_utr: o.remittance?.utr ?? '',
            remittance_status: o.remittance ? 'Remitted' : '',
          },
        },
      }
    }

    const shipment = pathname.match(/^\/v1\/external\/shipments\/(\d+)$/)
    if (method === 'GET' && shipment) {
      const o = byShipment(shipment[1])
      if (!o) return { status: 200, json: {} }
      return {
        status: 200,
        json: {
          data: {
            id: o.shipmentId,
            order_id: o.id,
            courier: o.courier,
            awb: o.awb,
            total: amountOf(o).toFixed(2),
            status: orderStatus(o).status_code,
            manifest_url: null,
            label_url: null,
          },
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/courier/assign/awb') {
      if (body.shipment_id === undefined || body.shipment_id === '') {
        return refuse(422, 'Required field missing', {
          errors: { shipment_id: ['The shipment id field is required.'] },
        })
      }
      const o = byShipment(body.shipment_id)
      if (!o || o.cancelled) return refuse(400, 'Invalid shipment id')
      if (courierRefusal || o.awb) {
        return {
          status: 200,
          json: {
            awb_assign_status: 0,
            response: { data: { awb_assign_error: courierRefusal ?? 'AWB is already assigned' } },
          },
        }
      }
      o.awb = `1411${String(o.shipmentId).slice(-10).padStart(10, '0')}`
      o.courier = courierName
      return {
        status: 200,
        json: {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: 43,
              awb_code: o.awb,
              cod: isCod(o) ? 1 : 0,
              order_id: o.id,
              shipment_id: o.shipmentId,
              awb_code_status: 1,
              assigned_date_time: { date: `${istNow()}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
              applied_weight: Number(o.request.weight),
              courier_name: courierName,
              pickup_scheduled_date: null,
            },
          },
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/courier/generate/pickup') {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id : []
      const o = ids.length === 1 ? byShipment(ids[0]) : undefined
      if (!o?.awb || o.cancelled) return refuse(400, 'Invalid shipment id')
      if (o.pickupScheduledDate) return refuse(400, 'Already in Pickup Queue.')
      const tomorrow = new Date(Date.now() + 29.5 * 3600_000).toISOString().slice(0, 10)
      o.pickupScheduledDate = `${tomorrow} 11:00:00`
      return {
        status: 200,
        json: {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: o.pickupScheduledDate,
            pickup_token_number: `Reference No: ${o.shipmentId}`,
            status: 3,
            pickup_generated_date: { date: `${istNow()}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
            data: `Pickup is confirmed by ${courierName} For AWB :- ${o.awb}`,
          },
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/courier/generate/label') {
      if (!Array.isArray(body.shipment_id)) {
        return refuse(422, 'Oops! Invalid Data.', {
          errors: { shipment_id: ['The shipment id must be an array.'] },
        })
      }
      const wanted = body.shipment_id.map(byShipment)
      const ready = wanted.filter((o) => o?.awb)
      if (ready.length === 0) {
        return {
          status: 200,
          json: { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' },
        }
      }
      return {
        status: 200,
        json: {
          label_created: 1,
          label_url: fileUrl(
            'labels',
            `Shipping label ${ready.map((o) => o!.awb).join(' ')}`,
            ready.map((o) => `AWB ${o!.awb} · ${courierName} · order ${o!.channelOrderId}`),
          ),
          response: 'Label has been created and uploaded successfully!',
          not_created: body.shipment_id.filter((_, n) => !wanted[n]?.awb),
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/manifests/generate') {
      const wanted = (Array.isArray(body.shipment_id) ? body.shipment_id : []).map(byShipment)
      if (wanted.length === 0 || wanted.some((o) => !o?.awb || !o.pickupScheduledDate)) {
        return { status: 200, json: { status: 1, manifest_url: '' } }
      }
      const again = wanted.filter((o) => o!.manifested)
      if (again.length > 0) {
        return refuse(
          400,
          'Manifest already generated for some shipment_ids, Please try again after removin them',
          {
            already_manifested_shipment_ids: again.map((o) => o!.shipmentId),
          },
        )
      }
      for (const o of wanted) o!.manifested = true
      return {
        status: 200,
        json: {
          status: 1,
          manifest_url: fileUrl(
            'manifests',
            `Manifest ${wanted.map((o) => o!.awb).join(' ')}`,
            wanted.map((o) => `AWB ${o!.awb}`),
          ),
        },
      }
    }

    if (method === 'POST' && pathname === '/v1/external/manifests/print') {
      const wanted = (Array.isArray(body.order_ids) ? body.order_ids : []).map((id) =>
        orders.find((o) => o.id === Number(id)),
      )
      if (wanted.length === 0 || wanted.some((o) => !o?.manifested))
        return { status: 200, json: { manifest_url: '' } }
      return {
        status: 200,
        json: {
          manifest_url: fileUrl(
            'manifests',
            `Manifest ${wanted.map((o) => o!.awb).join(' ')}`,
            wanted.map((o) => `AWB ${o!.awb}`),
          ),
        },
      }
    }

    // NDR action: another attempt (with a corrected phone or address) or a return, on an undelivered parcel.
    const ndr = pathname.match(/^\/v1\/external\/ndr\/([^/]+)\/action$/)
    if (method === 'POST' && ndr) {
      const o = byAwb(decodeURIComponent(ndr[1]!))
      if (!o) return refuse(400, 'Invalid AWB')
      const last = [...o.scans].sort(byDate).at(-1)
      if (last?.code !== 21) return refuse(400, 'Action can only be taken on NDR shipments.')
      if (body.action !== 're-attempt' && body.action !== 'return') {
        return refuse(422, 'The selected action is invalid.')
      }
      if (typeof body.comments !== 'string' || !body.comments) {
        return refuse(422, 'The comments field is required.')
      }
      if (body.action === 'return') {
        o.scans.push({
          date: istNow(),
          code: 9,
          label: statusLabels[9]!,
          activity: 'RTO initiated',
          location: last.location,
        })
      }
      return { status: 200, json: { status: true, message: 'Action taken successfully.' } }
    }

    const tracked = pathname.match(/^\/v1\/external\/courier\/track\/awb\/([^/]+)$/)
    if (method === 'GET' && tracked) {
      const awb = decodeURIComponent(tracked[1]!)
      const o = byAwb(awb)
      if (!o || o.scans.length === 0) {
        return {
          status: 200,
          json: {
            tracking_data: {
              track_status: 0,
              error:
                'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
            },
          },
        }
      }
      const newestFirst = [...o.scans].sort(byDate).reverse()
      const now = newestFirst[0]!
      return {
        status: 200,
        json: {
          tracking_data: {
            track_status: 1,
            shipment_status: now.code,
            shipment_track: [
              {
                id: o.shipmentId,
                awb_code: awb,
                courier_company_id: 43,
                shipment_id: o.shipmentId,
                order_id: o.id,
                pickup_date: null,
                delivered_date: deliveredOn(o),
                weight: String(o.request.weight),
                packages: 1,
                current_status: now.label,
                destination: String(o.request.billing_city),
                courier_name: courierName,
              },
            ],
            shipment_track_activities: newestFirst.map((s) => ({
              date: s.date,
              status: s.label.slice(0, 3),
              activity: s.activity,
              location: s.location,
              'sr-status': s.code === null ? 'NA' : String(s.code),
              'sr-status-label': s.label,
            })),
            track_url: `https://shiprocket.co//tracking/${awb}`,
            etd: null,
          },
        },
      }
    }

    return refuse(404, '404 Not Found')
  }

  const server: Server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      let body: Record<string, unknown> = {}
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {}
        body =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : {}
      } catch {
        body = {}
      }
      calls.push({
        method: req.method!,
        path: req.url!,
        body,
        authorization: Boolean(req.headers.authorization),
      })
      const delay = delays.findIndex((d) => req.url!.includes(d.fragment))
      const ms = delay >= 0 ? delays.splice(delay, 1)[0]!.ms : 0
      // The work is done at once; only the answer waits, like a server that is slow to reply.
      answer(req, body).then(
        (a) => {
          const reply = () => {
            timers.delete(timer)
            if (res.destroyed) return
            if (a.pdf) {
              res.writeHead(a.status, { 'content-type': 'application/pdf' })
              res.end(a.pdf)
            } else {
              res.writeHead(a.status, { 'content-type': 'application/json' })
              res.end(JSON.stringify(a.json))
            }
          }
          const timer = setTimeout(reply, ms)
          timers.add(timer)
        },
        () => {
          res.writeHead(500, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Internal server error.', status_code: 500 }))
        },
      )
    })
  })

  return new Promise<{
    url: string
    /** The settings that point a shop at this stand-in. */
    env: {
      SHIPPING_PROVIDER: 'shiprocket'
      SHIPROCKET_EMAIL: string
      SHIPROCKET_PASSWORD: string
      SHIPROCKET_WEBHOOK_TOKEN: string
      SHIPROCKET_PICKUP_LOCATION: string
      SHIPROCKET_API_URL: string
    }
    calls: ShiprocketStandInCall[]
    orders: ShiprocketStandInOrder[]
    /** The return orders (reverse pickups) it holds. */
    returns: ShiprocketStandInOrder[]
    /** The pickup address saved under SHIPROCKET_PICKUP_LOCATION, as Shiprocket lists it. */
    pickupAddress: typeof pickupAddress
    stop(): Promise<void>
    /** Every token issued so far answers 401 from now on, as one that ended early. */
    expireTokens(): void
    /** The next call whose path holds `fragment` is answered `ms` later; what it does is done at once. */
    delayNext(fragment: string, ms: number): void
    /** A courier scan of the parcel: a status label or code (Shiprocket's table), where and when (IST). */
    scan(
      awb: string,
      scan: { status: string | number; label?: string; location?: string; date?: string; activity?: string },
    ): void
    /** The JSON body of the tracking callback Shiprocket would send for the parcel now. */
    webhookBody(awb: string): string
    /** A COD remittance: the bank reference (UTR) and the day (YYYY-MM-DD) it paid these parcels. */
    remit(awbs: string[], reference: string, date: string): void
    /** Cancels the booking made under this order id, as staff would in the panel. */
    cancel(channelOrderId: string): void
    /** Assigning a courier is refused with these words until set to null (Shiprocket answers such with 200). */
    refuseCouriers(message: string | null): void
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const parcel = (awb: string) => {
        const o = byAwb(awb)
        if (!o) throw new Error(`The Shiprocket stand-in has no parcel ${awb}.`)
        return o
      }
      resolve({
        url,
        env: {
          SHIPPING_PROVIDER: 'shiprocket',
          SHIPROCKET_EMAIL: account.email,
          SHIPROCKET_PASSWORD: account.password,
          SHIPROCKET_WEBHOOK_TOKEN: account.webhookToken,
          SHIPROCKET_PICKUP_LOCATION: pickupLocation,
          SHIPROCKET_API_URL: url,
        },
        calls,
        orders,
        returns,
        pickupAddress,
        stop: () =>
          new Promise<void>((r) => {
            for (const t of timers) clearTimeout(t)
            timers.clear()
            server.close(() => r())
            server.closeAllConnections()
          }),
        expireTokens() {
          for (const t of tokens.values()) t.expired = true
        },
        delayNext(fragment, ms) {
          delays.push({ fragment, ms })
        },
        scan(awb, scan) {
          const code =
            typeof scan.status === 'number'
              ? scan.status
              : Number(
                  Object.entries(statusLabels).find(([, label]) => label === scan.status)?.[0] ?? Number.NaN,
                )
          const label =
            scan.label ??
            (typeof scan.status === 'string' ? scan.status : (statusLabels[scan.status] ?? 'NA'))
          parcel(awb).scans.push({
            date: scan.date ?? istNow(),
            code: Number.isNaN(code) ? null : code,
            label,
            activity: scan.activity ?? label.charAt(0) + label.slice(1).toLowerCase(),
            location: scan.location ?? 'BLR/FC1, BANGALORE, KARNATAKA',
          })
        },
        webhookBody(awb) {
          const o = parcel(awb)
          const scans = [...o.scans].sort(byDate)
          const now = scans.at(-1)
          const t = istNow()
          return JSON.stringify({
            awb,
            courier_name: o.courier,
            current_status: now?.label ?? 'AWB ASSIGNED',
            current_status_id: now?.code ?? 1,
            shipment_status: now?.label ?? 'AWB ASSIGNED',
            shipment_status_id: now?.code ?? 1,
            current_timestamp: `${t.slice(8, 10)} ${t.slice(5, 7)} ${t.slice(0, 4)} ${t.slice(11)}`,
            order_id: o.channelOrderId,
            sr_order_id: o.id,
            awb_assigned_date: t,
            pickup_scheduled_date: o.pickupScheduledDate,
            etd: null,
            scans: scans.map((s) => ({
              date: s.date,
              status: s.label.slice(0, 3),
              activity: s.activity,
              location: s.location,
              'sr-status': s.code === null ? 'NA' : String(s.code),
              'sr-status-label': s.label,
            })),
            is_return: 0,
            channel_id: 76893,
            pod_status: '',
            pod: 'Not Available',
          })
        },
        remit(awbs, reference, date) {
          for (const awb of awbs) {
            const o = parcel(awb)
            if (!isCod(o) || !deliveredOn(o)) throw new Error(`Parcel ${awb} is not a delivered COD parcel.`)
            o.remittance = { utr: reference, date }
          }
        },
        cancel(channelOrderId) {
          const o = orders.find((x) => x.channelOrderId === channelOrderId)
          if (!o) throw new Error(`The Shiprocket stand-in has no order ${channelOrderId}.`)
          o.cancelled = true
        },
        refuseCouriers(message) {
          courierRefusal = message
        },
      })
    })
  })
}
