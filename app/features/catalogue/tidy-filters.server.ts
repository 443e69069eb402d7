import { redirect } from 'react-router'
import { tidyFilterAddress } from '../../../contracts/catalogue-filters.ts'

/**
 * A listing asked for with its filters written another way (a form sent before the page's code carries
 * empty prices and its own order): sent on to the one address of that choice (decision 130), or null.
 */
export function tidyFilters(url: URL): Response | null {
  // The page's code asks for data at its own address and writes the filters the one way itself.
  if (url.pathname.endsWith('.data')) return null
  const tidy = tidyFilterAddress(url)
  return tidy ? redirect(tidy) : null
}
