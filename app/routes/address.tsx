import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { AddressLines } from '../features/account/address-card.tsx'
import {
  AddressDialog,
  type AddressForm,
  addressNotice,
  addressSavedParam,
} from '../features/account/address-dialog.tsx'
import { addressFromForm } from '../features/account/address-form.server.ts'
import { addressMessages } from '../features/account/messages.ts'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { type Address, addressesKey, dashboardKey, useAddresses } from '../lib/account-api.ts'
import { ApiError, api } from '../lib/api.ts'
import { appLoadContext } from '../lib/context.ts'
import { useQueryClient } from '../lib/query.ts'
import { getUserId } from '../lib/session.ts'
import { toast } from '../lib/toast.tsx'
import type { Route } from './+types/address'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Address book')} | ${shopName}` },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  return { addresses: viewer ? await services.addresses.list(viewer.id) : null }
}

/** An address added, edited or deleted before the page's code ran (decisions 126, 127): done and back here, or the form again. */
export async function action({ request, context }: Route.ActionArgs) {
  return addressFromForm(request, appLoadContext(context))
}

export default function AddressBook({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const dialogId = useId()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const { data: addresses, isPending } = useAddresses(loaderData.addresses)
  // Edit and Delete sent before the page's code ran ask for `?edit=` or `?delete=` an address (decision 127).
  const chooseFormId = `${dialogId}-choose`
  const byId = (id: string | null | undefined) =>
    (id && loaderData.addresses?.find((a) => a._id === id)) || null
  const editFromServer = byId(actionData ? actionData.editing : params.get('edit'))
  const deleteFromServer = actionData ? null : byId(params.get('delete'))
  const [open, setOpen] = useState(Boolean(actionData) || Boolean(editFromServer))
  const [editing, setEditing] = useState<Address | null>(editFromServer)
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState<Address | null>(deleteFromServer)
  const notice = params.get(addressSavedParam)

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: addressesKey }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ])

  const save = async (form: AddressForm) => {
    setSaving(true)
    try {
      if (editing) {
        await api(`/adress/update?addressId=${encodeURIComponent(editing._id)}`, {
          method: 'PATCH',
          body: form,
          auth: true,
        })
        toast.success(t(addressMessages.updated))
      } else {
        await api('/adress/add', {
          method: 'POST',
          body: { ...form, userId: getUserId() ?? undefined },
          auth: true,
        })
        toast.success(t(addressMessages.added))
      }
      setOpen(false)
      setEditing(null)
      await refresh()
    } catch (err) {
      if (err instanceof ApiError) {
        const serverMessage = (err.body as { message?: string } | null)?.message
        toast.warning(serverMessage || t(addressMessages.saveProblem))
      } else toast.error(t(addressMessages.unexpected))
    } finally {
      setSaving(false)
    }
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await api(`/adress/delete?id=${encodeURIComponent(target._id)}`, { method: 'DELETE', auth: true })
      toast.success(t(addressMessages.deleted))
      await refresh()
    } catch (err) {
      console.error(err)
      toast.error(t(err instanceof ApiError ? addressMessages.deleteFailed : addressMessages.deleteError))
    }
  }

  return (
    <section className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-2xl font-bold text-brand-800">{t('Address Book')}</h1>
        <button
          type="button"
          // Opens the form before the page's code runs, too.
          commandfor={dialogId}
          command="show-modal"
          onClick={() => {
            setEditing(null)
            setOpen(true)
          }}
          className="rounded bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          + {t('Add New Address')}
        </button>
      </div>

      {notice === addressNotice.added ||
      notice === addressNotice.updated ||
      notice === addressNotice.deleted ? (
        <p
          role="status"
          className="mt-4 rounded border border-leaf bg-green-50 px-3 py-2 text-sm font-semibold"
        >
          {t(addressMessages[notice])}
        </p>
      ) : notice === addressNotice.notDeleted ? (
        <p
          role="alert"
          className="mt-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold"
        >
          {t(addressMessages.deleteFailed)}
        </p>
      ) : null}
      <form id={chooseFormId} method="get" action="/Address" hidden />
      {isPending && !addresses ? (
        <p className="mt-6">{t('Loading...')}</p>
      ) : addresses && addresses.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {addresses.map((a) => (
            <li
              key={a._id}
              className="rounded-lg border border-brand-100 bg-brand-50/40 p-4 text-sm"
              data-testid="address-card"
            >
              <span className="mb-2 inline-block rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {t(a.addressType)}
              </span>
              <AddressLines address={a} />
              <div className="mt-3 flex gap-2">
                <button
                  type="submit"
                  form={chooseFormId}
                  name="edit"
                  value={a._id}
                  onClick={(e) => {
                    e.preventDefault()
                    setEditing(a)
                    setOpen(true)
                  }}
                  className="rounded border border-brand-600 px-4 py-1.5 font-semibold text-brand-700 hover:bg-white"
                  aria-label={t('Edit address of {name}, {city}', { name: a.fullName, city: a.city })}
                >
                  {t('Edit')}
                </button>
                <button
                  type="submit"
                  form={chooseFormId}
                  name="delete"
                  value={a._id}
                  onClick={(e) => {
                    e.preventDefault()
                    setDeleting(a)
                  }}
                  className="rounded border border-red-700 px-4 py-1.5 font-semibold text-red-700 hover:bg-white"
                  aria-label={t('Delete address of {name}, {city}', { name: a.fullName, city: a.city })}
                >
                  {t('Delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-ink/80">{t('No saved addresses yet.')}</p>
      )}

      <AddressDialog
        id={dialogId}
        open={open}
        refused={actionData}
        serverOpen={Boolean(editFromServer)}
        editing={editing}
        saving={saving}
        onSave={save}
        onClose={() => {
          setOpen(false)
          setEditing(null)
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t(addressMessages.confirmTitle)}
        text={t(addressMessages.confirmText)}
        confirmLabel={t(addressMessages.confirmButton)}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        plainForm={{
          fields: { intent: 'delete', addressId: deleting?._id ?? '' },
          cancelTo: '/Address',
          serverOpen: Boolean(deleteFromServer),
        }}
      />
    </section>
  )
}
