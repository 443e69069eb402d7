import type { Address } from './account-api.ts'

/** One saved address as the address book and the dashboard show it. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <p className="font-semibold">{address.fullName}</p>
      <p>{address.streetAddress}</p>
      <p>
        {address.city}, {address.state} {address.postalCode}
      </p>
      <p>{address.country}</p>
      <p>Phone: {address.phoneNumber}</p>
    </>
  )
}
