import type { z } from 'zod'
import type { approvalInputSchema, productListQuerySchema } from '../../../../contracts/admin.ts'
import { discountPercent } from '../../../../contracts/money.ts'
import type { Db, DbOrTx } from '../../../db/client.ts'
import { newId } from '../../../db/ids.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { FileStore } from '../../../lib/file-store.ts'
import { removeImage, storeImage } from '../../../lib/images.ts'
import { pgErrorCode } from '../../../lib/pg-error.ts'
import type { AuditAction } from '../../audit/actions.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { CatalogueService, ProductFilters, StoredProduct } from '../../catalogue/service.ts'
import type { ContentService } from '../../content/service.ts'
import type { InvoicesService } from '../../invoices/service.ts'
import type { MailService } from '../../mail/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import { type Actor, mustId, page, pageWindow, rupees } from '../kit.ts'
import { createProductBulk } from './bulk.ts'
import { createProductCsv } from './csv.ts'
import { type ProductInput, productValues } from './values.ts'

type ProductListFilters = Omit<z.output<typeof productListQuerySchema>, 'page' | 'pageSize'>

/** Products and their pictures in the console: create, edit, approve, archive, delete. */
export function createAdminProductsService(deps: {
  db: Db
  cache: CatalogueCache
  /** Where uploaded pictures go: DATA_DIR/uploads or the S3 bucket (server/lib/file-store.ts). */
  files: FileStore
  log?: { warn(obj: object, msg: string): void }
  /** The catalogue: the category, subcategory and state a product names (by id, or all of them by name). */
  catalogue: Pick<CatalogueService, 'namesFor' | 'structure' | 'productStore' | 'stock'>
  /** The temples a product may be the prasad of (decision 099). */
  content: Pick<ContentService, 'templeNames'>
  /** The orders module: whether orders hold a product before it is deleted. */
  orders: Pick<OrdersService, 'productUse'>
  /** The shop's low-stock threshold (Settings), for the list's stock filter. */
  mail: Pick<MailService, 'settings'>
  /** The rate each product's next invoice takes (decision 128). */
  invoices: Pick<InvoicesService, 'effectiveRates'>
  /** The shop's address (PUBLIC_URL), for picture addresses in the CSV export. */
  publicUrl: string
}) {
  const { db, cache, files: fileStore } = deps
  // Once the rows are gone a file left behind harms nobody: it is logged, not answered as a failure.
  const discardImages = (urls: string[]) =>
    Promise.all(
      urls.map((url) =>
        removeImage(fileStore, url).catch((err) =>
          deps.log?.warn({ url, reason: (err as Error).message }, 'picture files not removed'),
        ),
      ),
    )
  const { catalogue } = deps
  const repo = catalogue.productStore()

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    action: AuditAction,
    id: string,
    before: unknown,
    after: unknown,
  ) => writeAudit(tx, { actorId: actor.id, action, entity: 'product', entityId: id, before, after })

  async function productDto(row: StoredProduct) {
    const images = await repo.imagesOf(row.id)
    const effective = await deps.invoices.effectiveRates([row])
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
      templeId: row.templeId,
      sku: row.sku,
      shortDescription: row.shortDescription,
      description: row.description,
      titleHi: row.translations.hi?.title ?? '',
      shortDescriptionHi: row.translations.hi?.shortDescription ?? '',
      descriptionHi: row.translations.hi?.description ?? '',
      youtubeVideoLink: row.youtubeVideoLink,
      view360Link: row.view360Link,
      quantity: row.quantity,
      soldCount: row.soldCount,
      hsnCode: row.hsnCode,
      gstRate: row.gstRate,
      gstRateFixed: row.gstRateFixed,
      effectiveGstRate: effective.get(row.id) ?? row.gstRate,
      uqc: row.uqc,
      images: images.map((i) => ({ _id: i.id, url: `${i.url}-800.webp`, width: i.width, height: i.height })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function productRow(tx: DbOrTx, input: ProductInput, selfId: string | null) {
    const fields: Record<string, string> = {}
    const names = await deps.catalogue.namesFor(input, tx)
    if (input.categoryId && !names.category) fields.categoryId = 'That category no longer exists.'
    if (input.subcategoryId && !names.subcategory) fields.subcategoryId = 'That subcategory no longer exists.'
    if (names.subcategory && input.categoryId && names.subcategory.categoryId !== input.categoryId) {
      fields.subcategoryId = 'That subcategory belongs to another category.'
    }
    if (input.stateId && !names.state) fields.stateId = 'That state no longer exists.'
    if (input.templeId && (await deps.content.templeNames({ ids: [input.templeId] }, tx)).length === 0) {
      fields.templeId = 'That temple no longer exists.'
    }
    const sameSku = await catalogue.productStore(tx).productBySku(input.sku)
    if (sameSku && sameSku.id !== selfId) fields.sku = 'Another product already has this SKU.'
    if (Object.keys(fields).length) {
      throw new ValidationError(Object.values(fields)[0], fields)
    }
    return productValues(input, names)
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

  /** The list's filters as the repo takes them: 'low stock' is the shop's threshold from Settings. */
  async function filtersOf(q: ProductListFilters): Promise<ProductFilters> {
    const stockAtMost =
      q.stock === 'out'
        ? 0
        : q.stock === 'low'
          ? (await deps.mail.settings.get()).lowStockThreshold
          : undefined
    return { q: q.q, categoryId: q.categoryId, stateId: q.stateId, approval: q.approval, stockAtMost }
  }
  const csv = createProductCsv({ db, cache, catalogue, publicUrl: deps.publicUrl })

  const service = {
    /** Approve, unapprove, reprice or restock many products at once: preview, change, undo (decisions 093, 125). */
    bulk: createProductBulk({ db, cache, catalogue, filtersOf }),
    /** The products matching the list's filters as a CSV file. */
    async exportFile(q: ProductListFilters) {
      return csv.exportFile(await filtersOf(q))
    },
    /** The dry run of a product import: nothing is written. */
    previewImport: csv.preview,
    /** The import itself, checked again, in one transaction. */
    importFile: csv.apply,
    async list(q: z.output<typeof productListQuerySchema>) {
      const { rows, total } = await repo.productPage({ ...(await filtersOf(q)), ...pageWindow(q) })
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
          await catalogue.productStore(tx).insert(row)
          await audit(tx, actor, 'product.create', id, null, row)
        })
        .catch(uniqueSku)
      cache.invalidate()
      return service.get(id)
    },
    async update(actor: Actor, id: string, input: ProductInput) {
      const before = await mustProduct(id)
      await db
        .transaction(async (tx) => {
          const row = await productRow(tx, input, id)
          const next = input.isApproved === undefined ? row : { ...row, isApproved: input.isApproved }
          await catalogue.productStore(tx).update(id, next)
          await audit(tx, actor, 'product.update', id, before, { ...before, ...next })
        })
        .catch(uniqueSku)
      cache.invalidate()
      return service.get(id)
    },
    async setApproval(actor: Actor, id: string, input: z.output<typeof approvalInputSchema>) {
      const before = await mustProduct(id)
      await db.transaction(async (tx) => {
        await catalogue.productStore(tx).update(id, { isApproved: input.isApproved })
        await audit(
          tx,
          actor,
          input.isApproved ? 'product.approve' : 'product.unapprove',
          id,
          { isApproved: before.isApproved },
          { isApproved: input.isApproved },
        )
      })
      cache.invalidate()
      return service.get(id)
    },
    async setArchived(actor: Actor, id: string, archived: boolean) {
      const before = await mustProduct(id)
      const archivedAt = archived ? (before.archivedAt ?? new Date()) : null
      await db.transaction(async (tx) => {
        await catalogue.productStore(tx).update(id, { archivedAt })
        await audit(
          tx,
          actor,
          archived ? 'product.archive' : 'product.unarchive',
          id,
          { archivedAt: before.archivedAt },
          { archivedAt },
        )
      })
      cache.invalidate()
      return service.get(id)
    },
    /**
     * Deletes a product no order has ever held. While an open order holds it the delete is refused;
     * a product only in finished orders is archived instead (those orders keep pointing at it).
     */
    async remove(actor: Actor, id: string): Promise<{ outcome: 'deleted' | 'archived'; message: string }> {
      const before = await mustProduct(id)
      const use = await deps.orders.productUse(id)
      const open = use.openOrders
      if (open.length) {
        const list = open.join(', ')
        throw new ConflictError(
          `This product cannot be deleted: ${open.length === 1 ? 'order' : 'orders'} ${list} still ${open.length === 1 ? 'holds' : 'hold'} it. Archive it instead to hide it from the shop, and delete it when those orders are delivered or cancelled.`,
        )
      }
      if (use.lines > 0) {
        await service.setArchived(actor, id, true)
        return {
          outcome: 'archived',
          message:
            'Past orders include this product, so it was archived (hidden from the shop) instead of deleted.',
        }
      }
      const images = await repo.imagesOf(id)
      await db.transaction(async (tx) => {
        await catalogue.productStore(tx).delete(id)
        await audit(tx, actor, 'product.delete', id, { ...before, images: images.map((i) => i.url) }, null)
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
          const r = catalogue.productStore(tx)
          const max = await r.lastImagePosition(id)
          const rows = stored.map((s, i) => ({ ...s, productId: id, position: max + 1 + i }))
          await r.insertImages(rows)
          await audit(tx, actor, 'product.images.add', id, null, { images: rows.map((r) => r.url) })
        })
      } catch (e) {
        await discardImages(stored.map((s) => s.url))
        throw e
      }
      cache.invalidate()
      return service.get(id)
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
        const r = catalogue.productStore(tx)
        for (const [position, imageId] of imageIds.entries()) await r.setImagePosition(imageId, position)
        await audit(
          tx,
          actor,
          'product.images.order',
          id,
          { order: current.map((i) => i.id) },
          { order: imageIds },
        )
      })
      cache.invalidate()
      return service.get(id)
    },
    async removeImage(actor: Actor, id: string, imageId: string) {
      await mustProduct(id)
      const image = (await repo.imagesOf(id)).find((i) => i.id === imageId)
      if (!image) throw new NotFoundError('No such picture.')
      await db.transaction(async (tx) => {
        await catalogue.productStore(tx).deleteImage(imageId)
        await audit(tx, actor, 'product.images.remove', id, { image: image.url }, null)
      })
      cache.invalidate()
      await discardImages([image.url])
      return service.get(id)
    },
  }
  return service
}
export type AdminProductsService = ReturnType<typeof createAdminProductsService>
