import type { SetURLSearchParams } from 'react-router'

/**
 * Sets one filter of a console list in the address (so a filtered list can be bookmarked or shared): an
 * empty value removes it, and any change but the page's own goes back to the first page.
 */
export function filterSetter(setParams: SetURLSearchParams) {
  return (key: string, value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old)
        if (value) next.set(key, value)
        else next.delete(key)
        if (key !== 'page') next.delete('page')
        return next
      },
      { replace: true },
    )
}
