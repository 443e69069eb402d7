import type { SQL } from 'drizzle-orm'
import type { Product } from '../../../contracts/catalogue.ts'
import { sameName } from '../../../contracts/catalogue-sort.ts'
import {
  type ArtisanCard,
  type ArtisanPage,
  type ArtisanProfile,
  type ClusterCard,
  type ClusterPage,
  type ClusterProfile,
  type Maker,
  type Marks,
  type ProductProvenance,
  placeLine,
} from '../../../contracts/provenance.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { CatalogueService, MakersPort } from '../catalogue/service.ts'
import { safeHtml } from '../content/html.ts'
import { provenanceAuditNames } from './audit-names.ts'
import { createProvenanceStore } from './console-repo.ts'
import { createProvenanceRepo } from './repo.ts'
import type { artisans, clusters } from './tables.ts'

export type { ArtisanValues, ClusterValues } from './console-repo.ts'

type ArtisanRow = typeof artisans.$inferSelect
type ClusterRow = typeof clusters.$inferSelect

const noMarks: Marks = { gi: null, handloomMark: null, silkMark: null }

/** A slug as it may appear in an address: small letters, digits and -, any case typed. */
const slugKey = (slug: string) => slug.trim().toLowerCase()

/**
 * Artisans, clusters, who made each product and its marks (decision 098), read once into the catalogue
 * cache: every console write (and its notice to other instances) drops it with the rest of the catalogue.
 * Products come from the catalogue service, so only approved, public ones are ever listed.
 */
