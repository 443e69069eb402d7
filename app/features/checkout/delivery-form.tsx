import { useT } from '../../i18n/i18n.tsx'
import { checkoutLabels } from '../../lib/checkout-messages.ts'
import type { ShippingFormState } from './use-shipping-form.ts'
import { type ShippingErrors, type ShippingForm, shippingFieldOrder } from './validate.ts'

const inputClass =
  'mt-1 w-full rounded border border-ink/30 bg-white px-3 py-2 text-base focus:border-brand-600 aria-[invalid=true]:border-red-700'

/** One labelled input of the delivery form, with its error below it. */
type InputOptions = Partial<React.ComponentProps<'input'>>

function Field({
  shipping,
  name,
  label,
  opts,
}: {
  shipping: ShippingFormState
  name: keyof ShippingForm
  label: string
  opts: InputOptions
}) {
  const t = useT()
  const { formId, form, errors } = shipping
  return (
    <div>
      <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${formId}-${name}`}
        name={name}
        value={form[name]}
        onChange={(e) => shipping.update(name, e.target.value)}
        onBlur={name === 'phoneNumber' ? shipping.showNationalPhone : undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${formId}-${name}-error` : undefined}
        className={inputClass}
        {...opts}
      />
      {errors[name] && (
        <p id={`${formId}-${name}-error`} className="mt-1 text-sm text-red-700">
          {t(errors[name])}
        </p>
      )}
    </div>
  )
}

/** The delivery address form, folded under Add a new address until it is needed. */
export function DeliveryForm({
  shipping,
  chooseFormId,
}: {
  shipping: ShippingFormState
  chooseFormId: string
}) {
  const t = useT()
  const { formId, formOpen } = shipping
  const field = (name: keyof ShippingForm, label: string, opts: InputOptions = {}) => (
    <Field shipping={shipping} name={name} label={label} opts={opts} />
  )
  return (
    <section className="rounded-lg bg-white shadow-sm">
      <h2>
        <button
          // Before the page's code, the server sends the checkout back with the form open.
          type="submit"
          form={chooseFormId}
          name="address"
          value="new"
          aria-expanded={formOpen}
          aria-controls={`${formId}-form`}
          onClick={(e) => {
            e.preventDefault()
            shipping.setFormOpen((o) => !o)
          }}
          className="flex w-full items-center justify-between p-4 text-left text-lg font-semibold text-brand-800"
        >
          {t(checkoutLabels.addAddress)}
          <span aria-hidden="true">{formOpen ? '−' : '+'}</span>
        </button>
      </h2>
      <div id={`${formId}-form`} hidden={!formOpen} className="grid gap-4 px-4 pb-4 sm:grid-cols-2">
        {field('firstName', t('First name *'), { autoComplete: 'given-name' })}
        {field('lastName', t('Last name *'), { autoComplete: 'family-name' })}
        <div className="sm:col-span-2">
          {field('address', t('Address *'), { autoComplete: 'address-line1' })}
        </div>
        <div className="sm:col-span-2">
          {field('apartment', t('Apartment, suite, etc. (optional)'), {
            autoComplete: 'address-line2',
          })}
        </div>
        {field('postalCode', t('PIN code *'), {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
        })}
        {field('city', t('City *'), { autoComplete: 'address-level2' })}
        {field('state', t('State *'), { autoComplete: 'address-level1' })}
        {field('country', t('Country'), {
          readOnly: true,
          placeholder: t('Filled from the PIN code'),
          autoComplete: 'country-name',
        })}
        {field('email', t('Email *'), { type: 'email', autoComplete: 'email' })}
        {field('phoneNumber', t('Phone number *'), {
          type: 'tel',
          // The phone keypad: digits plus the '+' of '+91'.
          inputMode: 'tel',
          autoComplete: 'tel',
        })}
      </div>
    </section>
  )
}

/** The messages in screen order, for the summary beside Place Order. */
const shippingErrorList = (errors: ShippingErrors) =>
  shippingFieldOrder.flatMap((name) => (errors[name] ? [[name, errors[name]] as const] : []))

/** Announced at once on a refused Place Order; the first field in error also takes focus. */
export function ShippingErrorSummary({ shipping }: { shipping: ShippingFormState }) {
  const t = useT()
  const errorList = shippingErrorList(shipping.errors)
  return (
    <div aria-live="assertive" aria-atomic="true">
      {errorList.length > 0 && (
        <div
          key={shipping.refusals}
          className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">
            {t(
              '{count, plural, one {One field needs your attention:} other {# fields need your attention:}}',
              { count: errorList.length },
            )}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {errorList.map(([name, message]) => (
              <li key={name}>
                <a
                  href={`#${shipping.formId}-${name}`}
                  onClick={(e) => {
                    e.preventDefault()
                    shipping.focusField(name)
                  }}
                  className="underline"
                >
                  {t(message)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
