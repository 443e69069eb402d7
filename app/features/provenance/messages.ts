import type { Translate } from '../../i18n/i18n.tsx'

/**
 * The storefront's words for provenance (decision 098): artisans' and clusters' pages, 'Made by' on a
 * product page, the authenticity badges and the clusters of a state, in the page's language
 * (docs/decisions/097): `provenanceTexts(useT())`.
 */
export function provenanceTexts(t: Translate) {
  return {
    madeBy: t('Made by'),
    productsBy: (name: string) => t('Products by {name}', { name }),
    productsOfCluster: (name: string) => t('Products from {name}', { name }),
    artisansOfCluster: (name: string) => t('Artisans of {name}', { name }),
    clustersIn: (state: string) => t('Craft clusters in {state}', { state }),
    clustersIntro: t('Villages and towns where a craft is made by many families. Meet them and their work.'),
    artisan: t('Artisan'),
    cluster: t('Craft cluster'),
    partOf: t('Part of the craft cluster'),
    story: (name: string) => t('The story of {name}', { name }),
    noProducts: t('No pieces in the shop right now. Please look again soon.'),
    photoOf: (name: string, n: number) => (n === 1 ? name : t('{name}, photo {n}', { name, n })),
    marksHeading: t('Authenticity marks'),
    whatItMeans: t('What this means'),
    artisanDescription: (name: string, craft: string, place: string) =>
      place
        ? t('{name}, {craft} from {place}: their story and handmade pieces.', {
            name,
            craft: craft.toLowerCase(),
            place,
          })
        : t('{name}, {craft}: their story and handmade pieces.', { name, craft: craft.toLowerCase() }),
    clusterDescription: (name: string, craft: string, place: string) =>
      place
        ? t('{name}: {craft} in {place}, its artisans and their handmade pieces.', {
            name,
            craft: craft.toLowerCase(),
            place,
          })
        : t('{name}: {craft}, its artisans and their handmade pieces.', { name, craft: craft.toLowerCase() }),
    /** 'a', 'a and b', 'a, b and c'. */
    andList: (items: string[]): string => {
      if (items.length <= 1) return items[0] ?? ''
      return t('{first} and {last}', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] })
    },
    and: t('and'),
  }
}

/** Each mark with its number and one sentence on what it certifies. */
export function markTexts(t: Translate) {
  return {
    gi: {
      label: t('GI tag'),
      number: t('Authorised user no.'),
      explains: t(
        'A Geographical Indication (GI) is registered by the Government of India for goods whose quality and reputation come from the place they are made, and only its registered authorised users may use the name.',
      ),
    },
    handloomMark: {
      label: t('Handloom Mark'),
      number: t('No.'),
      explains: t(
        'The Handloom Mark, a scheme of India’s Ministry of Textiles, certifies that the fabric was woven on a handloom and not on a power loom.',
      ),
    },
    silkMark: {
      label: t('Silk Mark'),
      number: t('No.'),
      explains: t(
        'The Silk Mark, given by the Silk Mark Organisation of India under the Central Silk Board, certifies that the product is made of pure natural silk.',
      ),
    },
  }
}
