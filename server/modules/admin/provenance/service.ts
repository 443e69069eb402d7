import type { z } from 'zod'
import type {
  ArtisanRow,
  artisanInputSchema,
  ClusterRow,
  clusterInputSchema,
  ProductProvenanceRow,
  productProvenanceInputSchema,
} from '../../../../contracts/admin-provenance.ts'
import type { Db, DbOrTx } from '../../../db/client.ts'
import { newId } from '../../../db/ids.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import type { FileStore } from '../../../lib/file-store.ts'
import { storeImage } from '../../../lib/images.ts'
import { pgErrorCode } from '../../../lib/pg-error.ts'
import type { AuditAction } from '../../audit/actions.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { CatalogueService } from '../../catalogue/service.ts'
import { cleanHtml } from '../../content/html.ts'
import type { ArtisanValues, ClusterValues, ProvenanceService } from '../../provenance/service.ts'
import { listInWords } from '../audit/sentences.ts'
import { type Actor, mustId } from '../kit.ts'

type ArtisanInput = z.output<typeof artisanInputSchema>
type ClusterInput = z.output<typeof clusterInputSchema>
type ProvenanceInput = z.output<typeof productProvenanceInputSchema>

/** A web name made from a name: small letters, digits and -; empty when the name has no Latin letters. */
function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 70)
}

const iso = (d: Date) => d.toISOString()
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Artisans, clusters and each product's makers and marks in the console (decision 098). Every write is
 * audited in its own transaction and drops the catalogue cache, which also empties the page cache and is
 * passed on to the other instances.
 */
