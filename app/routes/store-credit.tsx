import { creditText } from '../../contracts/store-credit.ts'
import { shopName } from '../features/catalogue/seo.ts'
import { StoreCreditView } from '../features/credit/store-credit-view.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/store-credit'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t(creditText.title)} | ${shopName}` },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  // Without a valid token cookie the page asks the API with the stored token instead.
  return { credit: viewer ? await services.storeCredit.statement(viewer.id) : null }
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section>
      <h1 className="mb-4 font-serif text-2xl font-bold text-brand-800">{t(creditText.title)}</h1>
      <StoreCreditView initial={loaderData.credit} />
    </section>
  )
}