export function createProvenanceService(deps: {
  db: Db
  cache: CatalogueCache
  catalogue: Pick<CatalogueService, 'byIds' | 'stateNames' | 'marks'>
}) {
  const repo = createProvenanceRepo(deps.db)

  type Snapshot = {
    artisans: Map<string, ArtisanProfile & { clusterId: string | null; card: ArtisanCard }>
    clusters: Map<string, ClusterProfile & { stateId: string | null; card: ClusterCard }>
    artisanBySlug: Map<string, string>
    clusterBySlug: Map<string, string>
    /** Artisan ids per product, in order, and product ids per artisan. */
    makersOf: Map<string, string[]>
    productsOf: Map<string, string[]>
    marks: Map<string, Marks>
  }

  async function load(): Promise<Snapshot> {
    const [artisanRows, clusterRows, stateRows, makerRows, markRows] = await Promise.all([
      repo.artisans(),
      repo.clusters(),
      deps.catalogue.stateNames(),
      repo.makers(),
      deps.catalogue.marks(),
    ])
    const stateName = new Map(stateRows.map((s) => [s.id, s.name]))
    const profile = (r: ArtisanRow | ClusterRow) => {
      const state = r.stateId ? (stateName.get(r.stateId) ?? null) : null
      return {
        _id: r.id,
        slug: r.slug,
        name: r.name,
        craft: r.craft,
        village: r.village,
        district: r.district,
        state,
        story: safeHtml(r.story),
        photos: r.photos,
        videoLink: r.videoLink,
        stateId: r.stateId,
      }
    }
    const clusterMap: Snapshot['clusters'] = new Map()
    for (const r of clusterRows) {
      const p = profile(r)
      clusterMap.set(r.id, {
        ...p,
        card: { name: p.name, slug: p.slug, craft: p.craft, place: placeLine(p), photo: p.photos[0] ?? null },
      })
    }
    const artisanMap: Snapshot['artisans'] = new Map()
    for (const r of artisanRows) {
      const { stateId: _s, ...p } = profile(r)
      const cluster = r.clusterId ? clusterMap.get(r.clusterId) : undefined
      artisanMap.set(r.id, {
        ...p,
        clusterId: r.clusterId,
        cluster: cluster ? { name: cluster.name, slug: cluster.slug } : null,
        card: { name: p.name, slug: p.slug, craft: p.craft, place: placeLine(p), photo: p.photos[0] ?? null },
      })
    }
    const makersOf = new Map<string, string[]>()
    const productsOf = new Map<string, string[]>()
    for (const m of makerRows) {
      makersOf.set(m.productId, [...(makersOf.get(m.productId) ?? []), m.artisanId])
      productsOf.set(m.artisanId, [...(productsOf.get(m.artisanId) ?? []), m.productId])
    }
    const marks = new Map<string, Marks>()
    for (const m of markRows) {
      marks.set(m.id, {
        gi: m.giName && m.giAuthorisedUser ? { name: m.giName, authorisedUser: m.giAuthorisedUser } : null,
        handloomMark: m.handloomMark,
        silkMark: m.silkMark,
      })
    }
    return {
      artisans: artisanMap,
      clusters: clusterMap,
      artisanBySlug: new Map([...artisanMap.values()].map((a) => [slugKey(a.slug), a._id])),
      clusterBySlug: new Map([...clusterMap.values()].map((c) => [slugKey(c.slug), c._id])),
      makersOf,
      productsOf,
      marks,
    }
  }

  const snapshot = () => deps.cache.get('provenance:snapshot', load)

  /** The approved products among these ids, in catalogue order, as list items. */
  async function approved(ids: Set<string>): Promise<Product[]> {
    if (ids.size === 0) return []
    const shown = await deps.catalogue.byIds([...ids])
    // Catalogue order: the order listings show them in when not sorted.
    return [...shown.values()].sort((a, b) =>
      a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
    )
  }

  const makerOf = (a: { card: ArtisanCard }): Maker => {
    const { photo: _p, ...maker } = a.card
    return maker
  }

  return {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: provenanceAuditNames(deps.db),
    /** Who made what, for the listings' artisan filter and its counts (decision 130). */
    makers: {
      makersAmong: (ids: SQL) => repo.makersAmong(ids),
    } satisfies MakersPort,
    /**
     * The console's artisans, clusters and products' makers (decision 098), read and written in the
     * caller's transaction when given one; the console audits each change and drops the cache after it.
     */
    store(db: DbOrTx = deps.db) {
      return createProvenanceStore(db)
    },
    /** Who made a product and the marks it carries; nothing for a product with neither. */
    async ofProduct(productId: string): Promise<ProductProvenance> {
      const snap = await snapshot()
      const makers = (snap.makersOf.get(productId) ?? [])
        .map((id) => snap.artisans.get(id))
        .filter((a) => a !== undefined)
        .map(makerOf)
      return { makers, marks: snap.marks.get(productId) ?? noMarks }
    },

    /** An artisan's page: their profile and their approved products. */
    async artisan(slug: string): Promise<ArtisanPage> {
      const snap = await snapshot()
      const found = snap.artisans.get(snap.artisanBySlug.get(slugKey(slug)) ?? '')
      if (!found) throw new NotFoundError('No artisan has this address.')
      const { card: _c, clusterId: _k, ...artisan } = found
      return { artisan, products: await approved(new Set(snap.productsOf.get(found._id) ?? [])) }
    },

    /** A cluster's page: its profile, its artisans and their approved products. */
    async cluster(slug: string): Promise<ClusterPage> {
      const snap = await snapshot()
      const found = snap.clusters.get(snap.clusterBySlug.get(slugKey(slug)) ?? '')
      if (!found) throw new NotFoundError('No craft cluster has this address.')
      const { card: _c, stateId: _s, ...cluster } = found
      const members = [...snap.artisans.values()].filter((a) => a.clusterId === found._id)
      const ids = new Set(members.flatMap((a) => snap.productsOf.get(a._id) ?? []))
      return { cluster, artisans: members.map((a) => a.card), products: await approved(ids) }
    },

    /** The clusters of a state, by the state's name as the state pages use it (any case). */
    async clustersOfState(stateName: string): Promise<ClusterCard[]> {
      const snap = await snapshot()
      return [...snap.clusters.values()].filter((c) => sameName(c.state, stateName)).map((c) => c.card)
    },

    /** Every artisan's and cluster's address, for the sitemap. */
    async addresses(): Promise<{ artisans: string[]; clusters: string[] }> {
      const snap = await snapshot()
      return {
        artisans: [...snap.artisans.values()].map((a) => a.slug),
        clusters: [...snap.clusters.values()].map((c) => c.slug),
      }
    },
  }
}
export type ProvenanceService = ReturnType<typeof createProvenanceService>
