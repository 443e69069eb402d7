import { data, useSearchParams } from 'react-router'
import { BookingView } from '../features/sevas/booking-view.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/seva-booking'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Seva booking')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  if (!viewer) return { booking: null }
  try {
    return { booking: await services.sevas.mineOne(viewer.id, params.id) }
  } catch (err) {
    // Missing or another devotee's: the shop's 404 page.
    if ((err as { statusCode?: number }).statusCode === 404) throw data('Booking not found', { status: 404 })
    throw err
  }
}

export default function Screen({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams()
  const justPaid = search.has('paid')
  return <BookingView key={params.id} id={params.id} initial={loaderData.booking} justPaid={justPaid} />
}
