import type { z } from 'zod'
import {
  type approvalInputSchema,
  productAttributeNames,
  type productListQuerySchema,
} from '../../../../contracts/admin.ts'
import type { AdminChoice, PersonalisationBody } from '../../../../contracts/admin-personalisation.ts'
import {
  type ProductVariantsBody,
  type productStockChangeInputSchema,
  rowName,
  variantText,
  variantTitle,
} from '../../../../contracts/admin-variants.ts'
import { leadInputText } from '../../../../contracts/made-to-order.ts'
import { discountPercent } from '../../../../contracts/money.ts'
import type { StoredChoice } from '../../../../contracts/personalisation.ts'
import { packageSizeText } from '../../../../contracts/shipping-rules.ts'
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
import { type Actor, mustId, page, pageWindow, paise, rupees } from '../kit.ts'
import { createProductBulk } from './bulk.ts'
import { createProductCsv } from './csv.ts'
import { type ProductInput, productValues } from './values.ts'
import {
  checkVariants,
  refuse,
  skuProblems,
  type VariantPlan,
  variantsAudit,
  writeVariants,
} from './variants.ts'

type ProductListFilters = Omit<z.output<typeof productListQuerySchema>, 'page' | 'pageSize'>

/** Products and their pictures in the console: create, edit, approve, archive, delete. */
export function createAdminProductsService(deps: {
  db: Db
  cache: CatalogueCache
  /** Where uploaded pictures go: DATA_DIR/uploads or the S3 bucket (server/lib/file-store.ts). */
  files: FileStore
  log?: { warn(obj: object, msg: string): void }
  /** The catalogue: the category, subcategory and state a product names (by id, or all of them by name). */
  catalogue: Pick<CatalogueService, 'namesFor' | 'structure' | 'productStore' | 'stock' | 'followVariants'>
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
    const [images, variants] = await Promise.all([repo.imagesOf(row.id), repo.variantsOf([row.id])])
    // Each variant's rate at its own price (decision 128): a piece above a threshold may take another rate.
    const effective = await deps.invoices.effectiveRates([
      row,
      ...variants.map((v) => ({ ...row, id: v.id, price: v.price })),
    ])
    const imageOf = (path: string | undefined) => images.find((i) => i.url === path) ?? null
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
      weight: row.weight,
      packageSize: packageSizeText({
        lengthCm: row.packageLengthCm,
        breadthCm: row.packageBreadthCm,
        heightCm: row.packageHeightCm,
      }),
      madeToOrder: leadInputText(row),
      personalisation: row.personalisation.map(adminChoice),
      materials: row.materials,
      techniques: row.techniques,
      colours: row.colours,
      images: images.map((i) => ({ _id: i.id, url: `${i.url}-800.webp`, width: i.width, height: i.height })),
      options: variants.length ? row.options : [],
      variants: variants.map((v) => {
        const image = imageOf(v.images[0])
        return {
          _id: v.id,
          options: v.optionValues,
          title: variantTitle(v.optionValues),
          sku: v.sku,
          price: rupees(v.price),
          cutPrice: rupees(v.cutPrice),
          discount: discountPercent(v.price, v.cutPrice),
          quantity: v.quantity,
          weight: v.weight,
          madeToOrder: leadInputText(v),
          imageId: image?.id ?? null,
          image: image ? `${image.url}-800.webp` : null,
          effectiveGstRate: effective.get(v.id) ?? row.gstRate,
        }
      }),
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
    // SKUs are unique across products and variants (decision 129), its own variants' included.
    const ofVariant = (await catalogue.productStore(tx).skuOwners([input.sku])).find((o) => o.variantId)
    if (!fields.sku && ofVariant) {
      fields.sku =
        ofVariant.productId === selfId
          ? 'One of its own variants has this SKU: give the product another one.'
          : `A variant of '${ofVariant.title}' already has this SKU.`
    }
    if (Object.keys(fields).length) {
      throw new ValidationError(Object.values(fields)[0], fields)
    }
    return productValues(input, names)
  }

  /**
   * Locks the product, writes its personalisation (decision 133) as `change` makes it from what is stored,
   * and audits the change; answers what `change` answers.
   */
  function rewritePersonalisation<T>(
    actor: Actor,
    id: string,
    change: (stored: StoredChoice[]) => { choices: StoredChoice[]; result: T },
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const store = catalogue.productStore(tx)
      const [locked] = await store.productsForUpdate([id])
      if (!locked) throw new NotFoundError('No such product.')
      const { choices, result } = change(locked.personalisation)
      await store.update(id, { personalisation: choices })
      await audit(
        tx,
        actor,
        'product.update',
        id,
        { personalisation: locked.personalisation },
        { personalisation: choices },
      )
      return result
    })
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
          variantCount: r.variantCount,
          updatedAt: r.updatedAt.toISOString(),
        })),
        total,
        q,
      )
    },
    async get(id: string) {
      return productDto(await mustProduct(id))
    },
    /** The values products already give each attribute, most used first (the form lists them as help). */
    async attributeValues() {
      const [materials, techniques, colours] = await Promise.all(
        productAttributeNames.map((name) => repo.attributeValues(name)),
      )
      return { materials, techniques, colours }
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
          const asked = input.isApproved === undefined ? row : { ...row, isApproved: input.isApproved }
          // With variants, its price, list price and stock are theirs, whatever the form sent (decision 129).
          const variants = await catalogue.productStore(tx).variantsOf([id])
          const { price: _p, cutPrice: _c, discount: _d, quantity: _q, ...others } = asked
          const next = variants.length ? others : asked
          await catalogue.productStore(tx).update(id, next)
          await catalogue.followVariants(id, tx)
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
    /**
     * Saves a product's options and variants as the edit screen's table has them (decision 129), in one
     * transaction: variants left out are deleted, the product's price and stock follow the rest. No options
     * and no variants sell it as one piece again.
     */
    async saveVariants(actor: Actor, id: string, body: ProductVariantsBody) {
      const product = await mustProduct(id)
      const images = await repo.imagesOf(id)
      const plans: VariantPlan[] = body.variants.map((v, j) => {
        const image = v.imageId ? images.find((i) => i.id === v.imageId) : null
        if (v.imageId && !image)
          refuse([
            { field: `variants.${j}.imageId`, message: variantText.noSuchPicture(rowName(j + 1, v.options)) },
          ])
        return {
          id: v._id ?? null,
          optionValues: v.options,
          sku: v.sku,
          price: paise(v.price),
          cutPrice: paise(v.cutPrice),
          quantity: v.quantity,
          weight: v.weight,
          leadMinDays: v.madeToOrder?.minDays ?? null,
          leadMaxDays: v.madeToOrder?.maxDays ?? null,
          images: image ? [image.url] : [],
        }
      })
      const problems = checkVariants(body.options, plans, product.sku)
      if (problems.length) refuse(problems)
      await db
        .transaction(async (tx) => {
          const store = catalogue.productStore(tx)
          const [locked] = await store.productsForUpdate([id])
          if (!locked) throw new NotFoundError('No such product.')
          const existing = await store.variantsForUpdate([id])
          const taken = await skuProblems(tx, catalogue, id, plans)
          if (taken.length) refuse(taken)
          await writeVariants(tx, catalogue, id, body.options, plans, existing)
          await audit(
            tx,
            actor,
            'product.update',
            id,
            variantsAudit(locked, existing.length ? locked.options : [], existing),
            variantsAudit(locked, body.options, plans),
          )
        })
        .catch(uniqueSku)
      cache.invalidate()
      return service.get(id)
    },
    /**
     * Saves a product's personalisation choices as the edit screen lists them (decision 133): a choice sent
     * with its id keeps it (carts and orders name choices by id) and its kind, one without is new, one left
     * out is gone (with a measurement form's help picture). Prices arrive in rupees and are kept in paise.
     */
    async savePersonalisation(actor: Actor, id: string, body: PersonalisationBody) {
      const dropped = await rewritePersonalisation(actor, id, (stored) => {
        const before = new Map(stored.map((c) => [c.id, c]))
        const seen = new Set<string>()
        const choices: StoredChoice[] = body.choices.map((c, j) => {
          const kept = c.id === undefined ? undefined : before.get(c.id)
          if (c.id !== undefined && (!kept || seen.has(c.id)))
            refuse([
              {
                field: `choices.${j}.id`,
                message: 'This choice is not one of the product’s: reload the page.',
              },
            ])
          if (kept && kept.kind !== c.kind)
            refuse([
              {
                field: `choices.${j}.kind`,
                message: 'A choice keeps its kind: remove it and add a new one.',
              },
            ])
          const choiceId = c.id ?? newId()
          seen.add(choiceId)
          if (c.kind === 'text')
            return {
              id: choiceId,
              kind: 'text',
              label: c.label,
              help: c.help,
              maxLength: c.maxLength,
              required: c.required,
            }
          if (c.kind === 'addon')
            return {
              id: choiceId,
              kind: 'addon',
              label: c.label,
              help: c.help,
              price: paise(c.price),
              hsnCode: c.hsnCode,
              gstRate: c.gstRate,
            }
          const keptFields = new Set(kept?.kind === 'measurements' ? kept.fields.map((f) => f.id) : [])
          const fieldIds = new Set<string>()
          const fields = c.fields.map((f, k) => {
            if (f.id !== undefined && (!keptFields.has(f.id) || fieldIds.has(f.id)))
              refuse([
                {
                  field: `choices.${j}.fields.${k}.id`,
                  message: 'This measurement is not one of the form’s: reload the page.',
                },
              ])
            const fieldId = f.id ?? newId()
            fieldIds.add(fieldId)
            return { id: fieldId, label: f.label }
          })
          return {
            id: choiceId,
            kind: 'measurements',
            label: c.label,
            help: c.help,
            unit: c.unit,
            fields,
            required: c.required,
            image: kept?.kind === 'measurements' ? kept.image : null,
            forAddon: c.forAddon === null ? null : String(c.forAddon),
          }
        })
        // A form asked by an add-on names it by its position in the list sent, then by its id.
        for (const [j, c] of choices.entries()) {
          if (c.kind !== 'measurements' || c.forAddon === null) continue
          const addon = choices[Number(c.forAddon)]
          if (addon?.kind !== 'addon')
            refuse([
              {
                field: `choices.${j}.forAddon`,
                message: 'Choose one of the product’s paid add-ons, or none.',
              },
            ])
          c.forAddon = addon!.id
        }
        // The help pictures of forms left out go with them.
        const result = stored.flatMap((c) =>
          c.kind === 'measurements' && c.image && !seen.has(c.id) ? [c.image] : [],
        )
        return { choices, result }
      })
      cache.invalidate()
      await discardImages(dropped)
      return service.get(id)
    },
    /**
     * A measurement form's help picture (decision 133), re-encoded like every upload, in place of any before;
     * `file` null removes it.
     */
    async choicePicture(actor: Actor, id: string, choiceId: string, file: Buffer | null) {
      await mustProduct(id)
      const stored = file
        ? await storeImage(file, { files: fileStore, folder: `products/${id}/help`, name: newId() })
        : null
      let before: string | null = null
      try {
        before = await rewritePersonalisation(actor, id, (choices) => {
          const choice = choices.find((c) => c.id === choiceId)
          if (!choice) throw new NotFoundError('No such choice on this product: reload the page.')
          if (choice.kind !== 'measurements')
            throw new ValidationError('Only a measurement form takes a help picture.')
          return {
            choices: choices.map((c) =>
              c.id === choiceId && c.kind === 'measurements' ? { ...c, image: stored?.url ?? null } : c,
            ),
            result: choice.image,
          }
        })
      } catch (err) {
        if (stored) await discardImages([stored.url])
        throw err
      }
      cache.invalidate()
      if (before) await discardImages([before])
      return service.get(id)
    },
    /**
     * Staff add pieces to the stock or take some away: of a product sold as one piece, or of one variant of a
     * product with variants (whose own stock is their sum). Answers the product and what is left.
     */
    async changeStock(actor: Actor, id: string, input: z.output<typeof productStockChangeInputSchema>) {
      await mustProduct(id)
      const left = await db.transaction(async (tx) => {
        const store = catalogue.productStore(tx)
        const [row] = await store.productsForUpdate([id])
        if (!row) throw new NotFoundError('No such product.')
        const variants = await store.variantsForUpdate([id])
        const variant = input.variantId ? variants.find((v) => v.id === input.variantId) : undefined
        if (variants.length && !input.variantId) throw new ValidationError(variantText.stockPerVariant)
        if (!variants.length && input.variantId) throw new ValidationError(variantText.productHasNoVariants)
        if (input.variantId && !variant) throw new ValidationError(variantText.noVariantOfProduct)
        const had = variant ? variant.quantity : row.quantity
        const quantity = await catalogue.stock.change(id, input.change, tx, variant?.id)
        if (quantity === null) {
          throw new ConflictError(
            `Only ${had} ${had === 1 ? 'piece' : 'pieces'} in stock, so ${-input.change} cannot be taken away.`,
          )
        }
        const title = variant ? `${row.title} (${variantTitle(variant.optionValues)})` : row.title
        await audit(tx, actor, 'product.update', id, { title, quantity: had }, { title, quantity })
        return { quantity, variant: variant ? variantTitle(variant.optionValues) : null }
      })
      cache.invalidate()
      return { product: await service.get(id), ...left }
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
        await catalogue.productStore(tx).dropVariantImage(id, image.url)
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

/** A kept choice as the console reads it: an add-on's price in rupees, a help picture at 400 px. */
function adminChoice(c: StoredChoice): AdminChoice {
  if (c.kind === 'text') return c
  if (c.kind === 'measurements') return { ...c, image: c.image ? `${c.image}-400.webp` : null }
  return { ...c, price: rupees(c.price) }
}
