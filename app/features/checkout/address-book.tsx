import { useT } from '../../i18n/i18n.tsx'
import type { SavedAddress } from '../../lib/checkout-api.ts'
import { checkoutLabels } from '../../lib/checkout-messages.ts'

/** The account's saved addresses, each with Deliver here, which fills the delivery form (without the page's code, the server does). */
export function AddressBook({
  formId,
  addresses,
  selected,
  onDeliverHere,
  chooseFormId,
}: {
  formId: string
  addresses: SavedAddress[]
  selected: string | null
  onDeliverHere: (address: SavedAddress) => void
  /** The form that asks the server for the checkout with this address, before the page's code has run. */
  chooseFormId: string
}) {
  const t = useT()
  return (
    <section aria-labelledby={`${formId}-addresses`} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`${formId}-addresses`} className="text-lg font-semibold text-brand-800">
        {t('Delivery address')}
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-2 text-sm text-ink/80">{t('No saved addresses yet. Add one below.')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {addresses.map((a) => (
            <li
              key={a._id}
              className={`rounded border p-3 text-sm ${selected === a._id ? 'border-brand-600 bg-brand-50' : 'border-ink/20'}`}
            >
              <p className="font-semibold">
                {a.fullName}{' '}
                {a.addressType && (
                  <span className="ml-1 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium">
                    {a.addressType}
                  </span>
                )}
              </p>
              <p className="mt-1">{a.streetAddress}</p>
              <p>
                {a.city}, {a.state} {a.postalCode}
              </p>
              <p>{t('Phone: {phone}', { phone: a.phoneNumber })}</p>
              <button
                type="submit"
                form={chooseFormId}
                name="deliverTo"
                value={a._id}
                onClick={(e) => {
                  e.preventDefault()
                  onDeliverHere(a)
                }}
                aria-pressed={selected === a._id}
                className="mt-2 rounded bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
              >
                {t(checkoutLabels.deliverHere)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
