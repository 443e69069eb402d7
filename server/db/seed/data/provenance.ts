/**
 * The demo shop's craft clusters and artisans (decision 098). Sample profiles with common, generic names
 * and made-up certificate numbers marked DEMO: they describe the crafts and places in general terms and
 * say nothing about any real person. `state` is a name in ./states.ts; `products` are titles in
 * ./products.ts.
 */

export type ClusterSeed = {
  slug: string
  name: string
  craft: string
  village: string
  district: string
  state: string
  story: string
}

export type ArtisanSeed = ClusterSeed & {
  cluster: string
  products: string[]
}

export type MarksSeed = {
  product: string
  giName?: string
  giAuthorisedUser?: string
  handloomMark?: string
  silkMark?: string
}

const sample =
  '<p><em>A sample profile of the demo shop: the foundation replaces it with the artisan’s own story.</em></p>'

export const CLUSTERS: ClusterSeed[] = [
  {
    slug: 'madhubani-painters',
    name: 'Madhubani Painters’ Cluster',
    craft: 'Madhubani (Mithila) painting',
    village: 'Madhubani',
    district: 'Madhubani',
    state: 'Bihar',
    story:
      '<p>In the villages of the Mithila region, painting began on the walls of homes for weddings and festivals. Today families paint on handmade paper and cloth with bamboo nibs and natural colours, in the bharni (filled) and kachni (line) styles.</p>' +
      sample,
  },
  {
    slug: 'banaras-weavers',
    name: 'Banaras Handloom Weavers’ Cluster',
    craft: 'Banarasi silk weaving',
    village: 'Varanasi',
    district: 'Varanasi',
    state: 'Uttar Pradesh',
    story:
      '<p>Weaving households around Varanasi make silk sarees with zari brocade on pit and frame looms. One saree can take two weavers several weeks, with the pattern set on the loom before the first thread is thrown.</p>' +
      sample,
  },
  {
    slug: 'pattachitra-painters',
    name: 'Pattachitra Painters’ Cluster',
    craft: 'Pattachitra painting',
    village: 'Puri',
    district: 'Puri',
    state: 'Odisha',
    story:
      '<p>Pattachitra painters prepare their own canvas of cloth coated with chalk and tamarind gum, and paint stories of the gods in colours made from stone, shell and lamp soot.</p>' +
      sample,
  },
]

export const ARTISANS: ArtisanSeed[] = [
  {
    slug: 'asha-devi',
    name: 'Asha Devi',
    craft: 'Madhubani painting',
    village: 'Madhubani',
    district: 'Madhubani',
    state: 'Bihar',
    cluster: 'madhubani-painters',
    products: ['Madhubani Fish Painting', 'Madhubani Peacock Painting on Handmade Paper'],
    story:
      '<p>Asha learnt to paint from the women of her family and works at home between the harvests. Fish, for plenty, and peacocks, for love, are the motifs she paints most.</p>' +
      sample,
  },
  {
    slug: 'ramesh-kumar',
    name: 'Ramesh Kumar',
    craft: 'Banarasi silk weaving',
    village: 'Varanasi',
    district: 'Varanasi',
    state: 'Uttar Pradesh',
    cluster: 'banaras-weavers',
    products: ['Banarasi Silk Saree'],
    story:
      '<p>Ramesh weaves on a handloom at home with his brother, setting the brocade pattern for each saree by hand.</p>' +
      sample,
  },
  {
    slug: 'geeta-mahapatra',
    name: 'Geeta Mahapatra',
    craft: 'Pattachitra painting',
    village: 'Puri',
    district: 'Puri',
    state: 'Odisha',
    cluster: 'pattachitra-painters',
    products: ['Pattachitra Royal Elephant Painting', 'Pattachitra Tree of Life on Cloth'],
    story:
      '<p>Geeta grinds her own colours and paints with brushes of squirrel hair; a large panel takes her several weeks.</p>' +
      sample,
  },
]

export const MARKS: MarksSeed[] = [
  { product: 'Madhubani Fish Painting', giName: 'Madhubani Paintings', giAuthorisedUser: 'DEMO-AU-0001' },
  {
    product: 'Banarasi Silk Saree',
    giName: 'Banaras Brocades and Sarees',
    giAuthorisedUser: 'DEMO-AU-0002',
    handloomMark: 'DEMO-HLM-1001',
    silkMark: 'DEMO-SM-2001',
  },
]
