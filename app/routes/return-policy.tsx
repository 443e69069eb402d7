import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { PolicyView } from '../features/content/policy-view.tsx'
import { ReturnRulesView } from '../features/content/return-rules-view.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/return-policy'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Return Policy'),
    description: t(
      'How to return or exchange a product bought from the Kalaa Setu shop, and how refunds are made.',
    ),
    path: '/ReturnPolicy',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const [policy, rules] = await Promise.all([
    safeLoad(services.log, 'return policy', () => services.content.returnPolicy(i18n.language), null),
    safeLoad(services.log, 'return rules', () => services.returns.policy(i18n.language), null),
  ])
  return { publicUrl, html: policy?.ReturnPolicy ?? '', rules }
}

export default function ReturnPolicy({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const sections = loaderData.html ? [{ _id: 'return-policy', title: '', content: loaderData.html }] : []
  return (
    <PolicyView title={t('Return Policy')} sections={sections}>
      {loaderData.rules ? <ReturnRulesView rules={loaderData.rules} /> : null}
    </PolicyView>
  )
}
