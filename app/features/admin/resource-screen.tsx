import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { z } from 'zod'
import { imageAt } from '../../../contracts/images.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, useAdmin } from './admin-api.ts'
import { type FieldSpec, type FormValues, ResourceForm } from './resource-form.tsx'
import { Button, ConfirmButton, Loading, LoadProblem, PageTitle } from './ui.tsx'

export type Row = Record<string, unknown> & { id: string }

export type ResourceConfig = {
  title: string
  intro: string
  /** API list under /api/v1/admin. */
  path: string
  /** Singular noun staff read ("category"). */
  noun: string
  schema: z.ZodType
  fields: FieldSpec[]
  blank: FormValues
  toForm(row: Row): FormValues
  summary(row: Row): { title: string; lines?: ReactNode[]; picture?: string | null }
  /** Only rows this screen shows (e.g. one kind of policy). */
  filter?(row: Row): boolean
}

/** A list the staff keep by hand: every row as a card, add and edit in a form, delete after asking. */
export function ResourceScreen({ config, heading = true }: { config: ResourceConfig; heading?: boolean }) {
  const list = useAdmin<Row[]>(`/${config.path}`)
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const rows = (list.data ?? []).filter(config.filter ?? (() => true))

  const form =
    editing === null ? null : (
      <section
        aria-label={editing === 'new' ? `New ${config.noun}` : `Edit ${config.noun}`}
        className="mb-6 rounded-lg border border-brand-200 bg-white p-4 shadow-sm"
      >
        <h2 className="mb-3 text-lg font-bold text-brand-800">
          {editing === 'new' ? `New ${config.noun}` : `Edit ${config.noun}`}
        </h2>
        <ResourceForm
          key={editing === 'new' ? 'new' : editing.id}
          fields={config.fields}
          schema={config.schema}
          initial={editing === 'new' ? config.blank : config.toForm(editing)}
          submitLabel={editing === 'new' ? `Add ${config.noun}` : 'Save changes'}
          onCancel={() => setEditing(null)}
          onSubmit={async (body) => {
            const r =
              editing === 'new'
                ? await adminSend(`/${config.path}`, 'POST', body)
                : await adminSend(`/${config.path}/${editing.id}`, 'PUT', body)
            toast.success(r.message === 'Saved' ? `${capital(config.noun)} saved` : r.message)
            setEditing(null)
            await refresh()
          }}
        />
      </section>
    )

  return (
    <div>
      {heading ? (
        <PageTitle
          title={config.title}
          intro={config.intro}
          action={
            <Button tone="primary" onClick={() => setEditing('new')}>
              + Add {config.noun}
            </Button>
          }
        />
      ) : (
        <div className="mb-3">
          <Button tone="primary" onClick={() => setEditing('new')}>
            + Add {config.noun}
          </Button>
        </div>
      )}
      {form}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.isSuccess && rows.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          Nothing here yet.
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {rows.map((row) => {
          const s = config.summary(row)
          return (
            <li key={row.id} className="flex gap-3 rounded-lg border border-brand-200 bg-white p-3">
              {s.picture ? (
                <img src={imageAt(s.picture, 200)} alt="" className="size-16 shrink-0 rounded object-cover" />
              ) : null}
              <div className="min-w-0 flex-1">
                <h3 className="break-words font-semibold">{s.title}</h3>
                {(s.lines ?? []).map((l, i) => (
                  <div key={i} className="break-words text-sm text-ink/75">
                    {l}
                  </div>
                ))}
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button small onClick={() => setEditing(row)} label={`Edit ${s.title}`}>
                    Edit
                  </Button>
                  <ConfirmButton
                    question={`Delete this ${config.noun}?`}
                    detail={`“${s.title}” will be removed from the shop. This cannot be undone.`}
                    confirmLabel="Yes, delete"
                    onConfirm={async () => {
                      try {
                        await adminSend(`/${config.path}/${row.id}`, 'DELETE')
                        toast.success(`${capital(config.noun)} deleted`)
                        await refresh()
                      } catch (err) {
                        toast.error(problemText(err), { duration: 8000 })
                      }
                    }}
                  >
                    Delete
                  </ConfirmButton>
                </div>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
