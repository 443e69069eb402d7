import { StateTile } from '../components/state-tile.tsx'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { maxStates } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/state-landing'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: t('State Wise Collection'),
    description: t(
      'Shop Indian crafts by the state they come from: Uttar Pradesh, Madhya Pradesh, Rajasthan and more.',
    ),
    path: '/StateProduct',
    publicUrl: loaderData?.publicUrl,
    language,
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const states = await safeLoad(services.log, 'states', () => services.catalogue.statesIn(i18n.language), [])
  return { publicUrl, states: states.slice(0, maxStates) }
}

export default function StateLanding({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('State Wise Collection')}</h1>
      <p className="mt-2 max-w-2xl text-ink/80">
        {t('Every state of India has its own crafts. Pick a state to see what its artisans make.')}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {loaderData.states.map((s, i) => (
          <li key={s._id}>
            <StateTile name={s.State} label={s.label} image={s.image} eager={i === 0} />
          </li>
        ))}
      </ul>
    </section>
  )
}
