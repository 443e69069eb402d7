import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { PolicyView } from '../features/content/policy-view.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Terms and Conditions'),
    description: t(
      'The terms that apply when you shop with Kalaa Setu: orders, prices, payments, delivery and your account.',
    ),
    path: '/TermsCondition',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const documents = await safeLoad(
    services.log,
    'terms policy',
    () => services.content.terms(i18n.language),
    [],
  )
  return { publicUrl, sections: documents.flatMap((d) => d.sections) }
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return <PolicyView title={t('Terms and Conditions')} sections={loaderData.sections} />
}
