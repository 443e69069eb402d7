import { addressFields } from '../../../contracts/accounts.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import {
  formText,
  invalidBodyText,
  readPageForm,
  refusalStatus,
  refusedForm,
  seeOther,
} from '../../lib/shop-form.server.ts'
import { signInHref } from '../../lib/sign-in-return.ts'
import { type AddressForm, type AddressRefusal, addressNotice, addressSavedParam } from './address-dialog.tsx'

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
 * The address book's plain forms, sent before the page's code has run (decisions 126, 127): a new address,
 * an edited one (`intent=update` with its `addressId`) and a deletion (`intent=delete`), with the same rules
 * and service as POST /adress/add, PATCH /adress/update and DELETE /adress/delete. Done, the book comes back
 * saying so; a refused address comes back open in its form with the server's reason and what was typed.
 */
export async function addressFromForm(request: Request, ctx: AppLoadContext) {
  const { t } = ctx.i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Saving an address works only from the shop's own pages."),
    notAForm: t('Send the address form as the page does.'),
  })
  if (!ctx.viewer) return seeOther(signInHref('/Address'))
  const intent = form.get('intent')
  const rawId = form.get('addressId')
  const addressId = typeof rawId === 'string' && rawId.length <= 64 ? rawId : ''
  if (intent === 'delete') {
    try {
      await ctx.services.addresses.remove(ctx.viewer.id, addressId)
    } catch (err) {
      if (refusalStatus(err) === null) throw err
      return seeOther(`/Address?${addressSavedParam}=${addressNotice.notDeleted}`)
    }
    return seeOther(`/Address?${addressSavedParam}=${addressNotice.deleted}`)
  }
  const editing = intent === 'update' && addressId ? addressId : null
  const typed = Object.fromEntries(fields.map((k) => [k, formText(form, k)])) as AddressForm
  const refused = (status: number, error: string) =>
    refusedForm<AddressRefusal>(status, { error, typed, editing })
  const body = addressFields.safeParse(typed)
  if (!body.success) {
    return refused(400, invalidBodyText(body.error))
  }
  try {
    if (editing) await ctx.services.addresses.update(ctx.viewer.id, editing, body.data)
    else await ctx.services.addresses.add(ctx.viewer.id, body.data)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    return refused(status, (err as Error).message)
  }
  return seeOther(`/Address?${addressSavedParam}=${editing ? addressNotice.updated : addressNotice.added}`)
}
