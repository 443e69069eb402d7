/** Storefront labels, messages and constants quoted from the spec (sections 2, 5, 8 and 9). */
export const catalogueText = {
  productFetchFailed: 'Failed to fetch product details.',
  productsFetchFailed: 'Failed to fetch products.',
  loading: 'Loading...',
  bestSelling: 'Best selling',
  newArrival: 'New Arrival',
  saleTitle: '30% off sale',
  saleSubtitle: 'Latest Exclusive Summer Collection',
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

/** The state landing tiles' pictures follow position, not the state's own image (spec section 2). */
export const stateTileImages = [
  { src: '/media/state-uttar-pradesh.webp', alt: 'Domes and arches in the style of Uttar Pradesh' },
  { src: '/media/state-madhya-pradesh.webp', alt: 'A stupa in the style of Madhya Pradesh' },
  { src: '/media/state-rajasthan.webp', alt: 'A desert fort in the style of Rajasthan' },
] as const
