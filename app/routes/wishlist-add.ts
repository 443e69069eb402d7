import { redirect } from 'react-router'
import { addToWishlistFromForm } from '../features/wishlist/add-to-wishlist-form.server.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/wishlist-add'

/** The wishlist heart before the page's code has run: a plain form posts here (docs/decisions/018). */
export async function action({ request, context }: Route.ActionArgs) {
  return addToWishlistFromForm(request, appLoadContext(context))
}

// Nothing to show at this address: someone who types it goes to their wishlist.
export function loader() {
  return redirect('/wishlist')
}
