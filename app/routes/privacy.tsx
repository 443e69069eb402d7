import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { PolicyView } from '../features/content/policy-view.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: 'Privacy Policy',
    description: 'How the Kalaa Setu shop collects, uses and protects your personal information.',
    path: '/Privacy',
    publicUrl: loaderData?.publicUrl,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const documents = await safeLoad(services.log, 'privacy policy', () => services.content.privacy(), [])
  return { publicUrl, sections: documents.flatMap((d) => d.sections) }
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return <PolicyView title="Privacy Policy" sections={loaderData.sections} />
}
