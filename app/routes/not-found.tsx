import { data } from 'react-router'
import { NotFoundView } from '../components/not-found-view.tsx'

export const meta = () => [{ title: 'Page not found | Kalaa Setu' }, { name: 'robots', content: 'noindex' }]

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundView />
}
