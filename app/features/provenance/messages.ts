/**
 * The storefront's words for provenance (decision 098): artisans' and clusters' pages, 'Made by' on a
 * product page, the authenticity badges and the clusters of a state.
 */
export const provenanceText = {
  madeBy: 'Made by',
  productsBy: (name: string) => `Products by ${name}`,
  productsOfCluster: (name: string) => `Products from ${name}`,
  artisansOfCluster: (name: string) => `Artisans of ${name}`,
  clustersIn: (state: string) => `Craft clusters in ${state}`,
  clustersIntro: 'Villages and towns where a craft is made by many families. Meet them and their work.',
  artisan: 'Artisan',
  cluster: 'Craft cluster',
  partOf: 'Part of the craft cluster',
  story: (name: string) => `The story of ${name}`,
  noProducts: 'No pieces in the shop right now. Please look again soon.',
  photoOf: (name: string, n: number) => (n === 1 ? name : `${name}, photo ${n}`),
  marksHeading: 'Authenticity marks',
  whatItMeans: 'What this means',
  artisanDescription: (name: string, craft: string, place: string) =>
    `${name}, ${craft.toLowerCase()}${place ? ` from ${place}` : ''}: their story and handmade pieces.`,
  clusterDescription: (name: string, craft: string, place: string) =>
    `${name}: ${craft.toLowerCase()}${place ? ` in ${place}` : ''}, its artisans and their handmade pieces.`,
} as const

/** Each mark with its number and one sentence on what it certifies. */
export const markText = {
  gi: {
    label: 'GI tag',
    number: 'Authorised user no.',
    explains:
      'A Geographical Indication (GI) is registered by the Government of India for goods whose quality and reputation come from the place they are made, and only its registered authorised users may use the name.',
  },
  handloomMark: {
    label: 'Handloom Mark',
    number: 'No.',
    explains:
      'The Handloom Mark, a scheme of India’s Ministry of Textiles, certifies that the fabric was woven on a handloom and not on a power loom.',
  },
  silkMark: {
    label: 'Silk Mark',
    number: 'No.',
    explains:
      'The Silk Mark, given by the Silk Mark Organisation of India under the Central Silk Board, certifies that the product is made of pure natural silk.',
  },
} as const

/** 'a', 'a and b', 'a, b and c'. */
export function andList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