export function createAdminProvenanceService(deps: {
  db: Db
  cache: CatalogueCache
  files: FileStore
  /** The artisans, clusters and products' makers (decision 098). */
  provenance: Pick<ProvenanceService, 'store'>
  /** States an artisan or cluster is in, products' titles and marks. */
  catalogue: Pick<CatalogueService, 'stateNames' | 'namesFor' | 'titlesOf' | 'marksOf' | 'setMarks'>
}) {
  const { db, cache, files } = deps
  const { catalogue } = deps
  const repo = deps.provenance.store()
  /** Every state's name, by id. */
  const stateNames = async () => new Map((await catalogue.stateNames()).map((s) => [s.id, s.name]))

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    action: AuditAction,
    entity: string,
    id: string,
    b: unknown,
    a: unknown,
  ) => writeAudit(tx, { actorId: actor.id, action, entity, entityId: id, before: b, after: a })

  /** The web name given, or a free one made from the name ('asha-devi', then 'asha-devi-2'). */
  async function slugFor(table: 'artisans' | 'clusters', input: { slug: string; name: string }, id: string) {
    if (input.slug) return input.slug
    const base = slugFrom(input.name) || (table === 'artisans' ? 'artisan' : 'cluster')
    const taken = await repo.slugsLike(table, base)
    const current = table === 'artisans' ? await repo.artisan(id) : await repo.cluster(id)
    if (current && (current.slug === base || current.slug.startsWith(`${base}-`))) return current.slug
    if (!taken.has(base)) return base
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }

  async function checkState(stateId: string) {
    if (!(await catalogue.namesFor({ categoryId: null, subcategoryId: null, stateId })).state)
      throw new ValidationError('Choose the state from the list.', {
        stateId: 'Choose the state from the list.',
      })
  }

  const slugClash = (what: string) => (e: unknown) => {
    if (pgErrorCode(e) === '23505') {
      const message = `Another ${what} already has this web name. Choose a different one.`
      throw new ValidationError(message, { slug: message })
    }
    if (pgErrorCode(e) === '23503')
      throw new ValidationError('Something this refers to no longer exists. Reload the page and try again.')
    throw e
  }

  const profileValues = (input: ArtisanInput | ClusterInput, slug: string) => ({
    slug,
    name: input.name,
    craft: input.craft,
    village: input.village,
    district: input.district,
    stateId: input.stateId,
    story: cleanHtml(input.story),
    photos: input.photos,
    videoLink: input.videoLink,
  })

  // ----- artisans -----

  async function artisans(): Promise<ArtisanRow[]> {
    const [rows, states] = await Promise.all([repo.artisanRows(), stateNames()])
    return rows.map((r) => ({
      ...r.artisan,
      stateName: (r.artisan.stateId && states.get(r.artisan.stateId)) ?? null,
      clusterName: r.clusterName,
      productCount: Number(r.productCount),
      createdAt: iso(r.artisan.createdAt),
      updatedAt: iso(r.artisan.updatedAt),
    }))
  }
  const artisanRow = async (id: string) => {
    const row = (await artisans()).find((a) => a.id === id)
    if (!row) throw new NotFoundError('No such artisan.')
    return row
  }
  async function findArtisan(id: string) {
    mustId(id, 'artisan')
    const row = await repo.artisan(id)
    if (!row) throw new NotFoundError('No such artisan.')
    return row
  }
  async function artisanValues(input: ArtisanInput, id: string): Promise<ArtisanValues> {
    await checkState(input.stateId)
    if (input.clusterId && !(await repo.cluster(input.clusterId)))
      throw new ValidationError('Choose the cluster from the list.', {
        clusterId: 'Choose the cluster from the list.',
      })
    return { ...profileValues(input, await slugFor('artisans', input, id)), clusterId: input.clusterId }
  }

  // ----- clusters -----

  async function clusters(): Promise<ClusterRow[]> {
    const [rows, states] = await Promise.all([repo.clusterRows(), stateNames()])
    return rows.map((r) => ({
      ...r.cluster,
      stateName: (r.cluster.stateId && states.get(r.cluster.stateId)) ?? null,
      artisanCount: Number(r.artisanCount),
      createdAt: iso(r.cluster.createdAt),
      updatedAt: iso(r.cluster.updatedAt),
    }))
  }
  const clusterRow = async (id: string) => {
    const row = (await clusters()).find((c) => c.id === id)
    if (!row) throw new NotFoundError('No such cluster.')
    return row
  }
  async function findCluster(id: string) {
    mustId(id, 'cluster')
    const row = await repo.cluster(id)
    if (!row) throw new NotFoundError('No such cluster.')
    return row
  }
  async function clusterValues(input: ClusterInput, id: string): Promise<ClusterValues> {
    await checkState(input.stateId)
    return profileValues(input, await slugFor('clusters', input, id))
  }

  // ----- a product's makers and marks -----

  async function productProvenance(productId: string): Promise<ProductProvenanceRow> {
    mustId(productId, 'product')
    const product = await catalogue.marksOf(productId)
    if (!product) throw new NotFoundError('No such product.')
    const { id: _i, title: _t, ...marks } = product
    return { makers: await repo.makersOf(productId), ...marks }
  }

  return {
    artisans: {
      list: artisans,
      async create(actor: Actor, input: ArtisanInput) {
        const id = newId()
        const values = await artisanValues(input, id)
        await db
          .transaction(async (tx) => {
            await deps.provenance.store(tx).insertArtisan(id, values)
            await audit(tx, actor, 'artisan.create', 'artisan', id, null, values)
          })
          .catch(slugClash('artisan'))
        cache.invalidate()
        return artisanRow(id)
      },
      async update(actor: Actor, id: string, input: ArtisanInput) {
        const before = await findArtisan(id)
        const values = await artisanValues(input, id)
        await db
          .transaction(async (tx) => {
            await deps.provenance.store(tx).updateArtisan(id, values)
            await audit(tx, actor, 'artisan.update', 'artisan', id, before, { ...before, ...values })
          })
          .catch(slugClash('artisan'))
        cache.invalidate()
        return artisanRow(id)
      },
      /** Refused while a product names them: a maker is not removed from a product behind its back. */
      async remove(actor: Actor, id: string) {
        const before = await findArtisan(id)
        const titles = (await catalogue.titlesOf(await repo.productsNaming(id))).map((p) => p.title)
        if (titles.length > 0) {
          const shown = titles.slice(0, 3)
          const rest = titles.length - shown.length
          const which = listInWords(rest > 0 ? [...shown, plural(rest, 'other', 'others')] : shown)
          throw new ConflictError(
            `${plural(titles.length, 'product names', 'products name')} ${before.name} as maker (${which}). ` +
              `Remove ${before.name} from the makers of ${titles.length === 1 ? 'that product' : 'those products'} first, then delete.`,
          )
        }
        await db.transaction(async (tx) => {
          await deps.provenance.store(tx).deleteArtisan(id)
          await audit(tx, actor, 'artisan.delete', 'artisan', id, before, null)
        })
        cache.invalidate()
      },
    },
    clusters: {
      list: clusters,
      async create(actor: Actor, input: ClusterInput) {
        const id = newId()
        const values = await clusterValues(input, id)
        await db
          .transaction(async (tx) => {
            await deps.provenance.store(tx).insertCluster(id, values)
            await audit(tx, actor, 'cluster.create', 'cluster', id, null, values)
          })
          .catch(slugClash('cluster'))
        cache.invalidate()
        return clusterRow(id)
      },
      async update(actor: Actor, id: string, input: ClusterInput) {
        const before = await findCluster(id)
        const values = await clusterValues(input, id)
        await db
          .transaction(async (tx) => {
            await deps.provenance.store(tx).updateCluster(id, values)
            await audit(tx, actor, 'cluster.update', 'cluster', id, before, { ...before, ...values })
          })
          .catch(slugClash('cluster'))
        cache.invalidate()
        return clusterRow(id)
      },
      /** Refused while artisans belong to it, like an artisan named on products. */
      async remove(actor: Actor, id: string) {
        const before = await findCluster(id)
        const members = await repo.artisansIn(id)
        if (members > 0)
          throw new ConflictError(
            `${plural(members, 'artisan belongs', 'artisans belong')} to ${before.name}. ` +
              'Choose another cluster (or none) for them on the Artisans screen first, then delete.',
          )
        await db.transaction(async (tx) => {
          await deps.provenance.store(tx).deleteCluster(id)
          await audit(tx, actor, 'cluster.delete', 'cluster', id, before, null)
        })
        cache.invalidate()
      },
    },

    /** Stores one photo for an artisan or a cluster; the form then saves its URL. */
    async uploadPhoto(actor: Actor, folder: 'artisans' | 'clusters', data: Buffer) {
      const img = await storeImage(data, { files, folder, name: newId() })
      const url = `${img.url}-800.webp`
      await writeAudit(db, {
        actorId: actor.id,
        action: 'upload',
        entity: 'image',
        entityId: null,
        before: null,
        after: { url },
      })
      return { url, width: img.width, height: img.height }
    },

    productProvenance,
    async saveProductProvenance(actor: Actor, productId: string, input: ProvenanceInput) {
      const before = await productProvenance(productId)
      const found = await repo.artisanNames(input.makerIds)
      if (found.length !== input.makerIds.length) {
        const message = 'One of the makers no longer exists. Reload the page and choose again.'
        throw new ValidationError(message, { makerIds: message })
      }
      const names = new Map(found.map((a) => [a.id, a.name]))
      const marks = {
        giName: input.giName,
        giAuthorisedUser: input.giAuthorisedUser,
        handloomMark: input.handloomMark,
        silkMark: input.silkMark,
      }
      await db.transaction(async (tx) => {
        await deps.provenance.store(tx).setMakers(productId, input.makerIds)
        await catalogue.setMarks(productId, marks, tx)
        await audit(
          tx,
          actor,
          'product.provenance',
          'product',
          productId,
          { ...before, makers: before.makers.map((m) => m.name) },
          { ...marks, makers: input.makerIds.map((id) => names.get(id)) },
        )
      })
      cache.invalidate()
      return productProvenance(productId)
    },
  }
}
export type AdminProvenanceService = ReturnType<typeof createAdminProvenanceService>
