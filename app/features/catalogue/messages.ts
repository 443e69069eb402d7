/** Storefront labels, messages and constants quoted from the spec (sections 2, 5, 8 and 9). */
export const catalogueText = {
  productFetchFailed: 'Failed to fetch product details.',
  productsFetchFailed: 'Failed to fetch products.',
  loading: 'Loading...',
  bestSelling: 'Best selling',
  newArrival: 'New Arrival',
  shopNow: 'Shop now',
  collection: 'Collection',
  viewMore: 'View More',
  statecraft: 'Statecraft Collection',
  testimonials: 'Loved by Our Testimonials',
  heritage: 'the hands that craft our heritage',
  inStock: 'IN STOCK',
  outOfStock: 'Out of stock',
  onlyLeft: (n: number) => `Only ${n} left`,
  addToCart: 'Add To Cart',
  relatedProduct: 'Related product',
  view360: 'View 360',
  playVideo: 'Play video',
  sortLabel: 'Sort by',
  emptyListing: 'No products here yet. Please look at our other collections.',
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
