import { seo } from '../features/catalogue/seo.ts'
import { PageBanner } from '../features/content/page-banner.tsx'
import { DonateForm } from '../features/giving/donate-form.tsx'
import { givingTexts as g } from '../features/giving/messages.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/donate'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t(g.title),
    description: t(g.intro),
    path: '/donate',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

/** `?for=` names the cause: road-safety, culture or a temple's web name; anything else starts at the first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n, viewer } = appLoadContext(context)
  const causes = await services.donations.causes(i18n.language)
  const asked = new URL(request.url).searchParams.get('for')
  const initialFor = causes.find((c) => c.for === asked)?.for ?? causes[0]!.for
  return { publicUrl, causes, initialFor, signedIn: Boolean(viewer) }
}

export default function Donate({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <PageBanner title={t(g.title)} text={t(g.intro)} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <DonateForm
          key={loaderData.initialFor}
          causes={loaderData.causes}
          initialFor={loaderData.initialFor}
          signedInGuess={loaderData.signedIn}
        />
      </div>
    </>
  )
}
