import { useT } from '../../i18n/i18n.tsx'
import type { Address } from '../../lib/account-api.ts'

/** One saved address as the address book and the dashboard show it. */
export function AddressLines({ address }: { address: Address }) {
  const t = useT()
  return (
    <>
      <p className="font-semibold">{address.fullName}</p>
      <p>{address.streetAddress}</p>
      <p>
        {address.city}, {address.state} {address.postalCode}
      </p>
      <p>{address.country}</p>
      <p>{t('Phone: {phone}', { phone: address.phoneNumber })}</p>
    </>
  )
}
