import { redirect } from 'react-router'
import { addToCartFromForm } from '../features/cart/add-to-cart-form.server.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/cart-add'

/** Add To Cart before the page's code has run: a plain form posts here (docs/decisions/018). */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartFromForm(request, appLoadContext(context))
}

// Nothing to show at this address: someone who types it goes to their cart.
export function loader() {
  return redirect('/Cart')
}
