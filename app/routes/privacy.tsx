import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { PolicyView } from '../features/content/policy-view.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('Privacy Policy'),
    description: t('How the Kalaa Setu shop collects, uses and protects your personal information.'),
    path: '/Privacy',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const documents = await safeLoad(
    services.log,
    'privacy policy',
    () => services.content.privacy(i18n.language),
    [],
  )
  return { publicUrl, sections: documents.flatMap((d) => d.sections) }
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return <PolicyView title={t('Privacy Policy')} sections={loaderData.sections} />
}
