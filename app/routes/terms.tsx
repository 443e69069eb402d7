import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { PolicyView } from '../features/content/policy-view.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: 'Terms and Conditions',
    description:
      'The terms that apply when you shop with Kalaa Setu: orders, prices, payments, delivery and your account.',
    path: '/TermsCondition',
    publicUrl: loaderData?.publicUrl,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const documents = await safeLoad(services.log, 'terms policy', () => services.content.terms(), [])
  return { publicUrl, sections: documents.flatMap((d) => d.sections) }
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return <PolicyView title="Terms and Conditions" sections={loaderData.sections} />
}
