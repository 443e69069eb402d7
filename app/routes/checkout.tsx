import { CheckoutPage } from '../features/checkout/checkout-page.tsx'

export const meta = () => [{ title: 'Checkout | Kalaa Setu' }, { name: 'robots', content: 'noindex' }]

export default function Screen() {
  return <CheckoutPage />
}
