import { addressFields } from '../../../contracts/accounts.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import { readPageForm, refusalStatus, refusedForm, seeOther } from '../../lib/shop-form.server.ts'
import { signInHref } from '../../lib/sign-in-return.ts'
import { type AddressForm, addressSavedParam } from './address-dialog.tsx'

const fields = [
  'fullName',
  'phoneNumber',
  'streetAddress',
  'city',
  'state',
  'postalCode',
  'country',
  'addressType',
] as const satisfies ReadonlyArray<keyof AddressForm>

/**
 * A new address sent as a plain form, before the page's code has run (decision 126): the same rules and
 * service as POST /api/v1/adress/add. Saved, the address book comes back saying so; refused, the form comes
 * back open with the server's reason and what was typed.
 */
export async function addressFromForm(request: Request, ctx: AppLoadContext) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Saving an address works only from the shop's own pages."),
    notAForm: t('Send the address form as the page does.'),
  })
  if (!ctx.viewer) return seeOther(signInHref('/Address'))
  const typed = Object.fromEntries(
    fields.map((k) => {
      const v = form.get(k)
      return [k, typeof v === 'string' ? v : '']
    }),
  ) as AddressForm
  const refused = (status: number, error: string) => refusedForm(status, { error, typed })
  const body = addressFields.safeParse(typed)
  if (!body.success) {
    const [issue] = body.error.issues
    // The API's words for the first field at fault, as the page's code shows them.
    return refused(
      400,
      `Invalid body: ${String(issue?.path[0] ?? 'request')} ${issue?.message ?? 'is invalid'}`,
    )
  }
  try {
    await ctx.services.addresses.add(ctx.viewer.id, body.data)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    return refused(status, (err as Error).message)
  }
  return seeOther(`/Address?${addressSavedParam}=added`)
}
