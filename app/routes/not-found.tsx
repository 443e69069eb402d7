import { data } from 'react-router'
import { NotFoundView } from '../components/not-found-view.tsx'
import { metaI18n } from '../i18n/meta.ts'
import type { Route } from './+types/not-found'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Page not found')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundView />
}
