import { safeLoad } from '../features/catalogue/load.ts'
import { maxStates } from '../features/catalogue/messages.ts'
import { seo } from '../features/catalogue/seo.ts'
import { StateTile } from '../features/catalogue/state-tile.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/state-landing'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: 'State Wise Collection',
    description:
      'Shop Indian crafts by the state they come from: Uttar Pradesh, Madhya Pradesh, Rajasthan and more.',
    path: '/StateProduct',
    publicUrl: loaderData?.publicUrl,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const states = await safeLoad(services.log, 'states', () => services.catalogue.states(), [])
  return { publicUrl, states: states.slice(0, maxStates) }
}

export default function StateLanding({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-brand-800">State Wise Collection</h1>
      <p className="mt-2 max-w-2xl text-ink/80">
        Every state of India has its own crafts. Pick a state to see what its artisans make.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {loaderData.states.map((s, i) => (
          <li key={s._id}>
            <StateTile name={s.State} image={s.image} eager={i === 0} />
          </li>
        ))}
      </ul>
    </section>
  )
}
