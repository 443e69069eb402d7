import {
  type LabelledCategory,
  type LabelledState,
  navCategory,
  type Product,
} from '../../contracts/catalogue.ts'
import { toCard } from '../../contracts/product-card.ts'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { metaI18n } from '../i18n/meta.ts'
import { maxStates } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import { island } from '../lib/island.tsx'
import type { Route } from './+types/home'

// The page is sent whole by the server; its code is fetched once the page is idle (docs/decisions/105):
// the first visit's code is the layout's (header, session), not the carousels' and product cards'.
const HomePage = island(() => import('../features/home/home-page.tsx'))

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Kalaa Setu | Handicraft, handloom and art from India'),
    description: t(
      'Buy handmade Indian handicraft, handloom sarees, Madhubani paintings and regional products directly from artisans. Every purchase supports the foundation.',
    ),
    path: '/',
    publicUrl: loaderData?.publicUrl,
    image: loaderData?.sliders[0]?.sliderImage,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const { catalogue, content, log } = services
  const inLanguage = (list: Product[]) => catalogue.inLanguage(list, i18n.language)
  const [sliders, banners, categories, states, bestSelling, handicraft, newArrivals] = await Promise.all([
    safeLoad(log, 'sliders', () => content.sliders(), []),
    safeLoad(log, 'banners', () => content.banners(), []),
    safeLoad(log, 'categories', () => catalogue.categoriesIn(i18n.language), [] as LabelledCategory[]),
    safeLoad(log, 'states', () => catalogue.statesIn(i18n.language), [] as LabelledState[]),
    safeLoad(log, 'products', async () => inLanguage(await catalogue.bestSelling(10)), [] as Product[]),
    safeLoad(
      log,
      'products',
      async () => inLanguage(await catalogue.bestSelling(10, 'Handicraft')),
      [] as Product[],
    ),
    safeLoad(log, 'products', async () => inLanguage(await catalogue.newArrivals(10)), [] as Product[]),
  ])
  // Its code is at hand before the page renders (on the server it was fetched at start-up).
  await HomePage.preload()
  return {
    publicUrl,
    sliders,
    saleBanner: banners[0] ?? null,
    categories: categories.slice(0, 6).map((c) => navCategory(c, { subcategories: false })),
    collection: categories
      .filter((c) => c.isCollectionCategory)
      .map((c) => navCategory(c, { subcategories: false })),
    // What a state's tile shows: its name (the address), its label and its picture.
    states: states.slice(0, maxStates).map(({ State, label, image }) => ({ State, label, image })),
    bestSelling: bestSelling.map(toCard),
    handicraft: handicraft.map(toCard),
    newArrivals: newArrivals.map(toCard),
  }
}

/** A visit from another page of the shop waits for the page's code as well as the data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = HomePage.preload().catch(() => undefined)
  const data = await serverLoader()
  await page
  return data
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sliders, saleBanner, categories, collection, states, bestSelling, handicraft, newArrivals } =
    loaderData
  return (
    <HomePage
      sliders={sliders}
      saleBanner={saleBanner}
      categories={categories}
      collection={collection}
      states={states}
      bestSelling={bestSelling}
      handicraft={handicraft}
      newArrivals={newArrivals}
    />
  )
}
