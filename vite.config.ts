import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// The small modules the layout (header, footer, session) needs on every page, as one file instead of
// about fifteen: fewer requests and better compression on a first visit (docs/decisions/008).
const shellModules = new RegExp(
  [
    'app/components/(header|icons|logo)\\.tsx',
    'app/lib/(api|context|format|idle|island|query|session|site|toast|use-signed-in)\\.tsx?',
    // The cart and wishlist queries behind the header's counts.
    'app/lib/(cart-api|use-cart|use-header-counts|use-wishlist|wishlist-api)\\.ts',
    // Tiny helpers nearly every page uses: as separate files each would cost a round trip.
    'app/lib/(cart-messages|cart-notice)\\.ts',
    'app/features/catalogue/(load|seo)\\.ts',
    'app/features/account/(refresh|session-check)\\.tsx?',
    // Each of these came as a preloaded file of its own, of less than 2 KB (docs/decisions/105).
    'app/i18n/meta\\.ts',
    'contracts/i18n/registry\\.ts',
    'node_modules/react-dom/(index|cjs/react-dom\\.production)\\.js',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .map((p) => `${p}$`)
    .join('|'),
)

// What the storefront pages (home, listings, product) share, as one file: on slow mobile data each
// extra request costs a round trip of its own (docs/decisions/016).
const storefrontModules = new RegExp(
  [
    'app/components/(near-img|product-card|promo-video|quick-view|star-rating|state-tile)\\.tsx',
    'app/components/(add-to-cart-button|wishlist-button)\\.tsx',
    'contracts/(images|money|product-card|sale-banner)\\.ts',
    // The catalogue's words, and prices and pictures: the home page's first screen needs none of them
    // before its code comes at idle (docs/decisions/105).
    'app/lib/catalogue-messages\\.ts',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .join('|'),
)

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // false: the production server bundle must not import the server entry's own modules by path.
    fastifyReactRouterDev({
      entry: './server/dev.ts',
      exportName: 'createServer',
      externalizeServerEntryImports: false,
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: Boolean(process.env.SOURCEMAP),
    cssCodeSplit: true,
    modulePreload: {
      // The shop app's code (decision 142) is fetched at idle and needs only files the page already has:
      // no list of files to preload for it in the first visit's entry.
      resolveDependencies: (file, deps) => (/shop-app-[\w-]+\.js$/.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: (id) => shellModules.test(id) },
            { name: 'storefront', test: (id) => storefrontModules.test(id) },
            // Embla and its autoplay, fetched when the page is idle (docs/decisions/105).
            { name: 'embla', test: (id) => /node_modules[\\/]embla-carousel/.test(id) },
          ],
        },
      },
    },
  },
  ssr: { noExternal: ['embla-carousel-react', 'embla-carousel'] },
})
