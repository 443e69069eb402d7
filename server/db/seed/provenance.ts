import { type PictureKind, pictureSizes } from '../../../contracts/images.ts'
import type { RenderJob } from '../../../demo-art/render.ts'
import { stateSvg } from '../../../demo-art/scenes.ts'
import { newId } from '../ids.ts'
import type { artisans, clusters, productMakers, products } from '../schema.ts'
import { ARTISANS, CLUSTERS, MARKS } from './data/provenance.ts'
import { STATES } from './data/states.ts'

/**
 * The demo's clusters, artisans, makers and marks (decision 098), for the products and states built
 * before: marks are set on the product rows given. Each profile's photo is its state's drawing.
 */
export function buildProvenance(opts: {
  stateIdByName: Map<string, string>
  productRows: (typeof products.$inferInsert)[]
  jobs: RenderJob[] | null
}) {
  const stateOf = (name: string) => {
    const id = opts.stateIdByName.get(name)
    if (!id) throw new Error(`Demo provenance: unknown state ${name}`)
    return id
  }
  const productOf = (title: string) => {
    const row = opts.productRows.find((p) => p.title === title)
    if (!row?.id) throw new Error(`Demo provenance: unknown product ${title}`)
    return row
  }
  const photo = (kind: PictureKind, slug: string, state: string) => {
    const file = `${kind}/${slug}`
    const seed = STATES.find((s) => s.name === state)
    if (seed) opts.jobs?.push({ file, widths: [...pictureSizes[kind]], svg: () => stateSvg(seed) })
    return seed ? [`/uploads/${file}-800.webp`] : []
  }

  const clusterIdBySlug = new Map<string, string>()
  const clusterRows: (typeof clusters.$inferInsert)[] = CLUSTERS.map(({ state, ...c }) => {
    const id = newId()
    clusterIdBySlug.set(c.slug, id)
    return { id, ...c, stateId: stateOf(state), photos: photo('clusters', c.slug, state) }
  })
  const makerRows: (typeof productMakers.$inferInsert)[] = []
  const artisanRows: (typeof artisans.$inferInsert)[] = ARTISANS.map(
    ({ state, cluster, products: made, ...a }) => {
      const id = newId()
      for (const title of made) makerRows.push({ productId: productOf(title).id as string, artisanId: id })
      return {
        id,
        ...a,
        stateId: stateOf(state),
        clusterId: clusterIdBySlug.get(cluster) ?? null,
        photos: photo('artisans', a.slug, state),
      }
    },
  )
  for (const { product, ...marks } of MARKS) Object.assign(productOf(product), marks)
  return { clusters: clusterRows, artisans: artisanRows, makers: makerRows }
}
