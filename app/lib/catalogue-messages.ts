import { msg } from '../../contracts/languages.ts'

/** Storefront labels, messages and constants quoted from the spec (sections 2, 5, 8 and 9). */
export const catalogueText = {
  productFetchFailed: msg('Failed to fetch product details.'),
  productsFetchFailed: msg('Failed to fetch products.'),
  loading: msg('Loading...'),
  bestSelling: msg('Best selling'),
  newArrival: msg('New Arrival'),
  shopNow: msg('Shop now'),
  collection: msg('Collection'),
  viewMore: msg('View More'),
  statecraft: msg('Statecraft Collection'),
  testimonials: msg('Loved by Our Testimonials'),
  heritage: msg('the hands that craft our heritage'),
  inStock: msg('IN STOCK'),
  outOfStock: msg('Out of stock'),
  onlyLeft: (n: number) => `Only ${n} left`,
  addToCart: msg('Add To Cart'),
  /** A card whose variants' prices differ (decision 129): 'from ₹899'. */
  priceFrom: msg('from {price}'),
  /** A card of a product with options links to its page to choose: 'Choose size'. */
  chooseOption: msg('Choose {option}'),
  relatedProduct: msg('Related product'),
  view360: msg('View 360'),
  playVideo: msg('Play video'),
  sortLabel: msg('Sort by'),
  emptyListing: msg('No products here yet. Please look at our other collections.'),
} as const

/** Title truncation lengths (spec section 5). */
export const titleLength = { home: 20, listing: 40, search: 80 } as const

/** Statecraft Collection and the state landing page show at most 3 states. */
export const maxStates = 3

/** Listing pages show this many products per page. */
export const listingPageSize = 24

/** Product detail gallery shows 4 thumbnails at a time. */
export const visibleThumbnails = 4

/** The banner over a product page that staff preview (decision 095), by why customers cannot see it. */
export const previewText = {
  unapproved: 'Preview — customers cannot see this product until it is approved',
  archived: 'Preview — this product is archived, so customers cannot see it',
  'inactive-category': 'Preview — customers cannot see this product while its category is inactive',
  backToConsole: 'Back to the product in the console',
} as const
