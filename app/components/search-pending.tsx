import { useLocation, useNavigation } from 'react-router'
import { useT } from '../i18n/i18n.tsx'

/**
 * 'Loading...' while a search's results come, from whatever page it was asked on: the search page shows its
 * own once it is the page, so a first search from the home page is not silent until its results paint. It
 * belongs to the header's search (an island whose code comes at idle or at the first tap, decision 105), so
 * the first visit's code does not carry it.
 */
export function SearchPending() {
  const t = useT()
  const navigation = useNavigation()
  const location = useLocation()
  const searching =
    navigation.state === 'loading' &&
    navigation.location?.pathname === '/products' &&
    location.pathname !== '/products'
  if (!searching) return null
  return (
    <p
      className="fixed inset-x-0 top-28 z-20 mx-auto w-fit rounded bg-white px-4 py-2 text-center text-lg shadow"
      role="status"
      data-testid="search-pending"
    >
      {t('Loading...')}
    </p>
  )
}
