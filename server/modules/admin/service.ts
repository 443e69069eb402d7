import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  approvalInputSchema,
  customerDisableSchema,
  listQuerySchema,
  messageListQuerySchema,
  orderListQuerySchema,
  orderStatusInputSchema,
  productInputSchema,
  productListQuerySchema,
  returnPolicyInputSchema,
} from '../../../contracts/admin.ts'
import { discountPercent } from '../../../contracts/money.ts'
import { nextFulfilmentStatuses, paymentStatusLabel } from '../../../contracts/order-states.ts'
import type { Config } from '../../config.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { idPattern, newId } from '../../db/ids.ts'
import { contactMessages, policySections, productImages, products } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { FileStore } from '../../lib/file-store.ts'
import type { OrdersService } from '../orders/service.ts'
import { cleanHtml, htmlText } from './html.ts'
import { removeImage, storeImage } from './images.ts'
import { createAdminRepo } from './repo.ts'
import { type ResourceDef, resources } from './resources.ts'

export type Actor = { id: string }

type ProductInput = z.output<typeof productInputSchema>
type Row = Record<string, unknown>

const paise = (rupees: number) => Math.round(rupees * 100)
const rupees = (p: number) => Math.round(p) / 100
const IST_MS = 5.5 * 3600_000

/** Midnight in India of the given YYYY-MM-DD, as an instant. */
const indianMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`)

function pgErrorCode(e: unknown): string | undefined {
  let cur = e as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; i < 4 && cur; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code
    cur = cur.cause as typeof cur
  }
  return undefined
}

const page = <T>(rows: T[], total: number, q: { page: number; pageSize: number }) => ({
  items: rows,
  total,
  page: q.page,
  pageSize: q.pageSize,
  pages: Math.max(1, Math.ceil(total / q.pageSize)),
})

export function createAdminService(deps: {
  db: Db
  config: Config
  cache: CatalogueCache
  /** Where uploaded pictures go: DATA_DIR/uploads or the S3 bucket (server/lib/file-store.ts). */
  files: FileStore
  log?: { warn(obj: object, msg: string): void }
  /** The orders module: the console moves, cancels and refunds orders only through it. */
  orders: OrdersService
  /** Told when staff end an account's sign-ins, so cached sessions go at once. */
  onSessionsEnded?: (userId: string) => void
}) {
  const { db, cache } = deps
  const repo = createAdminRepo(db)
  const fileStore = deps.files
  // Once the rows are gone a file left behind harms nobody: it is logged, not answered as a failure.
  const discardImages = (urls: string[]) =>
    Promise.all(
      urls.map((url) =>
        removeImage(fileStore, url).catch((err) =>
          deps.log?.warn({ url, reason: (err as Error).message }, 'picture files not removed'),
        ),
      ),
    )

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    action: string,
    entity: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ) => createAdminRepo(tx).writeAudit({ actorId: actor.id, action, entity, entityId, before, after })

  const mustId = (id: string, what: string) => {
    if (!idPattern.test(id)) throw new NotFoundError(`No such ${what}.`)
  }

  // ----- products -----

  async function productDto(row: typeof products.$inferSelect) {
    const images = await repo.imagesOf(row.id)
    return {
      _id: row.id,
      title: row.title,
      price: rupees(row.price),
      cutPrice: rupees(row.cutPrice),
      discount: discountPercent(row.price, row.cutPrice),
      isApproved: row.isApproved,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      categoryId: row.categoryId,
      subcategoryId: row.subcategoryId,
      stateId: row.stateId,
      sku: row.sku,
      shortDescription: row.shortDescription,
      description: row.description,
      youtubeVideoLink: row.youtubeVideoLink,
      view360Link: row.view360Link,
      quantity: row.quantity,
      soldCount: row.soldCount,
      hsnCode: row.hsnCode,
      gstRate: row.gstRate,
      images: images.map((i) => ({ _id: i.id, url: `${i.url}-800.webp`, width: i.width, height: i.height })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function productRow(tx: DbOrTx, input: ProductInput, selfId: string | null) {
    const fields: Record<string, string> = {}
    const names = await createAdminRepo(tx).namesFor(input)
    if (input.categoryId && !names.category) fields.categoryId = 'That category no longer exists.'
    if (input.subcategoryId && !names.subcategory) fields.subcategoryId = 'That subcategory no longer exists.'
    if (names.subcategory && input.categoryId && names.subcategory.categoryId !== input.categoryId) {
      fields.subcategoryId = 'That subcategory belongs to another category.'
    }
    if (input.stateId && !names.state) fields.stateId = 'That state no longer exists.'
    const sameSku = await createAdminRepo(tx).productBySku(input.sku)
    if (sameSku && sameSku.id !== selfId) fields.sku = 'Another product already has this SKU.'
    if (Object.keys(fields).length) {
      throw new ValidationError(Object.values(fields)[0], fields)
    }
    const description = cleanHtml(input.description ?? '')
    const searchText = [
      input.title,
      names.category?.title,
      names.subcategory?.title,
      names.state?.name,
      input.sku,
      input.shortDescription,
      htmlText(description),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase()
      .slice(0, 10_000)
    return {
      title: input.title,
      price: paise(input.price),
      cutPrice: paise(input.cutPrice),
      // Computed here, never taken from the client (decision 014).
      discount: discountPercent(input.price, input.cutPrice),
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
      stateId: input.stateId,
      sku: input.sku,
      shortDescription: input.shortDescription ?? '',
      description,
      youtubeVideoLink: input.youtubeVideoLink,
      view360Link: input.view360Link,
      quantity: input.quantity,
      ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
      ...(input.gstRate === undefined ? {} : { gstRate: Number(input.gstRate) }),
      searchText,
    }
  }

  async function mustProduct(id: string) {
    mustId(id, 'product')
    const row = await repo.productById(id)
    if (!row) throw new NotFoundError('No such product.')
    return row
  }

  const uniqueSku = (e: unknown) => {
    if (pgErrorCode(e) === '23505') {
      throw new ValidationError('Another product already has this SKU.', {
        sku: 'Another product already has this SKU.',
      })
    }
    throw e
  }

  const products_ = {
    async list(q: z.output<typeof productListQuerySchema>) {
      const { rows, total } = await repo.productPage({
        ...q,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      })
      return page(
        rows.map((r) => ({
          _id: r.id,
          title: r.title,
          sku: r.sku,
          price: rupees(r.price),
          cutPrice: rupees(r.cutPrice),
          discount: discountPercent(r.price, r.cutPrice),
          quantity: r.quantity,
          isApproved: r.isApproved,
          archivedAt: r.archivedAt?.toISOString() ?? null,
          category: r.category,
          state: r.state,
          image: r.image ? `${r.image}-200.webp` : null,
          updatedAt: r.updatedAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      return productDto(await mustProduct(id))
    },
    async create(actor: Actor, input: ProductInput) {
      const id = newId()
      await db
        .transaction(async (tx) => {
          const row = { id, ...(await productRow(tx, input, null)), isApproved: input.isApproved ?? false }
          await tx.insert(products).values(row)
          await audit(tx, actor, 'product.create', 'product', id, null, row)
        })
        .catch(uniqueSku)
      cache.invalidate()
      return products_.get(id)
    },
    async update(actor: Actor, id: string, input: ProductInput) {
      const before = await mustProduct(id)
      await db
        .transaction(async (tx) => {
          const row = await productRow(tx, input, id)
          const next = input.isApproved === undefined ? row : { ...row, isApproved: input.isApproved }
          await tx.update(products).set(next).where(eq(products.id, id))
          await audit(tx, actor, 'product.update', 'product', id, before, { ...before, ...next })
        })
        .catch(uniqueSku)
      cache.invalidate()
      return products_.get(id)
    },
    async setApproval(actor: Actor, id: string, input: z.output<typeof approvalInputSchema>) {
      const before = await mustProduct(id)
      await db.transaction(async (tx) => {
        await tx.update(products).set({ isApproved: input.isApproved }).where(eq(products.id, id))
        await audit(
          tx,
          actor,
          input.isApproved ? 'product.approve' : 'product.unapprove',
          'product',
          id,
          { isApproved: before.isApproved },
          { isApproved: input.isApproved },
        )
      })
      cache.invalidate()
      return products_.get(id)
    },
    async setArchived(actor: Actor, id: string, archived: boolean) {
      const before = await mustProduct(id)
      const archivedAt = archived ? (before.archivedAt ?? new Date()) : null
      await db.transaction(async (tx) => {
        await tx.update(products).set({ archivedAt }).where(eq(products.id, id))
        await audit(
          tx,
          actor,
          archived ? 'product.archive' : 'product.unarchive',
          'product',
          id,
          { archivedAt: before.archivedAt },
          { archivedAt },
        )
      })
      cache.invalidate()
      return products_.get(id)
    },
    /**
     * Deletes a product no order has ever held. While an open order holds it the delete is refused;
     * a product only in finished orders is archived instead (those orders keep pointing at it).
     */
    async remove(actor: Actor, id: string): Promise<{ outcome: 'deleted' | 'archived'; message: string }> {
      const before = await mustProduct(id)
      const open = await repo.openOrdersHolding(id)
      if (open.length) {
        const list = open.map((o) => o.orderNumber).join(', ')
        throw new ConflictError(
          `This product cannot be deleted: ${open.length === 1 ? 'order' : 'orders'} ${list} still ${open.length === 1 ? 'holds' : 'hold'} it. Archive it instead to hide it from the shop, and delete it when those orders are delivered or cancelled.`,
        )
      }
      if ((await repo.orderLinesOf(id)) > 0) {
        await products_.setArchived(actor, id, true)
        return {
          outcome: 'archived',
          message:
            'Past orders include this product, so it was archived (hidden from the shop) instead of deleted.',
        }
      }
      const images = await repo.imagesOf(id)
      await db.transaction(async (tx) => {
        await tx.delete(products).where(eq(products.id, id))
        await audit(
          tx,
          actor,
          'product.delete',
          'product',
          id,
          { ...before, images: images.map((i) => i.url) },
          null,
        )
      })
      cache.invalidate()
      await discardImages(images.map((i) => i.url))
      return { outcome: 'deleted', message: 'Product deleted.' }
    },
    async addImages(actor: Actor, id: string, files: Buffer[]) {
      await mustProduct(id)
      if (files.length === 0) {
        throw new ValidationError('Choose at least one picture to upload.', {
          image: 'Choose at least one picture.',
        })
      }
      const stored: Array<{ id: string; url: string; width: number; height: number }> = []
      try {
        for (const data of files) {
          const imageId = newId()
          const img = await storeImage(data, {
            files: fileStore,
            folder: `products/${id}`,
            name: imageId,
          })
          stored.push({ id: imageId, ...img })
        }
        await db.transaction(async (tx) => {
          const [{ max }] = await tx
            .select({ max: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
            .from(productImages)
            .where(eq(productImages.productId, id))
          const rows = stored.map((s, i) => ({ ...s, productId: id, position: max + 1 + i }))
          await tx.insert(productImages).values(rows)
          await audit(tx, actor, 'product.images.add', 'product', id, null, {
            images: rows.map((r) => r.url),
          })
        })
      } catch (e) {
        await discardImages(stored.map((s) => s.url))
        throw e
      }
      cache.invalidate()
      return products_.get(id)
    },
    async orderImages(actor: Actor, id: string, imageIds: string[]) {
      await mustProduct(id)
      const current = await repo.imagesOf(id)
      const known = new Set(current.map((i) => i.id))
      if (
        imageIds.length !== current.length ||
        imageIds.some((i) => !known.has(i)) ||
        new Set(imageIds).size !== imageIds.length
      ) {
        throw new ValidationError('The picture list changed meanwhile. Reload the page and try again.', {
          imageIds: 'List every picture of the product once.',
        })
      }
      await db.transaction(async (tx) => {
        for (const [position, imageId] of imageIds.entries()) {
          await tx.update(productImages).set({ position }).where(eq(productImages.id, imageId))
        }
        await audit(
          tx,
          actor,
          'product.images.order',
          'product',
          id,
          { order: current.map((i) => i.id) },
          { order: imageIds },
        )
      })
      cache.invalidate()
      return products_.get(id)
    },
    async removeImage(actor: Actor, id: string, imageId: string) {
      await mustProduct(id)
      const image = (await repo.imagesOf(id)).find((i) => i.id === imageId)
      if (!image) throw new NotFoundError('No such picture.')
      await db.transaction(async (tx) => {
        await tx.delete(productImages).where(eq(productImages.id, imageId))
        await audit(tx, actor, 'product.images.remove', 'product', id, { image: image.url }, null)
      })
      cache.invalidate()
      await discardImages([image.url])
      return products_.get(id)
    },
  }

  /** Stores one picture for a category, state, slide, banner or temple; the form then saves its URL. */
  async function uploadImage(actor: Actor, folder: string, data: Buffer) {
    const img = await storeImage(data, { files: fileStore, folder, name: newId() })
    await audit(db, actor, 'upload', 'image', null, null, { url: `${img.url}-800.webp` })
    return { url: `${img.url}-800.webp`, width: img.width, height: img.height }
  }

  // ----- simple lists (categories, states, sliders, banners, coupons, FAQ, policies, temples) -----

  const byPath = new Map(resources.map((r) => [r.path, r]))
  const def = (name: string): ResourceDef => {
    const r = byPath.get(name)
    if (!r) throw new NotFoundError('No such list.')
    return r
  }
  const uniqueClash = (r: ResourceDef) => (e: unknown) => {
    if (pgErrorCode(e) === '23505' && r.unique) {
      throw new ValidationError(r.unique.message, { [r.unique.field]: r.unique.message })
    }
    if (pgErrorCode(e) === '23503') {
      throw new ValidationError('Something this refers to no longer exists. Reload the page and try again.')
    }
    throw e
  }
  async function findRow(r: ResourceDef, id: string): Promise<Row> {
    mustId(id, r.label)
    const [row] = (await db.select().from(r.table).where(eq(r.table.id, id))) as Row[]
    if (!row) throw new NotFoundError(`No such ${r.label}.`)
    return row
  }

  const resources_ = {
    list(name: string) {
      return def(name).list(db)
    },
    async create(actor: Actor, name: string, input: Row) {
      const r = def(name)
      const row = { id: newId(), ...r.toRow(input) }
      await db
        .transaction(async (tx) => {
          await tx.insert(r.table).values(row as never)
          await audit(tx, actor, `${r.entity}.create`, r.entity, row.id, null, row)
        })
        .catch(uniqueClash(r))
      cache.invalidate()
      return findRow(r, row.id)
    },
    async update(actor: Actor, name: string, id: string, input: Row) {
      const r = def(name)
      const before = await findRow(r, id)
      const next = r.toRow(input)
      await db
        .transaction(async (tx) => {
          await tx
            .update(r.table)
            .set(next as never)
            .where(eq(r.table.id, id))
          await audit(tx, actor, `${r.entity}.update`, r.entity, id, before, { ...before, ...next })
        })
        .catch(uniqueClash(r))
      cache.invalidate()
      return findRow(r, id)
    },
    async remove(actor: Actor, name: string, id: string) {
      const r = def(name)
      const before = await findRow(r, id)
      const reason = r.blockDelete ? await r.blockDelete(db, id) : null
      if (reason) throw new ConflictError(reason)
      await db.transaction(async (tx) => {
        await tx.delete(r.table).where(eq(r.table.id, id))
        await audit(tx, actor, `${r.entity}.delete`, r.entity, id, before, null)
      })
      cache.invalidate()
    },
  }

  const returnPolicy = {
    async get() {
      const [row] = await db.select().from(policySections).where(eq(policySections.kind, 'return')).limit(1)
      return { content: row?.content ?? '', updatedAt: row?.updatedAt.toISOString() ?? null }
    },
    async save(actor: Actor, input: z.output<typeof returnPolicyInputSchema>) {
      const content = cleanHtml(input.content)
      if (!content) {
        throw new ValidationError('Enter the return policy.', { content: 'Enter the return policy.' })
      }
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(policySections).where(eq(policySections.kind, 'return')).limit(1)
        if (row) await tx.update(policySections).set({ content }).where(eq(policySections.id, row.id))
        else await tx.insert(policySections).values({ kind: 'return', title: 'Return Policy', content })
        await audit(
          tx,
          actor,
          'policy.return.update',
          'policy',
          row?.id ?? null,
          row ? { content: row.content } : null,
          {
            content,
          },
        )
      })
      cache.invalidate()
      return returnPolicy.get()
    },
  }

  // ----- orders -----

  async function mustOrder(id: string) {
    mustId(id, 'order')
    const row = await repo.orderById(id)
    if (!row) throw new NotFoundError('No such order.')
    return row
  }

  const orders_ = {
    async list(q: z.output<typeof orderListQuerySchema>) {
      const to = q.to ? new Date(indianMidnight(q.to).getTime() + 86_400_000) : undefined
      const { rows, total } = await repo.orderPage({
        q: q.q,
        status: q.status,
        payment: q.payment,
        queue: q.queue,
        from: q.from ? indianMidnight(q.from) : undefined,
        to,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      })
      return page(
        rows.map((r) => ({
          _id: r.id,
          orderNumber: r.orderNumber,
          status: r.status,
          total: rupees(r.total),
          paymentStatus: r.paymentStatus,
          paymentLabel: paymentStatusLabel(r.paymentStatus),
          createdAt: r.createdAt.toISOString(),
          customer: { _id: r.customerId, fullName: r.customerName, email: r.customerEmail },
          phone: r.phone,
          city: r.city,
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      const o = await mustOrder(id)
      const [items, history, paymentRows, customer, asCustomerSees] = await Promise.all([
        repo.orderItemsOf(id),
        repo.orderHistoryOf(id),
        repo.paymentsOf(id),
        repo.userById(o.userId),
        deps.orders.byId(id),
      ])
      return {
        _id: o.id,
        orderNumber: o.orderNumber,
        // The GST documents, downloaded from /admin/orders/:id/invoice (decision 083).
        invoiceNumber: asCustomerSees?.invoiceNumber ?? null,
        creditNoteNumber: asCustomerSees?.creditNoteNumber ?? null,
        status: o.status,
        paymentStatus: o.paymentStatus,
        nextStatuses: nextFulfilmentStatuses(o),
        subtotal: rupees(o.subtotal),
        discountAmount: rupees(o.discountAmount),
        total: rupees(o.total),
        couponCode: o.couponCode,
        couponPercent: o.couponPercent,
        createdAt: o.createdAt.toISOString(),
        customer: customer
          ? { _id: customer.id, fullName: customer.fullName, email: customer.email, mobile: customer.mobile }
          : { _id: o.userId, fullName: '', email: '', mobile: null },
        items: items.map((i) => ({
          _id: i.id,
          productId: i.productId,
          title: i.title,
          image: i.image,
          price: rupees(i.price),
          quantity: i.quantity,
        })),
        shipping: {
          firstName: o.shippingFirstName,
          lastName: o.shippingLastName,
          email: o.shippingEmail,
          address: o.shippingAddress,
          apartment: o.shippingApartment,
          city: o.shippingCity,
          state: o.shippingState,
          postalCode: o.shippingPostalCode,
          country: o.shippingCountry,
          phone: o.shippingPhone,
          shippingLink: o.shippingLink,
        },
        payment: {
          method: o.paymentMethod,
          status: o.paymentStatus,
          label: paymentStatusLabel(o.paymentStatus),
          paid: o.paymentStatus === 'Paid',
          refundAttempts: o.refundAttempts,
          refundRetryAt:
            o.paymentStatus === 'Refund pending' && o.refundRetryAt ? o.refundRetryAt.toISOString() : null,
          reservedUntil: o.reservedUntil && o.paymentStatus !== 'Paid' ? o.reservedUntil.toISOString() : null,
          records: paymentRows.map((p) => ({
            _id: p.id,
            provider: p.provider,
            providerOrderId: p.providerOrderId,
            providerPaymentId: p.providerPaymentId,
            amount: rupees(p.amount),
            status: p.status,
            refundId: p.refundId,
            createdAt: p.createdAt.toISOString(),
          })),
        },
        history: history.map((h) => ({
          _id: h.id,
          status: h.status,
          note: h.note,
          changedAt: h.changedAt.toISOString(),
          changedBy: h.changedByEmail ?? null,
        })),
      }
    },
    /** Moves an order forward or cancels it, through the orders module (which alone changes orders). */
    async changeStatus(actor: Actor, id: string, input: z.output<typeof orderStatusInputSchema>) {
      await mustOrder(id)
      await deps.orders.changeStatus(id, input.status, {
        actorId: actor.id,
        shippingLink: input.shippingLink ?? null,
        note: input.note ?? null,
      })
      return orders_.get(id)
    },
    /** Sends a refund that is waiting (a failed one is retried now) through the orders module. */
    async refund(actor: Actor, id: string) {
      const o = await mustOrder(id)
      if (o.paymentStatus === 'Refunded') throw new ConflictError('This order has already been refunded.')
      if (o.paymentStatus !== 'Refund pending') {
        throw new ConflictError(
          o.status === 'Cancelled'
            ? 'This order was never paid, so there is nothing to refund.'
            : 'Only a cancelled, paid order is refunded. Cancel it first: the refund then goes out by itself.',
        )
      }
      const r = await deps.orders.refundNow(id, actor.id)
      if (!r.refunded) {
        throw new ConflictError(
          `The refund could not be sent: ${r.reason}. It stays pending and is tried again automatically.`,
        )
      }
      return { order: await orders_.get(id), message: 'Refund sent through the payment provider.' }
    },
  }

  // ----- customers -----

  const customers = {
    async list(q: z.output<typeof listQuerySchema>) {
      const { rows, total } = await repo.customerPage({
        q: q.q,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      })
      return page(
        rows.map((r) => ({
          _id: r.id,
          fullName: r.fullName,
          email: r.email,
          mobile: r.mobile,
          role: r.role,
          disabled: Boolean(r.disabledAt),
          orderCount: r.orderCount,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      mustId(id, 'customer')
      const user = await repo.userById(id)
      if (!user) throw new NotFoundError('No such customer.')
      const [addr, ords] = await Promise.all([repo.addressesOf(id), repo.ordersOf(id)])
      return {
        _id: user.id,
        fullName: user.fullName,
        userName: user.userName,
        email: user.email,
        mobile: user.mobile,
        dob: user.dob,
        gender: user.gender,
        role: user.role,
        disabled: Boolean(user.disabledAt),
        disabledAt: user.disabledAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        addresses: addr.map((a) => ({
          _id: a.id,
          fullName: a.fullName,
          phoneNumber: a.phoneNumber,
          streetAddress: a.streetAddress,
          city: a.city,
          state: a.state,
          postalCode: a.postalCode,
          country: a.country,
          addressType: a.addressType,
        })),
        orders: ords.map((o) => ({
          _id: o.id,
          orderNumber: o.orderNumber,
          status: o.status,
          total: rupees(o.total),
          paymentStatus: o.paymentStatus,
          createdAt: o.createdAt.toISOString(),
        })),
      }
    },
    /** A disabled account cannot sign in, and its tokens stop working at once (the auth plugin checks). */
    async setDisabled(actor: Actor, id: string, input: z.output<typeof customerDisableSchema>) {
      mustId(id, 'customer')
      const user = await repo.userById(id)
      if (!user) throw new NotFoundError('No such customer.')
      if (id === actor.id) throw new ConflictError('You cannot disable your own account.')
      const disabledAt = input.disabled ? (user.disabledAt ?? new Date()) : null
      await db.transaction(async (tx) => {
        const r = createAdminRepo(tx)
        await r.setDisabled(id, disabledAt)
        if (input.disabled) await r.revokeRefreshTokens(id)
        await audit(
          tx,
          actor,
          input.disabled ? 'user.disable' : 'user.enable',
          'user',
          id,
          { disabledAt: user.disabledAt },
          { disabledAt },
        )
      })
      if (input.disabled) deps.onSessionsEnded?.(id)
      return customers.get(id)
    },
  }

  // ----- messages, overview, audit -----

  const messages = {
    async list(q: z.output<typeof messageListQuerySchema>) {
      const { rows, total } = await repo.messagePage({
        ...q,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      })
      return page(
        rows.map((m) => ({
          _id: m.id,
          kind: m.kind,
          firstName: m.firstName,
          lastName: m.lastName,
          phone: m.phone,
          email: m.email,
          message: m.message,
          status: m.status,
          // Newsletter sign-ups count once their owner followed the e-mailed link (decision 073).
          confirmed: m.kind === 'newsletter' ? Boolean(m.confirmedAt && !m.unsubscribedAt) : null,
          createdAt: m.createdAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async setStatus(actor: Actor, id: string, status: 'new' | 'read') {
      mustId(id, 'message')
      const before = await repo.messageById(id)
      if (!before) throw new NotFoundError('No such message.')
      await db.transaction(async (tx) => {
        await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id))
        await audit(tx, actor, 'message.status', 'message', id, { status: before.status }, { status })
      })
      return { _id: id, status }
    },
  }

  async function overview(now = new Date()) {
    const ist = new Date(now.getTime() + IST_MS)
    const todayStart = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_MS)
    const monthStart = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_MS)
    const o = await repo.overview(now, todayStart, monthStart)
    const byStatus: Record<string, number> = {
      Pending: 0,
      Processing: 0,
      Shipped: 0,
      Delivered: 0,
      Cancelled: 0,
    }
    for (const s of o.byStatus) byStatus[s.status] = (byStatus[s.status] ?? 0) + Number(s.n)
    return {
      ordersToday: Number(o.orders.today),
      ordersThisMonth: Number(o.orders.month),
      revenueToday: rupees(Number(o.orders.revenueToday)),
      revenueThisMonth: rupees(Number(o.orders.revenueMonth)),
      revenueAllTime: rupees(Number(o.orders.revenueAll)),
      ordersByStatus: byStatus,
      awaitingPayment: Number(o.orders.awaitingPayment),
      paidToShip: Number(o.orders.toShip),
      codToShip: Number(o.orders.codToShip),
      refundsPending: Number(o.orders.refundPending),
      productsAwaitingApproval: Number(o.pendingProducts),
      newContactMessages: Number(o.newMessages),
      newNewsletterSignups: Number(o.newSubscribers),
    }
  }

  async function auditPage(q: z.output<typeof listQuerySchema> & { entity?: string }) {
    const { rows, total } = await repo.auditPage({
      entity: q.entity,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
    })
    return page(
      rows.map((r) => ({
        _id: r.id,
        actor: r.actorEmail ?? (r.actorId ? r.actorId : 'command line'),
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
      total,
      q,
    )
  }

  return {
    products: products_,
    uploadImage,
    resources: resources_,
    returnPolicy,
    orders: orders_,
    customers,
    messages,
    overview,
    audit: auditPage,
  }
}
export type AdminService = ReturnType<typeof createAdminService>
